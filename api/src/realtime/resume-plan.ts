/**
 * A table brought back after a restart, before anyone is connected to it (pure):
 * - every seated player is away (RULES §6) until their socket comes back: nobody is dealt a new
 *   hand on behalf of a player who is not there, and a seat nobody returns to is freed by the
 *   away rules (awayMs) as for any absent player. Players already away keep their time;
 * - the clock of the hand in play goes on from the stored moments (turn start, svara window), so a
 *   player keeps the time they had left. When that time ran out while the server was down (or is
 *   nearly out), the turn or window gets a fresh grace instead: the player could not act while the
 *   server was away, and timing them out at once would fold them for the server's fault.
 * The result display ends when it would have; it holds nobody's money.
 */
import type { TableState } from '@svara/core';

/** The time a turn or svara window gets at least after a restart (capped at the turn's own length). */
export const RESUME_GRACE_MS = 10_000;

export type Resumed = { state: TableState; markedAway: string[] };

export function resumeTable(state: TableState, now: number, graceMs = RESUME_GRACE_MS): Resumed {
  const markedAway: string[] = [];
  const seats = state.seats.map((seat) => {
    if (typeof seat.awaySince === 'number') return seat;
    markedAway.push(seat.playerId);
    return { ...seat, awaySince: now, handsAway: 0 };
  });
  let hand = state.hand;
  let svara = state.svara;
  const betting = state.status === 'blind_betting' || state.status === 'betting';
  if (betting && hand && hand.turn >= 0 && hand.turnStartedAt !== null) {
    const grace = Math.min(graceMs, state.timings.turnMs);
    const latestStart = now + grace - state.timings.turnMs;
    if (hand.turnStartedAt < latestStart) hand = { ...hand, turnStartedAt: latestStart };
  }
  if (state.status === 'svara_pending' && svara && !svara.ready) {
    const grace = Math.min(graceMs, state.timings.svaraMs);
    if (svara.deadline < now + grace) svara = { ...svara, deadline: now + grace };
  }
  return { state: { ...state, seats, hand, svara }, markedAway };
}
