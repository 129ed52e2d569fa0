import { useTranslation } from 'react-i18next';
import type { RealityCheckEvent } from '@svara/core';
import { useFormatUsd } from '../../lib/money';
import { Sheet } from '../../ui/Sheet';
import { Button } from '../../ui/Button';

/** "1 h 05 min" / "1 ч 05 мин", or "45 min" under an hour. */
export function playedTime(minutes: number, lang: string): string {
  const m = Math.max(0, Math.floor(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  const [hu, mu] = lang === 'en' ? ['h', 'min'] : ['ч', 'мин'];
  return h === 0 ? `${rest}\u00a0${mu}` : `${h}\u00a0${hu} ${String(rest).padStart(2, '0')}\u00a0${mu}`;
}

/**
 * The reality check at the table: time played and the net result this session, with
 * "continue" and "leave the table".
 */
export function RealityCheckSheet({
  check,
  onContinue,
  onLeave,
}: {
  check: RealityCheckEvent | null;
  onContinue: () => void;
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation();
  const usd = useFormatUsd();
  if (!check) return null;
  const net = check.net > 0 ? `+${usd(check.net)}` : usd(check.net);
  return (
    <Sheet
      open
      onClose={onContinue}
      title={t('protection.realityCheck.sheetTitle')}
      testId="reality-check-sheet"
    >
      <div className="flex flex-col gap-3">
        <p className="text-center text-cream" data-testid="reality-check-played">
          {t('protection.realityCheck.played', { time: playedTime(check.playedMinutes, i18n.language) })}
        </p>
        <div className="rounded-2xl bg-black/30 px-4 py-3 text-center">
          <div className="text-xs text-[var(--hint)]">{t('protection.realityCheck.net')}</div>
          <div
            className={`text-2xl font-bold tabular-nums ${check.net > 0 ? 'text-green-300' : check.net < 0 ? 'text-red-300' : 'text-cream'}`}
            data-testid="reality-check-net"
          >
            {net}
          </div>
        </div>
        <Button block size="lg" onClick={onContinue} data-testid="reality-check-continue">
          {t('protection.realityCheck.continue')}
        </Button>
        <Button block variant="outline" onClick={onLeave} data-testid="reality-check-leave">
          {t('protection.realityCheck.leave')}
        </Button>
      </div>
    </Sheet>
  );
}
