import { useTranslation } from 'react-i18next';
import { BALANCE_STAKE_MULTIPLIER } from '@svara/core';
import { toCents, useFormatUsd } from '../../lib/money';
import { Button } from '../../ui/Button';
import { SeatIcon } from '../../ui/icons';

/** A spectator's bar: what is going on, and sitting down with the price said up front (the ante). */
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
  const usd = useFormatUsd();
  return (
    <div className="flex items-center gap-2 px-3 pt-2" data-testid="spectator-bar">
      <div className="flex h-12 min-w-0 flex-1 items-center justify-center rounded-2xl bg-black/25 px-2 text-center text-sm text-cream/70">
        {note}
      </div>
      {canSit ? (
        <Button size="lg" onClick={onSit} data-testid="sit-down">
          <SeatIcon className="h-5 w-5 shrink-0" />
          <span className="flex flex-col text-left leading-tight">
            <span>{t('game.sitDownFor', { ante: usd(stake, { cents: 'trim' }) })}</span>
            <span className="text-[11px] font-semibold opacity-75" data-testid="sit-down-needed">
              {t('game.balanceNeeded', {
                amount: usd((toCents(stake) * BALANCE_STAKE_MULTIPLIER) / 100, { cents: 'trim' }),
              })}
            </span>
          </span>
        </Button>
      ) : null}
    </div>
  );
}
