/**
 * A Sit & Go's line under the table's header (RULES §9): the level, the ante now and the next one
 * with the hands left until it, the players left, and the prizes. Ante in tournament chips (the
 * table's unit), prizes in the tournament's own currency.
 */
import { useTranslation } from 'react-i18next';
import type { TournamentFrame } from '@svara/core';
import { useFormatAmount } from '../../lib/money';
import { useTableAmount } from '../../lib/table-currency';
import { TrophyIcon } from '../../ui/icons';

/** How many started: the players left and those out (the winner counted once when it is over). */
export function tournamentSize(t: TournamentFrame): number {
  const over = t.places.some((p) => p.place === 1);
  return over ? t.places.length : t.playersLeft + t.places.length;
}

function Piece({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <span className="whitespace-nowrap" data-testid={testId}>
      {children}
    </span>
  );
}

export function TournamentLine({ tournament: tt }: { tournament: TournamentFrame }) {
  const { t } = useTranslation();
  const chips = useTableAmount();
  const prize = useFormatAmount(tt.currency);
  const paid = tt.prizes.filter((p) => p > 0);
  return (
    <div
      className="mt-1 flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-2xl border border-gold-400/25 bg-black/30 px-2 py-1 text-[11px] leading-4 text-cream/85"
      data-testid="tournament-line"
      data-level={tt.level}
    >
      <TrophyIcon aria-hidden className="h-3.5 w-3.5 shrink-0 text-gold-400" />
      <Piece testId="tournament-level">
        <b className="text-gold-200">{t('tournaments.table.level', { level: tt.level })}</b>
      </Piece>
      <Piece testId="tournament-ante">{t('tournaments.table.ante', { ante: chips(tt.ante) })}</Piece>
      <Piece testId="tournament-next">
        → {t('tournaments.table.next', { ante: chips(tt.nextAnte), count: tt.handsToNextLevel })}
      </Piece>
      <Piece testId="tournament-left">
        {t('tournaments.table.left', { left: tt.playersLeft, size: tournamentSize(tt) })}
      </Piece>
      <Piece testId="tournament-prizes">
        {paid.map((p, i) => `${t(`tournaments.ordinal.${i + 1}`)} ${prize(p)}`).join(' · ')}
      </Piece>
    </div>
  );
}
