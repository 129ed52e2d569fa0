/**
 * Whose turn it is and when betting ends (RULES §2.5–§2.7).
 *
 * Turns go clockwise from the player left of the dealer (index 0 of the hand's players). A player
 * who folded or is all-in takes no turn. Every player carries an `acted` flag: set when they act,
 * cleared for everyone else by a blind bet or a raise. The round ends when everyone still able to
 * act, other than the aggressor, has acted since the aggressor's bet (the turn would pass to the
 * aggressor); with no aggressor, when everyone still able to act has acted once.
 */
import { hand, log, ownHand, ownPlayer, sound, type Draft } from './draft.js';
import { settle } from './settle.js';
import type { FoldReason, Hand } from './types.js';

/** Betting is over. */
export function roundOver(h: Hand): boolean {
  let actors = 0;
  let othersActed = true;
  const players = h.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.folded || p.allIn) continue;
    actors += 1;
    if (i !== h.aggressor && !p.acted) othersActed = false;
  }
  if (actors === 0) return true;
  if (h.aggressor >= 0) return othersActed;
  // With no bet to answer and nobody else able to bet, a lone player could only bet against
  // themself: the round is over rather than waiting on a turn that cannot change the result.
  if (actors === 1) return true;
  return othersActed;
}

function liveCount(h: Hand): number {
  let n = 0;
  for (const p of h.players) if (!p.folded) n += 1;
  return n;
}

function setTurn(d: Draft, index: number): void {
  const h = ownHand(d);
  h.turn = index;
  h.turnStartedAt = d.now;
  sound(d, 'turn');
}

/** Betting begins after the deal: the first player able to act left of the dealer is on turn. */
export function beginBetting(d: Draft): void {
  d.s.status = 'blind_betting';
  const h = hand(d);
  if (roundOver(h)) return settle(d);
  for (let i = 0; i < h.players.length; i++) {
    const p = h.players[i]!;
    if (!p.folded && !p.allIn) return setTurn(d, i);
  }
}

/** After the player at `from` acted on their turn: the next turn, or the end of betting. */
export function advance(d: Draft, from: number): void {
  const h = hand(d);
  if (liveCount(h) <= 1 || roundOver(h)) return settle(d);
  const n = h.players.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    const p = h.players[i]!;
    if (!p.folded && !p.allIn && !p.acted) return setTurn(d, i);
  }
  settle(d);
}

/** After a player folded out of turn (by leaving): the hand may be over; the turn stays. */
export function afterFoldOutOfTurn(d: Draft): void {
  const h = hand(d);
  if (liveCount(h) <= 1 || roundOver(h)) settle(d);
}

export function foldPlayer(d: Draft, index: number, reason: FoldReason): void {
  const p = ownPlayer(d, index);
  p.folded = true;
  p.foldReason = reason;
  p.lastAction = 'fold';
  p.acted = true;
  const h = ownHand(d);
  if (h.looker === index) h.looker = -1;
  log(d, reason, p.playerId);
  sound(d, 'fold');
}

/** A blind bet or a raise sets the level: everyone else must act again. */
export function makeAggressor(d: Draft, index: number): void {
  const players = hand(d).players;
  for (let i = 0; i < players.length; i++) {
    if (i !== index && players[i]!.acted) ownPlayer(d, i).acted = false;
  }
  ownHand(d).aggressor = index;
}
