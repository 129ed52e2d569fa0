/**
 * The working copy an action is applied to. applyAction never mutates its input: a draft starts as
 * a shallow copy of the state, and every change to a seat, the hand or a hand player replaces that
 * object (and the small array holding it) with a new one. Untouched parts are shared with the
 * input, which keeps an action cheap (a table has at most six seats).
 */
import type { Cents } from '../money.js';
import type { SoundName } from '../protocol/socket.js';
import type { Hand, HandPlayer, MoneyParty, Seat, TableEvent, TableState, TransferReason } from './types.js';

/** The hand log keeps the latest entries only; the view shows the current hand's log. */
export const LOG_LIMIT = 100;

export type Draft = {
  s: TableState;
  events: TableEvent[];
  now: number;
};

export function beginDraft(state: TableState, now: number): Draft {
  return { s: { ...state }, events: [], now };
}

export function seatIndex(s: TableState, playerId: string): number {
  const seats = s.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i]!.playerId === playerId) return i;
  return -1;
}

export function findSeat(s: TableState, playerId: string): Seat | undefined {
  const i = seatIndex(s, playerId);
  return i < 0 ? undefined : s.seats[i];
}

export function patchSeat(d: Draft, playerId: string, patch: Partial<Seat>): void {
  const i = seatIndex(d.s, playerId);
  if (i < 0) throw new Error(`no seat for ${playerId}`);
  d.s.seats = d.s.seats.with(i, { ...d.s.seats[i]!, ...patch });
}

export function removeSeat(d: Draft, playerId: string): Seat | undefined {
  const i = seatIndex(d.s, playerId);
  if (i < 0) return undefined;
  const seat = d.s.seats[i]!;
  d.s.seats = d.s.seats.filter((_, j) => j !== i);
  return seat;
}

export function hand(d: Draft): Hand {
  const h = d.s.hand;
  if (!h) throw new Error('no hand');
  return h;
}

export function patchHand(d: Draft, patch: Partial<Hand>): void {
  d.s.hand = { ...hand(d), ...patch };
}

export function patchPlayer(d: Draft, index: number, patch: Partial<HandPlayer>): void {
  const h = hand(d);
  d.s.hand = { ...h, players: h.players.with(index, { ...h.players[index]!, ...patch }) };
}

export function playerIndex(h: Hand, playerId: string): number {
  const players = h.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.playerId === playerId) return i;
  return -1;
}

export function sound(d: Draft, name: SoundName): void {
  d.events.push({ type: 'sound', name });
}

export function log(d: Draft, type: string, playerId: string | null, amount: Cents | null = null): void {
  const h = d.s.hand;
  if (!h) return;
  const entry = { playerId, type, at: d.now, amount };
  const log = h.log.length >= LOG_LIMIT ? [...h.log.slice(1 - LOG_LIMIT), entry] : [...h.log, entry];
  d.s.hand = { ...h, log };
}

const POT: MoneyParty = { kind: 'pot' };
const HOUSE: MoneyParty = { kind: 'house' };

function emitTransfer(d: Draft, from: MoneyParty, to: MoneyParty, amount: Cents, reason: TransferReason) {
  d.s.seq += 1;
  d.events.push({ type: 'transfer', handNumber: d.s.handNumber, seq: d.s.seq, from, to, amount, reason });
}

/** Moves `amount` from a player's balance into the pot. The caller has checked the balance. */
export function payIn(d: Draft, playerId: string, amount: Cents, reason: TransferReason): void {
  if (amount <= 0) return;
  const seat = findSeat(d.s, playerId);
  if (!seat || seat.balance < amount) throw new Error(`cannot pay ${amount} from ${playerId}`);
  patchSeat(d, playerId, { balance: seat.balance - amount });
  d.s.pot += amount;
  emitTransfer(d, { kind: 'player', playerId }, POT, amount, reason);
}

/** Moves `amount` from the pot to a seated player. */
export function payOut(d: Draft, playerId: string, amount: Cents, reason: 'payout' | 'refund'): void {
  if (amount <= 0) return;
  const seat = findSeat(d.s, playerId);
  if (!seat || d.s.pot < amount) throw new Error(`cannot pay ${amount} to ${playerId}`);
  patchSeat(d, playerId, { balance: seat.balance + amount, lastWin: seat.lastWin + amount });
  d.s.pot -= amount;
  emitTransfer(d, POT, { kind: 'player', playerId }, amount, reason);
}

/** Moves the house share from the pot to the house. */
export function payHouse(d: Draft, amount: Cents): void {
  if (amount <= 0) return;
  if (d.s.pot < amount) throw new Error('house share above the pot');
  d.s.pot -= amount;
  d.s.houseTotal += amount;
  d.s.tax += amount;
  emitTransfer(d, POT, HOUSE, amount, 'house_share');
}
