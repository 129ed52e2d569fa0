/** The betting moves of RULES §2.5–§2.6 and §3, applied to a draft after they were checked legal. */
import type { Cents } from '../money.js';
import { findSeat, hand, log, ownHand, ownPlayer, payIn, sound, type Draft } from './draft.js';
import { blindBetAmount, levelAfterLook } from './moves.js';
import { advance, foldPlayer, makeAggressor } from './turns.js';

function balanceOf(d: Draft, index: number): Cents {
  return findSeat(d.s, hand(d).players[index]!.playerId)?.balance ?? 0;
}

/** Pays `amount` for the player at `index`; they are all-in when nothing is left. */
function pay(d: Draft, index: number, amount: Cents, reason: 'blind_bet' | 'call' | 'raise'): boolean {
  const p = ownPlayer(d, index);
  payIn(d, p.playerId, amount, reason);
  const allIn = balanceOf(d, index) === 0;
  p.paid += amount;
  p.lastBet = amount;
  p.lastAction = allIn ? 'all_in' : reason;
  p.acted = true;
  p.allIn = allIn;
  log(d, reason, p.playerId, amount);
  sound(d, 'chip');
  return allIn;
}

/** blind_bet: pay B, which becomes the last blind bet; the bettor is the aggressor. */
export function blindBet(d: Draft, index: number): void {
  const b = blindBetAmount(hand(d), d.s.stake);
  pay(d, index, b, 'blind_bet');
  makeAggressor(d, index);
  ownHand(d).lastBlind = b;
  advance(d, index);
}

/**
 * look: blind betting is over for everyone, L becomes twice the last blind bet (or S), and the
 * looker acts at once. Their turn clock starts again: they now have cards to think about.
 */
export function look(d: Draft, index: number): void {
  const h = ownHand(d);
  h.phase = 'open';
  h.looked = true;
  h.level = levelAfterLook(h, d.s.stake);
  h.looker = index;
  h.turnStartedAt = d.now;
  const p = ownPlayer(d, index);
  p.lastAction = 'look';
  d.s.status = 'betting';
  log(d, 'look', p.playerId);
}

/** call: pay L, or the whole balance when it is less (all-in). A short call leaves L as it was. */
export function call(d: Draft, index: number): void {
  const amount = Math.min(hand(d).level, balanceOf(d, index));
  pay(d, index, amount, 'call');
  if (hand(d).looker === index) ownHand(d).looker = -1;
  advance(d, index);
}

/** raise: pay R (already checked: 2L ≤ R ≤ cap); L becomes R; at the cap nobody may raise again. */
export function raise(d: Draft, index: number, amount: Cents, cap: Cents): void {
  pay(d, index, amount, 'raise');
  makeAggressor(d, index);
  const h = ownHand(d);
  h.level = amount;
  h.hasRaiseMax = h.hasRaiseMax || amount === cap;
  if (h.looker === index) h.looker = -1;
  advance(d, index);
}

export function fold(d: Draft, index: number): void {
  foldPlayer(d, index, 'fold');
  advance(d, index);
}
