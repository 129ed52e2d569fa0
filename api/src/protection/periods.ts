/**
 * The calendar periods of the limits and of "my activity", in UTC: a day starts at midnight, a week
 * on Monday, a month on its first day. A limit reached "until the period ends" ends at the next start.
 */
export type Period = 'daily' | 'weekly' | 'monthly';
export type ActivityPeriod = 'day' | 'week' | 'month';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the period holding `at`. */
export function periodStart(period: Period, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'daily') return new Date(day);
  if (period === 'weekly') {
    // getUTCDay: Sunday 0 … Saturday 6; Monday starts the week.
    const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
    return new Date(day - sinceMonday * DAY_MS);
  }
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The start of the next period after the one holding `at` (when a reached limit lets go). */
export function periodEnd(period: Period, at: Date): Date {
  const start = periodStart(period, at);
  if (period === 'daily') return new Date(start.getTime() + DAY_MS);
  if (period === 'weekly') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

export const ACTIVITY_TO_PERIOD: Record<ActivityPeriod, Period> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
};

/** The starts of the `count` periods up to the one holding `at`, newest first. */
export function recentPeriodStarts(period: Period, at: Date, count: number): Date[] {
  const starts: Date[] = [];
  let start = periodStart(period, at);
  for (let i = 0; i < count; i++) {
    starts.push(start);
    start = periodStart(period, new Date(start.getTime() - 1));
  }
  return starts;
}

/** Cool-off and self-exclusion lengths: the end of one that starts at `from`. */
export function exclusionUntil(duration: '24h' | '7d' | '30d' | '6m' | '1y' | '5y', from: Date): Date {
  const t = from.getTime();
  switch (duration) {
    case '24h':
      return new Date(t + DAY_MS);
    case '7d':
      return new Date(t + 7 * DAY_MS);
    case '30d':
      return new Date(t + 30 * DAY_MS);
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '5y':
      return addMonths(from, 60);
  }
}

function addMonths(from: Date, months: number): Date {
  const to = new Date(from.getTime());
  to.setUTCMonth(to.getUTCMonth() + months);
  return to;
}
