import type { ReactNode } from 'react';
import type { TournamentFrame } from '@svara/core';
import { useTranslation } from 'react-i18next';
import { useTableAmount } from '../../lib/table-currency';
import { LockIcon, MenuIcon } from '../../ui/icons';
import { PracticeMark } from './PracticeMarks';
import { TournamentLine } from './TournamentLine';

/**
 * The room's short id, its stake, the viewer's balance when seated, and the menu button; under them
 * at a practice table its mark, "Practice · play chips"; at a Sit & Go's its line (RULES §9).
 */
export function RoomHeader({
  roomId,
  isPrivate = false,
  practice = false,
  stake,
  balance,
  onMenu,
  fairness = null,
  tournament = null,
}: {
  roomId: string;
  isPrivate?: boolean;
  /** A practice table (RULES §8): marked as such, so nobody takes its chips for money. */
  practice?: boolean;
  stake: number;
  balance: number | null;
  onMenu: () => void;
  /** The fairness badge (fairness/FairnessBadge.tsx), before the menu button. */
  fairness?: ReactNode;
  /** The frame's `tournament`: level, antes, players left and prizes. */
  tournament?: TournamentFrame | null;
}) {
  const { t } = useTranslation();
  const usd = useTableAmount();
  return (
    <header className="px-4 py-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <div
            className="flex items-center gap-1 font-mono text-sm font-semibold text-cream/85"
            data-testid="room-header-id"
          >
            {isPrivate ? (
              <span title={t('lobby.privateRoom')} data-testid="room-lock">
                <LockIcon className="h-3.5 w-3.5 text-gold-400" />
              </span>
            ) : null}
            #{roomId.slice(0, 8)}
          </div>
          <div className="truncate text-xs text-[var(--hint)]" data-testid="room-stake">
            {t('game.stake')}{' '}
            {/* Shortened from $10,000, as at the seats: stakes go up to $1,000,000 (SPEC). */}
            <span className="font-semibold text-gold-300">{usd(stake, { compact: true })}</span>
          </div>
        </div>
        {balance !== null ? (
          <div
            className="rounded-full border border-gold-400/30 bg-black/30 px-3 py-1 text-sm font-bold tabular-nums text-gold-300"
            data-testid="my-balance"
          >
            {usd(balance)}
          </div>
        ) : null}
        {fairness}
        <button
          type="button"
          aria-label={t('game.settings')}
          onClick={onMenu}
          data-testid="room-menu"
          className="grid h-10 w-10 place-items-center rounded-full border border-gold-400/30 bg-felt-800 text-gold-300 active:scale-95"
        >
          <MenuIcon className="h-5 w-5" />
        </button>
      </div>
      {/* A row of its own, across the screen: beside the balance and the badges it would not fit at 360. */}
      {practice ? (
        <div className="mt-1 flex justify-center">
          <PracticeMark />
        </div>
      ) : null}
      {tournament ? <TournamentLine tournament={tournament} /> : null}
    </header>
  );
}
