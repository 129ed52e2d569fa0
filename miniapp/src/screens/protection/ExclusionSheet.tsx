import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExclusionKind, ExclusionRequest, Protection } from '@svara/core';
import { COOL_OFF_DURATIONS, SELF_EXCLUSION_DURATIONS } from '@svara/core';
import { startExclusion } from '../../protection/api';
import { formatDate } from '../../lib/dates';
import { ApiError } from '../../api/http';
import { errorText } from '../../i18n';
import { Sheet } from '../../ui/Sheet';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';

type Duration = ExclusionRequest['duration'];

const DAY = 24 * 60 * 60 * 1000;

/** When a break of `duration` started now would end (what the confirmation states; the server decides). */
export function breakEnd(duration: Duration, now: number): Date {
  const d = new Date(now);
  switch (duration) {
    case '24h':
      return new Date(now + DAY);
    case '7d':
      return new Date(now + 7 * DAY);
    case '30d':
      return new Date(now + 30 * DAY);
    case '6m':
      d.setUTCMonth(d.getUTCMonth() + 6);
      return d;
    case '1y':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      return d;
    case '5y':
      d.setUTCFullYear(d.getUTCFullYear() + 5);
      return d;
  }
}

/**
 * A cool-off or a self-exclusion: the length, what it means (no seat, no room, no deposit on any
 * device; withdrawals work; no news from the bot) and that it cannot be undone early, confirmed by
 * ticking that the player understands.
 */
export function ExclusionSheet({
  kind,
  onClose,
  onStarted,
}: {
  kind: ExclusionKind;
  onClose: () => void;
  onStarted: (p: Protection) => void;
}) {
  const { t, i18n } = useTranslation();
  const durations: readonly Duration[] = kind === 'cool_off' ? COOL_OFF_DURATIONS : SELF_EXCLUSION_DURATIONS;
  const [duration, setDuration] = useState<Duration>(durations[0]!);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kindLabel = t(
    kind === 'cool_off' ? 'protection.exclusion.coolOff' : 'protection.exclusion.selfExclusion',
  );

  async function confirm() {
    if (busy || !understood) return;
    setBusy(true);
    setError(null);
    try {
      const request = (kind === 'cool_off' ? { kind, duration } : { kind, duration }) as ExclusionRequest;
      onStarted(await startExclusion(request));
    } catch (err) {
      setError(
        err instanceof ApiError && err.code !== 'unknown_error'
          ? errorText(err.code, err.message)
          : t('protection.saveError'),
      );
      setBusy(false);
    }
  }

  return (
    <Sheet
      open
      onClose={onClose}
      title={t('protection.exclusion.confirmTitle', {
        kind: kindLabel,
        duration: t(`protection.exclusion.durations.${duration}`),
      })}
      testId="exclusion-sheet"
    >
      <div className="flex flex-col gap-3" data-kind={kind}>
        <Segmented
          kind="choice"
          options={durations}
          value={duration}
          onChange={setDuration}
          label={(d) => t(`protection.exclusion.durations.${d}`)}
          testId={(d) => `exclusion-duration-${d}`}
          className="grid grid-cols-3 gap-2"
        />
        <p className="text-sm text-cream/90" data-testid="exclusion-means">
          {t('protection.exclusion.means', {
            date: formatDate(breakEnd(duration, Date.now()).toISOString(), i18n.language),
          })}
        </p>
        <p className="text-sm font-semibold text-red-300" data-testid="exclusion-final">
          {t('protection.exclusion.final')}
        </p>
        <label className="flex items-start gap-3 text-sm text-cream">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-[#d4a73a]"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
            data-testid="exclusion-understand"
          />
          <span>{t('protection.exclusion.understand')}</span>
        </label>
        {error ? (
          <p className="text-sm text-red-300" role="alert" data-testid="exclusion-error">
            {error}
          </p>
        ) : null}
        <Button
          block
          size="lg"
          variant="red"
          disabled={!understood || busy}
          onClick={() => void confirm()}
          data-testid="exclusion-confirm"
        >
          {busy ? <Spinner className="h-5 w-5" /> : null}
          {t('protection.exclusion.confirm')}
        </Button>
        <Button block variant="ghost" onClick={onClose} data-testid="exclusion-cancel">
          {t('protection.exclusion.cancel')}
        </Button>
      </div>
    </Sheet>
  );
}
