import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { protection, refreshProtection } from '../../protection/store';
import { activeExclusion } from '../../protection/format';
import { formatDate } from '../../lib/dates';

const START_UP_FRESH_MS = 5_000;

/**
 * A cool-off or self-exclusion in force, on the lobby like the suspension notice: the
 * player sees why sitting, creating rooms and deposits are refused, and until when. The state is
 * read again on every lobby visit and when the app comes back into view, so a break started on
 * another device shows here too.
 */
export function ExclusionNotice() {
  const { t, i18n } = useTranslation();
  const exclusion = activeExclusion(useStore(protection));
  useEffect(() => {
    // Just read at start-up: not again at once.
    void refreshProtection(START_UP_FRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refreshProtection();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  if (!exclusion) return null;
  return (
    <div
      className="flex flex-col gap-1 rounded-2xl border border-amber-400/40 bg-amber-950/70 px-4 py-3 text-sm text-cream"
      role="alert"
      data-testid="exclusion-notice"
      data-kind={exclusion.kind}
    >
      <span className="font-semibold">{t('protection.notice.title')}</span>
      <span>
        {t(`protection.notice.${exclusion.kind}`, { date: formatDate(exclusion.until, i18n.language) })}
      </span>
    </div>
  );
}
