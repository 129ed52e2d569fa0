/**
 * Register asks once (RULES §9): what it takes (buy-in and fee, and their sum), that it all comes back
 * on unregistering before the start, and that the start takes the player to the table. A refusal is
 * said here in the catalogue's words; too little money offers a deposit (never for play chips, which
 * are not bought, RULES §8).
 */
import { useTranslation } from 'react-i18next';
import type { TournamentSummary } from '@svara/core';
import { navigate } from '../../app/navigation';
import { useFormatAmount } from '../../lib/money';
import { entryCost } from '../../tournaments/prizes';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';

export type Refusal = { code: string; text: string };

export function RegisterSheet({
  tournament: s,
  busy,
  refusal,
  onConfirm,
  onClose,
}: {
  tournament: TournamentSummary | null;
  busy: boolean;
  refusal: Refusal | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const amount = useFormatAmount(s?.currency ?? 'usd');
  if (!s) return null;
  const total = amount(entryCost(s.buyIn, s.fee));
  const chips = s.currency === 'chips';
  const short = refusal?.code === 'insufficientBalance';
  return (
    <Sheet
      open
      onClose={onClose}
      title={t('tournaments.confirmTitle', { name: s.name })}
      testId="register-sheet"
    >
      <div className="flex flex-col gap-3 text-sm text-cream/85">
        <p data-testid="register-cost">
          {t(chips ? 'tournaments.confirmCostChips' : 'tournaments.confirmCost', {
            buyIn: amount(s.buyIn),
            fee: amount(s.fee),
            total,
          })}
        </p>
        <p>{t('tournaments.confirmRefund')}</p>
        <p>{t('tournaments.confirmStart', { count: s.size })}</p>
        {refusal ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-2xl border border-lose/40 bg-lose/10 px-3 py-2 text-rose-100"
            data-testid="register-refusal"
            data-code={refusal.code}
          >
            <span>{refusal.text}</span>
            {short && !chips ? (
              <Button size="sm" onClick={() => navigate({ name: 'deposit' })} data-testid="register-deposit">
                {t('tournaments.deposit')}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-col gap-2 pt-1">
          <Button
            size="lg"
            block
            disabled={busy || refusal !== null}
            onClick={onConfirm}
            data-testid="register-confirm"
          >
            {t('tournaments.confirm', { total })}
          </Button>
          <Button variant="dark" block onClick={onClose} data-testid="register-cancel">
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
