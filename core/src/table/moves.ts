/**
 * What a player may do right now, with exact amounts in cents. The action handlers check moves with
 * these same functions, and the view hands them to clients, so a client never recomputes a rule.
 */
import type { Cents } from '../money.js';
import { ALLOWED_ACTIONS_DEFAULTS } from '../protocol/game-state.js';
import { findSeat } from './draft.js';
import { canJoinSvara } from './svara-rules.js';
import type { Hand, LegalMoves, TableState } from './types.js';

/** Nothing offered: every move at the value a frame leaves out. */
export const NO_MOVES: LegalMoves = Object.freeze({ ...ALLOWED_ACTIONS_DEFAULTS });

/** B: twice the last blind bet, or S when nobody has bet blind (RULES §2.5). */
export function blindBetAmount(h: Hand, stake: Cents): Cents {
  return h.lastBlind > 0 ? 2 * h.lastBlind : stake;
}

/** L right after a look: twice the last blind bet, or S when nobody bet blind (RULES §2.6). */
export function levelAfterLook(h: Hand, stake: Cents): Cents {
  return h.lastBlind > 0 ? 2 * h.lastBlind : stake;
}

/**
 * The most player `index` may raise to: their balance, and the largest balance any other player
 * still in the hand can put in (RULES §3). 0 when nobody else can answer a raise.
 */
export function raiseCap(s: TableState, h: Hand, index: number): Cents {
  let others = 0;
  const players = h.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (i === index || p.folded || p.allIn) continue;
    const balance = findSeat(s, p.playerId)?.balance ?? 0;
    if (balance > others) others = balance;
  }
  const own = findSeat(s, h.players[index]!.playerId)?.balance ?? 0;
  return Math.min(own, others);
}

/** The raise range of the player on turn, or null when they may not raise. */
export function raiseRange(s: TableState, h: Hand, index: number): { min: Cents; max: Cents } | null {
  if (h.phase !== 'open' || h.hasRaiseMax) return null;
  const min = 2 * h.level;
  const max = raiseCap(s, h, index);
  return min <= max ? { min, max } : null;
}

/** The legal moves of `playerId` (all false/null for a spectator or a player without a move). */
export function legalMoves(s: TableState, playerId: string): LegalMoves {
  const seat = findSeat(s, playerId);
  if (!seat) return NO_MOVES;

  if (s.status === 'svara_pending' && s.svara && !s.svara.ready) {
    const sv = s.svara;
    if (sv.decided.includes(playerId)) return NO_MOVES;
    if (sv.tied.includes(playerId))
      return { ...NO_MOVES, joinSvara: { amount: 0, free: true }, skipSvara: true };
    if (!canJoinSvara(s, seat)) return NO_MOVES;
    return { ...NO_MOVES, joinSvara: { amount: sv.share, free: false }, skipSvara: true };
  }

  const h = s.hand;
  if (!h || h.turn < 0 || h.players[h.turn]!.playerId !== playerId) return NO_MOVES;
  if (h.phase === 'blind') {
    const b = blindBetAmount(h, s.stake);
    return {
      blindBet: seat.balance >= b ? b : null,
      look: true,
      call: null,
      raise: null,
      fold: false,
      joinSvara: null,
      skipSvara: false,
    };
  }
  if (h.phase === 'open') {
    return {
      blindBet: null,
      look: false,
      call: { amount: Math.min(h.level, seat.balance), allIn: seat.balance <= h.level },
      raise: raiseRange(s, h, h.turn),
      fold: true,
      joinSvara: null,
      skipSvara: false,
    };
  }
  return NO_MOVES;
}
