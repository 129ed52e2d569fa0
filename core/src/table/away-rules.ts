/** Who is away and when an away player loses the seat (RULES §6); read-only, like svara-rules.ts. */
import { AWAY_HANDS_LIMIT, TIMINGS } from '../protocol/constants.js';
import { playerIndex } from './draft.js';
import type { Seat, TableState } from './types.js';

/** A seat persisted before `awaySince` existed reads as present. */
export function isAway(seat: Seat): boolean {
  return typeof seat.awaySince === 'number';
}

/** States persisted before `awayMs` existed use the rule's five minutes. */
export function awayMsOf(s: TableState): number {
  return s.timings.awayMs ?? TIMINGS.awayMs;
}

/**
 * A waiting table that cannot deal because fewer than two seated players can play (present, not on
 * their way out, balance at least S) while someone is away: the away players hold it.
 */
export function heldByAway(s: TableState): boolean {
  if (s.tournament) return false;
  if (s.status !== 'waiting' || !s.seats.some(isAway)) return false;
  const able = s.seats.filter((seat) => !seat.leaving && !isAway(seat) && seat.balance >= s.stake);
  return able.length < 2;
}

/** How long a player may stay away: `awayMs`, or one minute while away players hold the table (RULES §6). */
export function awayLimitMs(s: TableState): number {
  const ms = awayMsOf(s);
  return heldByAway(s) ? Math.min(ms, TIMINGS.awayHoldingMs) : ms;
}

/** Away long enough to lose the seat: AWAY_HANDS_LIMIT hands dealt without them, or awayLimitMs. */
export function awayTooLong(s: TableState, seat: Seat, now: number): boolean {
  // RULES §9: at a Sit & Go an away player keeps the seat and is dealt in until out of chips.
  if (!isAway(seat) || s.tournament) return false;
  return seat.handsAway >= AWAY_HANDS_LIMIT || now >= seat.awaySince! + awayLimitMs(s);
}

/**
 * Still has a stake in what is being played: dealt in and not folded while betting runs, or tied or
 * taking part in an open svara. Such a seat is not freed in the middle of play.
 */
export function inPlay(s: TableState, playerId: string): boolean {
  const h = s.hand;
  if ((s.status === 'blind_betting' || s.status === 'betting') && h) {
    const i = playerIndex(h, playerId);
    return i >= 0 && !h.players[i]!.folded;
  }
  const sv = s.svara;
  return (
    s.status === 'svara_pending' &&
    sv !== null &&
    (sv.tied.includes(playerId) || sv.participants.includes(playerId))
  );
}
