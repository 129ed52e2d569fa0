import { useTranslation } from 'react-i18next';
import { BALANCE_STAKE_MULTIPLIER } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { toCents } from '../../lib/money';
import { useTableAmount, useTableCurrency } from '../../lib/table-currency';
import { canAffordStakeCents } from '../../lib/validation';
import { Button } from '../../ui/Button';
import { SeatIcon } from '../../ui/icons';

/**
 * A spectator's bar: what is going on, and sitting down with the price said up front (the ante).
 * The balance a seat needs (SPEC §11: ten stakes) is said only when the player's falls short, and
 * then the button is off.
 */
export function SpectatorBar({
  note,
  stake,
  canSit,
  onSit,
}: {
  note: string;
  stake: number;
  canSit: boolean;
  onSit: () => void;
}) {
  const { t } = useTranslation();
  const usd = useTableAmount();
  const me = useStore(profile);
  // The profile's balance is in dollars: at a practice table (RULES §8) the chips decide, and the
  // server answers a seat the chips cannot pay for with its own refusal.
  const affordable = useTableCurrency() === 'chips' || canAffordStakeCents(me?.balance ?? 0, toCents(stake));
  return (
    <div className="flex items-center gap-2 px-3 pt-2" data-testid="spectator-bar">
      <div className="flex h-12 min-w-0 flex-1 items-center justify-center rounded-2xl bg-black/25 px-2 text-center text-sm text-cream/70">
        {note}
      </div>
      {canSit ? (
        <Button
          size="lg"
          variant={affordable ? 'gold' : 'dark'}
          disabled={!affordable}
          onClick={onSit}
          data-testid="sit-down"
        >
          <SeatIcon className="h-5 w-5 shrink-0" />
          <span className="flex flex-col text-left leading-tight">
            <span>{t('game.sitDownFor', { ante: usd(stake) })}</span>
            {affordable ? null : (
              <span className="text-[11px] font-semibold opacity-75" data-testid="sit-down-needed">
                {t('game.balanceNeeded', {
                  amount: usd((toCents(stake) * BALANCE_STAKE_MULTIPLIER) / 100),
                })}
              </span>
            )}
          </span>
        </Button>
      ) : null}
    </div>
  );
}
