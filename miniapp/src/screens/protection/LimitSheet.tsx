import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitRequest, LimitState, Protection } from '@svara/core';
import { MAX_SESSION_LIMIT_MINUTES } from '@svara/core';
import { setLimit } from '../../protection/api';
import { formatDate } from '../../lib/dates';
import { errorText } from '../../i18n';
import { ApiError } from '../../api/http';
import { filterStakeInput } from '../../lib/validation';
import { formatMoney } from '../../lib/money';
import { Sheet } from '../../ui/Sheet';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** Which limit is being edited: a deposit or loss limit of a period, or the session minutes. */
export type LimitTarget =
  | { kind: 'deposit'; period: 'daily' | 'weekly' | 'monthly' }
  | { kind: 'loss'; period: 'daily' | 'weekly' }
  | { kind: 'session' };

/**
 * One limit's editor: an amount (dollars, or minutes for the session), Save, and Remove when set.
 * Lowering applies at once; raising or removing after 24 hours (the server decides, the sheet says
 * which happened).
 */
export function LimitSheet({
  target,
  state,
  onClose,
  onSaved,
}: {
  target: LimitTarget;
  state: LimitState;
  onClose: () => void;
  onSaved: (p: Protection, note: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const minutes = target.kind === 'session';
  const initial = state.amount === null ? '' : minutes ? String(state.amount) : formatMoney(state.amount);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title =
    target.kind === 'session'
      ? `${t('protection.kinds.session')} · ${t('protection.perDay')}`
      : `${t(`protection.kinds.${target.kind}`)} · ${t(`protection.periods.${target.period}`)}`;

  function request(amount: number | null): LimitRequest {
    if (target.kind === 'session') return { kind: 'session', amount };
    if (target.kind === 'loss') return { kind: 'loss', period: target.period, amount };
    return { kind: 'deposit', period: target.period, amount };
  }

  async function save(amount: number | null) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await setLimit(request(amount));
      const now =
        target.kind === 'session'
          ? next.limits.sessionMinutes
          : target.kind === 'loss'
            ? next.limits.loss[target.period]
            : next.limits.deposit[target.period];
      const note = now.pending
        ? t('protection.edit.appliesLater', { date: formatDate(now.pending.effectiveAt, i18n.language) })
        : t('protection.edit.appliedNow');
      onSaved(next, note);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code !== 'unknown_error'
          ? errorText(err.code, err.message)
          : t('protection.saveError'),
      );
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    const value = Number(text.replace(',', '.'));
    if (minutes) {
      if (!Number.isInteger(value) || value < 1 || value > MAX_SESSION_LIMIT_MINUTES)
        return setError(t('protection.edit.invalidMinutes'));
    } else if (!Number.isFinite(value) || value <= 0) {
      return setError(t('protection.edit.invalid'));
    }
    void save(value);
  }

  return (
    <Sheet open onClose={onClose} title={title} testId="limit-sheet">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col gap-1.5 text-sm text-[var(--hint)]">
          {minutes ? t('protection.edit.minutes') : t('protection.edit.amount')}
          <input
            inputMode={minutes ? 'numeric' : 'decimal'}
            autoFocus
            value={text}
            onChange={(e) => {
              setError(null);
              setText(
                minutes
                  ? e.target.value.replace(/\D/g, '').slice(0, 4)
                  : filterStakeInput(e.target.value, text),
              );
            }}
            className="h-12 rounded-xl border border-gold-400/30 bg-black/30 px-3 text-lg text-cream outline-none focus:border-gold-400"
            data-testid="limit-input"
          />
        </label>
        <p className="text-xs text-[var(--hint)]">{t('protection.edit.rule')}</p>
        {error ? (
          <p className="text-sm text-red-300" role="alert" data-testid="limit-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" block size="lg" disabled={busy || text === ''} data-testid="limit-save">
          {busy ? <Spinner className="h-5 w-5" /> : null}
          {t('protection.edit.save')}
        </Button>
        {state.amount !== null && !(state.pending && state.pending.amount === null) ? (
          <Button
            type="button"
            block
            variant="outline"
            disabled={busy}
            onClick={() => void save(null)}
            data-testid="limit-remove"
          >
            {t('protection.edit.remove')}
          </Button>
        ) : null}
      </form>
    </Sheet>
  );
}
