/**
 * Absence (RULES §6): a player whose turn timed out is away and is dealt no hand until they are back;
 * they are stood up after AWAY_HANDS_LIMIT hands dealt without them or `awayMs` away, whichever
 * comes first, or after a minute while away players leave fewer than two who can play. And a player whose balance is below S never holds a table where no hand can start.
 */
import { awayLimitMs, awayTooLong, inPlay, isAway } from './away-rules.js';
import { findSeat, patchSeat, type Draft } from './draft.js';
import { freeSeat } from './hand-end.js';
import type { Deadline, TableError, TableState } from './types.js';

/** A turn time-out: the player is away from now on. */
export function markAway(d: Draft, playerId: string): void {
  const seat = findSeat(d.s, playerId);
  if (seat && !isAway(seat)) patchSeat(d, playerId, { awaySince: d.now, handsAway: 0 });
}

/** The player says they are back: dealt in again from the next hand. */
export function comeBack(d: Draft, playerId: string): TableError | null {
  const seat = findSeat(d.s, playerId);
  if (!seat) return { code: 'not_seated' };
  if (!isAway(seat)) return { code: 'action_not_allowed', detail: 'not away' };
  patchSeat(d, playerId, { awaySince: null, handsAway: 0 });
  return null;
}

/** When the first away player who could be stood up reaches their time away (awayLimitMs), or null. */
export function awayDeadline(s: TableState): Deadline | null {
  if (s.tournament) return null;
  const limit = awayLimitMs(s);
  let at: number | null = null;
  for (const seat of s.seats) {
    if (!isAway(seat) || seat.leaving || inPlay(s, seat.playerId)) continue;
    const due = seat.awaySince! + limit;
    if (at === null || due < at) at = due;
  }
  return at === null ? null : { at, kind: 'away' };
}

/** Frees the seats of away players whose time is up and who are not in play. */
export function standUpAwayTooLong(d: Draft): void {
  for (const seat of [...d.s.seats]) {
    if (seat.leaving || inPlay(d.s, seat.playerId)) continue;
    if (awayTooLong(d.s, seat, d.now)) freeSeat(d, seat.playerId, 'away');
  }
}

/**
 * A waiting table where no hand can start only because of players whose balance is below S
 * (RULES §6): they are stood up at once, so that the seat is free for someone who can play. A lone
 * player keeps the seat (no hand could start anyway); with two who can pay, the deal sits them out.
 */
export function standUpBlockers(d: Draft): void {
  const s = d.s;
  if (s.status !== 'waiting' || s.tournament) return;
  const present = s.seats.filter((seat) => !seat.leaving && !isAway(seat));
  const able = present.filter((seat) => seat.balance >= s.stake);
  if (able.length >= 2 || present.length < 2) return;
  for (const seat of present) if (seat.balance < s.stake) freeSeat(d, seat.playerId, 'sat_out');
}
