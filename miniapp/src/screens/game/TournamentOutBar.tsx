/**
 * The bar of a player a Sit & Go is over for (RULES §9): out with their place (and prize), or the
 * winner, with the results a tap away. It stands where a spectator's Sit would: nobody sits down at a
 * tournament's table.
 */
import { useTranslation } from 'react-i18next';
import type { RoomCurrency } from '@svara/core';
import { useFormatAmount } from '../../lib/money';
import { Button } from '../../ui/Button';

export function TournamentOutBar({
  place,
  prize,
  currency,
  onResults,
}: {
  place: number;
  /** What the place paid, once known (`tournament_finished`); null before. */
  prize: number | null;
  currency: RoomCurrency;
  onResults: () => void;
}) {
  const { t } = useTranslation();
  const amount = useFormatAmount(currency);
  const ordinal = t(`tournaments.ordinal.${place}`);
  const text =
    place === 1
      ? t('tournaments.table.won')
      : prize
        ? t('tournaments.table.outPrize', { place: ordinal, prize: amount(prize) })
        : t('tournaments.table.out', { place: ordinal });
  return (
    <div className="flex items-center gap-2 px-3 pt-2" data-testid="tournament-out" data-place={place}>
      <div className="flex min-h-12 min-w-0 flex-1 items-center justify-center rounded-2xl border border-gold-400/30 bg-black/30 px-2 py-1 text-center text-sm font-semibold text-gold-100">
        {text}
      </div>
      <Button size="lg" onClick={onResults} data-testid="tournament-out-results">
        {t('tournaments.table.showResults')}
      </Button>
    </div>
  );
}
