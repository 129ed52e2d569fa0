/**
 * The working copy an action is applied to. applyAction never mutates its input: a draft starts as
 * a shallow copy of the state, and the first change to a seat, the hand, a hand player or the log
 * within an action copies that object (and the object holding it) once; later changes in the same
 * action write to that copy. Everything untouched is shared with the input, so an action costs a
 * handful of small copies (a table has at most six seats).
 */
import type { Cents } from '../money.js';
import type { SoundName } from '../protocol/socket.js';
import type {
  Hand,
  HandLogEntry,
  HandPlayer,
  MoneyParty,
  Seat,
  TableEvent,
  TableState,
  TransferReason,
} from './types.js';
import { cloneHand, clonePlayer, cloneSeat, cloneState } from './clones.js';

/** The hand log keeps the latest entries only; the view shows the current hand's log. */
export const LOG_LIMIT = 100;

export type Draft = {
  s: TableState;
  events: TableEvent[];
  now: number;
  /** Objects created by this action (a few): only these may be written in place. */
  fresh: object[];
};

export function beginDraft(state: TableState, now: number): Draft {
  const s = cloneState(state);
  return { s, events: [], now, fresh: [s] };
}

function isFresh(d: Draft, value: object): boolean {
  const fresh = d.fresh;
  for (let i = 0; i < fresh.length; i++) if (fresh[i] === value) return true;
  return false;
}

/** Marks an object built by this action as writable in place. */
export function fresh<T extends object>(d: Draft, value: T): T {
  d.fresh.push(value);
  return value;
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

/** The seats array, writable in this action. */
export function ownSeats(d: Draft): Seat[] {
  const seats = d.s.seats;
  if (isFresh(d, seats)) return seats;
  return (d.s.seats = fresh(d, seats.slice()));
}

/** A player's seat, writable in this action. */
export function ownSeat(d: Draft, playerId: string): Seat {
  const i = seatIndex(d.s, playerId);
  if (i < 0) throw new Error(`no seat for ${playerId}`);
  const seat = d.s.seats[i]!;
  if (isFresh(d, seat)) return seat;
  return (ownSeats(d)[i] = fresh(d, cloneSeat(seat)));
}

export function patchSeat(d: Draft, playerId: string, patch: Partial<Seat>): void {
  Object.assign(ownSeat(d, playerId), patch);
}

export function removeSeat(d: Draft, playerId: string): Seat | undefined {
  const i = seatIndex(d.s, playerId);
  if (i < 0) return undefined;
  const seat = d.s.seats[i]!;
  ownSeats(d).splice(i, 1);
  return seat;
}

export function hand(d: Draft): Hand {
  const h = d.s.hand;
  if (!h) throw new Error('no hand');
  return h;
}

/** The hand, writable in this action. */
export function ownHand(d: Draft): Hand {
  const h = hand(d);
  if (isFresh(d, h)) return h;
  return (d.s.hand = fresh(d, cloneHand(h)));
}

/** The hand's players array, writable in this action. */
export function ownPlayers(d: Draft): HandPlayer[] {
  const h = ownHand(d);
  if (isFresh(d, h.players)) return h.players;
  return (h.players = fresh(d, h.players.slice()));
}

export function patchHand(d: Draft, patch: Partial<Hand>): void {
  Object.assign(ownHand(d), patch);
}

/** The hand player at `index`, writable in this action. */
export function ownPlayer(d: Draft, index: number): HandPlayer {
  const p = hand(d).players[index]!;
  if (isFresh(d, p)) return p;
  return (ownPlayers(d)[index] = fresh(d, clonePlayer(p)));
}

export function patchPlayer(d: Draft, index: number, patch: Partial<HandPlayer>): void {
  Object.assign(ownPlayer(d, index), patch);
}

export function playerIndex(h: Hand, playerId: string): number {
  const players = h.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.playerId === playerId) return i;
  return -1;
}

const SOUNDS = {} as Record<SoundName, TableEvent>;
for (const name of ['fold', 'turn', 'win', 'chip', 'deal'] as const) {
  SOUNDS[name] = Object.freeze({ type: 'sound', name });
}

export function sound(d: Draft, name: SoundName): void {
  d.events.push(SOUNDS[name]);
}

export function log(d: Draft, type: string, playerId: string | null, amount: Cents | null = null): void {
  if (!d.s.hand) return;
  const h = ownHand(d);
  let entries: HandLogEntry[] = h.log;
  if (!isFresh(d, entries))
    h.log = entries = fresh(d, entries.slice(Math.max(0, entries.length - LOG_LIMIT)));
  if (entries.length >= LOG_LIMIT) entries.shift();
  entries.push({ playerId, type, at: d.now, amount });
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
  const seat = ownSeat(d, playerId);
  if (seat.balance < amount) throw new Error(`cannot pay ${amount} from ${playerId}`);
  seat.balance -= amount;
  d.s.pot += amount;
  emitTransfer(d, { kind: 'player', playerId }, POT, amount, reason);
}

/** Moves `amount` from the pot to a seated player. */
export function payOut(d: Draft, playerId: string, amount: Cents, reason: 'payout' | 'refund'): void {
  if (amount <= 0) return;
  if (d.s.pot < amount) throw new Error(`cannot pay ${amount} to ${playerId}`);
  const seat = ownSeat(d, playerId);
  seat.balance += amount;
  seat.lastWin += amount;
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
