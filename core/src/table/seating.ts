/** Sitting down, leaving and wallet changes (RULES §6). */
import type { Cents } from '../money.js';
import { BALANCE_STAKE_MULTIPLIER } from '../protocol/constants.js';
import { findSeat, hand, log, patchSeat, playerIndex, type Draft } from './draft.js';
import { freeSeat } from './hand-end.js';
import { markAway } from './absence.js';
import { closeIfDecided, leaveDuringSvara } from './svara.js';
import { advance, afterFoldOutOfTurn, foldPlayer } from './turns.js';
import type { Seat, TableError } from './types.js';

export type SitInput = {
  playerId: string;
  position: number | null;
  balance: Cents;
  username: string | null;
  avatar: string | null;
  house?: boolean;
};

/** Sitting down needs a balance of at least 10 × S; a player who is leaving may sit back down. */
export function sit(d: Draft, input: SitInput): TableError | null {
  const s = d.s;
  const existing = findSeat(s, input.playerId);
  if (existing) {
    if (!existing.leaving || (input.position !== null && input.position !== existing.position)) {
      return { code: 'already_seated' };
    }
    // Back before the hand ended: the seat stays theirs (they remain folded in this hand).
    patchSeat(d, input.playerId, { leaving: false });
    return null;
  }
  // House players sit only at practice tables (RULES §8): the server's rule, whatever a caller asks.
  if (input.house && s.currency !== 'chips')
    return { code: 'forbidden', detail: 'house players play practice only' };
  // RULES §9: the 10 × S entry does not apply at a Sit & Go (its organiser seats the players).
  if (!s.tournament && input.balance < BALANCE_STAKE_MULTIPLIER * s.stake)
    return { code: 'insufficientBalance' };
  let position = input.position;
  if (position === null) {
    for (let p = 1; p <= s.maxSeats && position === null; p++) {
      if (!s.seats.some((seat) => seat.position === p)) position = p;
    }
    if (position === null) return { code: 'room_full' };
  } else if (s.seats.some((seat) => seat.position === position)) {
    return { code: 'seat_taken' };
  }
  const seat: Seat = {
    playerId: input.playerId,
    position,
    username: input.username,
    avatar: input.avatar,
    balance: input.balance,
    awaySince: null,
    handsAway: 0,
    leaving: false,
    sittingOut: false,
    lastWin: 0,
    ...(input.house ? { house: true as const } : {}),
  };
  s.seats = [...s.seats, seat].sort((a, b) => a.position - b.position);
  d.events.push({ type: 'seat_changed', playerId: input.playerId, seated: true, position, reason: 'sat' });
  return null;
}

/**
 * Leaving (RULES §6). A player still in the hand folds and keeps the seat until the hand ends; during
 * a svara see leaveDuringSvara; anyone else is stood up at once.
 */
export function leave(d: Draft, playerId: string): TableError | null {
  const seat = findSeat(d.s, playerId);
  if (!seat) return { code: 'not_seated' };
  if (seat.leaving) return null;
  const s = d.s;
  // RULES §9: a Sit & Go's seat is kept until its player is out; leaving the room makes them away.
  if (s.tournament) {
    markAway(d, playerId);
    return null;
  }
  if ((s.status === 'blind_betting' || s.status === 'betting') && s.hand) {
    const i = playerIndex(s.hand, playerId);
    if (i >= 0 && !s.hand.players[i]!.folded) {
      patchSeat(d, playerId, { leaving: true });
      const onTurn = hand(d).turn === i;
      foldPlayer(d, i, 'leave');
      if (onTurn) advance(d, i);
      else afterFoldOutOfTurn(d);
      return null;
    }
  }
  if (s.status === 'svara_pending' && s.svara) {
    leaveDuringSvara(d, playerId);
    return null;
  }
  if (s.hand) log(d, 'leave', playerId);
  freeSeat(d, playerId, 'left');
  return null;
}

/** The wallet changed outside the table: the seat's balance follows it. */
export function setBalance(d: Draft, playerId: string, balance: Cents): TableError | null {
  if (!findSeat(d.s, playerId)) return { code: 'not_seated' };
  // Tournament chips change only by play (RULES §9).
  if (d.s.tournament) return { code: 'action_not_allowed', detail: 'tournament chips' };
  patchSeat(d, playerId, { balance });
  // A player who can no longer pay the svara share is no longer waited for.
  closeIfDecided(d);
  return null;
}
