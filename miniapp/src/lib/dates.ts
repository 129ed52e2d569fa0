/**
 * Every date the Mini App shows, in the player's language, from one place:
 *
 *   dateTime  en "Nov 27, 2026, 7:09 AM"   ru "27 нояб. 2026 г., 07:09"   (local time)
 *   day       en "Nov 26, 2026"            ru "26 нояб. 2026 г."          (a UTC day)
 *   month     en "November 2026"           ru "ноябрь 2026 г."            (a UTC month)
 *   time      en "3:05 PM"                 ru "15:05"                     (local time)
 *
 * English keeps SPEC §10's en-US style with a 12-hour clock; any other language reads as Russian.
 * An unreadable time is shown as it came.
 */
export type DateShape = 'dateTime' | 'day' | 'month' | 'time';

const OPTIONS: Record<DateShape, Intl.DateTimeFormatOptions> = {
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  day: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  time: { hour: 'numeric', minute: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(
  iso: string,
  lang: string,
  shape: DateShape = 'dateTime',
  timeZone?: string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = lang === 'en' ? 'en-US' : 'ru-RU';
  const key = `${locale} ${shape} ${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    const options = { ...OPTIONS[shape], ...(timeZone ? { timeZone } : {}) };
    if (shape === 'dateTime' || shape === 'time')
      Object.assign(options, lang === 'en' ? { hour12: true } : { hour: '2-digit', hour12: false });
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format.format(date);
}
