/**
 * From table events to ledger transfers (pure). The reducer speaks of players, "the pot" and "the
 * house"; the ledger of accounts. A hand's pot lives in that hand's escrow account. A svara hand
 * plays for the pot of the hand that tied, so when it is dealt the pot is first carried from the old
 * hand's escrow into the new one: every escrow is then emptied by the hand it belongs to.
 */
import {
  tournamentStackReference,
  type Cents,
  type MoneyParty,
  type RoomCurrency,
  type TableEvent,
  type TableState,
} from '@svara/core';

export type LedgerParty =
  { kind: 'wallet'; userId: string } | { kind: 'escrow'; reference: string } | { kind: 'house' };

export type PlannedTransfer = {
  /** `hand:{roomId}:{handNumber}:{seq}`; the carry of a svara pot uses seq 0, which the reducer never does. */
  idempotencyKey: string;
  from: LedgerParty;
  to: LedgerParty;
  amount: Cents;
  reason: string;
  metadata: { roomId: string; handNumber: number; seq: number };
};

export type MoneyPlan = {
  transfers: PlannedTransfer[];
  /** Escrows whose hand is over after these transfers: each must hold exactly zero. */
  settledEscrows: string[];
  /** The accounts the plan moves: play chips at a practice table (RULES §8), dollars when absent. */
  currency?: RoomCurrency;
};

/** The escrow account reference of a hand. */
export function escrowReference(roomId: string, handNumber: number): string {
  return `hand:${roomId}:${handNumber}`;
}

export function transferKey(roomId: string, handNumber: number, seq: number): string {
  return `hand:${roomId}:${handNumber}:${seq}`;
}

function party(roomId: string, handNumber: number, p: MoneyParty, tournamentId?: string): LedgerParty {
  switch (p.kind) {
    case 'player':
      // A Sit & Go's seat plays from the player's tournament chips, never their wallet (RULES §9).
      return tournamentId === undefined
        ? { kind: 'wallet', userId: p.playerId }
        : { kind: 'escrow', reference: tournamentStackReference(tournamentId, p.playerId) };
    case 'pot':
      return { kind: 'escrow', reference: escrowReference(roomId, handNumber) };
    case 'house':
      return { kind: 'house' };
  }
}

/**
 * The ledger transfers for the events of one action, in event order. `potBefore` and
 * `handBefore` are the table's pot and hand number before the action.
 */
export function planMoney(
  roomId: string,
  potBefore: Cents,
  handBefore: number,
  events: readonly TableEvent[],
  currency: RoomCurrency = 'usd',
  /** A Sit & Go's table: its players' chips are their stacks of this tournament. */
  tournamentId?: string,
): MoneyPlan {
  const transfers: PlannedTransfer[] = [];
  const settled: string[] = [];
  let pot = potBefore;
  let potHand = handBefore;
  for (const e of events) {
    switch (e.type) {
      case 'hand_started':
        if (e.svara && pot > 0) {
          transfers.push({
            idempotencyKey: transferKey(roomId, e.handNumber, 0),
            from: { kind: 'escrow', reference: escrowReference(roomId, potHand) },
            to: { kind: 'escrow', reference: escrowReference(roomId, e.handNumber) },
            amount: pot,
            reason: 'svara_carry',
            metadata: { roomId, handNumber: e.handNumber, seq: 0 },
          });
          settled.push(escrowReference(roomId, potHand));
        }
        potHand = e.handNumber;
        break;
      case 'transfer':
        if (e.from.kind === 'pot') pot -= e.amount;
        if (e.to.kind === 'pot') pot += e.amount;
        transfers.push({
          idempotencyKey: transferKey(roomId, e.handNumber, e.seq),
          from: party(roomId, e.handNumber, e.from, tournamentId),
          to: party(roomId, e.handNumber, e.to, tournamentId),
          amount: e.amount,
          reason: e.reason,
          metadata: { roomId, handNumber: e.handNumber, seq: e.seq },
        });
        break;
      case 'hand_finished':
        if (!e.svaraPending) settled.push(escrowReference(roomId, e.handNumber));
        break;
      case 'svara_resolved':
        if (e.outcome !== 'hand') settled.push(escrowReference(roomId, e.handNumber));
        break;
      default:
        break;
    }
  }
  const plan: MoneyPlan = { transfers, settledEscrows: [...new Set(settled)] };
  if (currency !== 'usd') plan.currency = currency;
  return plan;
}

/**
 * Where a seat's balance comes from: the player's wallet in the table's currency, or at a Sit & Go's
 * table their tournament chips (RULES §9).
 */
export async function seatBalance(
  ledger: { walletBalance(userId: string, currency?: RoomCurrency): Promise<Cents> } & {
    escrowOf(reference: string, currency: RoomCurrency): Promise<number>;
    balance(accountId: number): Promise<Cents>;
  },
  state: Pick<TableState, 'currency' | 'tournament'>,
  userId: string,
): Promise<Cents> {
  if (state.tournament) {
    const reference = tournamentStackReference(state.tournament.id, userId);
    return ledger.balance(await ledger.escrowOf(reference, 'chips'));
  }
  return ledger.walletBalance(userId, state.currency ?? 'usd');
}

/** What a plan moves into (+) or out of (−) each wallet it touches. */
function walletDeltas(plan: MoneyPlan): Map<string, Cents> {
  const delta = new Map<string, Cents>();
  for (const t of plan.transfers) {
    if (t.from.kind === 'wallet') delta.set(t.from.userId, (delta.get(t.from.userId) ?? 0) - t.amount);
    if (t.to.kind === 'wallet') delta.set(t.to.userId, (delta.get(t.to.userId) ?? 0) + t.amount);
  }
  return delta;
}

/**
 * The wallet balances a plan leaves, for the players whose wallet it touches: the seat's balance
 * (it mirrors the wallet), or for a player stood up by the same action, their seat's balance in
 * `before` plus what the plan moved.
 */
export function walletBalancesAfter(
  plan: MoneyPlan,
  before: TableState,
  after: TableState,
): Map<string, Cents> {
  const balances = new Map<string, Cents>();
  for (const [id, moved] of walletDeltas(plan)) {
    const seat = after.seats.find((x) => x.playerId === id);
    const old = before.seats.find((x) => x.playerId === id);
    if (seat) balances.set(id, seat.balance);
    else if (old) balances.set(id, old.balance + moved);
  }
  return balances;
}
