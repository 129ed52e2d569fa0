/**
 * Where the table runtime writes: an action's ledger transfers and the state of its hand go to the
 * database in ONE transaction, so the persisted hand and the ledger can never disagree, whatever
 * moment a crash picks. The ledger's own batch runs inside that transaction (as a savepoint): its
 * checks (idempotency, no overdraw, ordered locks) are the ledger module's, not repeated here.
 *
 * Commits of many tables travel together: while a write is under way the next ones gather, and go
 * as one call of the table_commit database function (one round trip, one transaction, one flush of
 * the log). If that call fails, each part is written again on its own by the path above, so a
 * refused part (an overdraw, a replayed key, an escrow left non-empty) gets its own answer and
 * holds back no other table.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import type { TableState } from '@svara/core';
import {
  createLedger,
  ledgerPostArguments,
  type Companion,
  type Ledger,
  type TransferRequest,
} from '../ledger/ledger.js';
import type { LedgerParty, MoneyPlan } from './ledger-plan.js';
import { escrowReference } from './ledger-plan.js';
import { planVoid, type Refund } from './void-plan.js';

export type HandStatus = 'running' | 'finished' | 'voided';

/**
 * A hand row to write: its state after the action (null: only the status changes). `isNew` for the
 * first write of a hand (an insert); later writes update the row in place.
 */
export type HandRow = { handNumber: number; state: TableState | null; status: HandStatus; isNew?: boolean };

/** Joined into a statement: its transaction commits without waiting for the WAL flush. */
const LAZY_COMMIT = `(select set_config('synchronous_commit', 'off', true)) as lazy_commit`;

export type RunningHand = { roomId: string; handNumber: number; state: TableState };

/** An escrow still holds money after the hand that owns it ended: a bug, the action is rolled back. */
export class EscrowNotEmptyError extends Error {
  constructor(
    readonly reference: string,
    readonly balance: number,
  ) {
    super(`escrow ${reference} holds ${balance} cents after its hand ended`);
    this.name = 'EscrowNotEmptyError';
  }
}

export interface HandStore {
  /** Posts the plan's transfers and writes the hand rows, all or nothing. */
  commit(roomId: string, plan: MoneyPlan, rows: HandRow[]): Promise<void>;
  /** Commits written, the calls that carried them, and calls that failed and were written part by part. */
  readonly stats: { parts: number; batches: number; fallbacks: number };
  /** The number of the room's last hand on record (0 when none): a table goes on from there. */
  lastHandNumber(roomId: string): Promise<number>;
  runningHands(): Promise<RunningHand[]>;
  /** Refunds a running hand's escrow to the players (void-plan.ts) and marks it voided. */
  voidHand(hand: RunningHand): Promise<Refund[]>;
}

/** How commits are grouped: at most `maxBatch` in one call, at most `maxInFlight` calls at once. */
export type CommitBatching = { maxBatch: number; maxInFlight: number };

export const DEFAULT_BATCHING: CommitBatching = { maxBatch: 64, maxInFlight: 2 };

type Pending = {
  roomId: string;
  plan: MoneyPlan;
  rows: HandRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
};

/**
 * Durability: a hand that ends (payouts, the house's share) is committed to disk before it is
 * announced. Moves inside a hand commit lazily: a crash can lose the last instant of them, but the
 * hand row and the ledger are written together, so what survives is consistent, and a hand found
 * running after a restart is voided from it. A later durable commit flushes the earlier lazy ones
 * with it (the log is written in order).
 */
function isLazy(plan: MoneyPlan, rows: HandRow[]): boolean {
  return plan.settledEscrows.length === 0 && rows.every((row) => row.status === 'running');
}

export function createHandStore(
  knex: Knex,
  ledger: Ledger,
  batching: CommitBatching = DEFAULT_BATCHING,
): HandStore {
  const stats = { parts: 0, batches: 0, fallbacks: 0 };
  const waiting: Pending[] = [];
  let inFlight = 0;

  async function accountOf(p: LedgerParty): Promise<number> {
    switch (p.kind) {
      case 'wallet':
        return ledger.playerWallet(p.userId);
      case 'escrow':
        return ledger.handEscrow(p.reference);
      case 'house':
        return ledger.systemAccount('house');
    }
  }

  async function requests(plan: MoneyPlan): Promise<TransferRequest[]> {
    return Promise.all(
      plan.transfers.map(async (t) => ({
        idempotencyKey: t.idempotencyKey,
        debitAccountId: await accountOf(t.from),
        creditAccountId: await accountOf(t.to),
        amount: t.amount,
        reason: t.reason,
        metadata: t.metadata,
      })),
    );
  }

  /**
   * The escrows the plan settles must end at zero. Checked before anything is written: a hand's
   * escrow has one writer (its table's queue; at start, the void of a leftover hand), so its balance
   * now plus the plan's moves is exactly its balance after them.
   */
  async function assertSettledEmpty(plan: MoneyPlan, batch: TransferRequest[]): Promise<void> {
    for (const reference of plan.settledEscrows) {
      const id = await ledger.handEscrow(reference);
      let after = await ledger.balance(id);
      for (const t of batch) {
        if (t.debitAccountId === id) after -= t.amount;
        if (t.creditAccountId === id) after += t.amount;
      }
      if (after === 0) continue;
      // Posted before (a commit whose answer was lost): the balance already holds these moves, and
      // the ledger's replay checks they are the same ones.
      if (batch[0] && (await ledger.findTransfer(batch[0].idempotencyKey))) return;
      throw new EscrowNotEmptyError(reference, after);
    }
  }

  /**
   * The statement that writes one hand row. With `lazy`, its transaction commits without waiting
   * for the WAL to reach the disk (synchronous_commit off, for that transaction only): see isLazy().
   */
  function rowStatement(roomId: string, row: HandRow, lazy: boolean): Companion {
    const from = lazy ? `from ${LAZY_COMMIT}` : '';
    const finished = `finished_at = case when ? = 'running' then null else coalesce(finished_at, now()) end`;
    if (row.state !== null && !row.isNew) {
      return {
        sql: `update hands set state = ?::json, status = ?, updated_at = now(), ${finished}
              ${from} where room_id = ? and hand_number = ?`,
        bindings: [JSON.stringify(row.state), row.status, row.status, roomId, row.handNumber],
      };
    }
    if (row.state === null) {
      return {
        sql: `update hands set status = ?, updated_at = now(), ${finished} ${from} where room_id = ? and hand_number = ?`,
        bindings: [row.status, row.status, roomId, row.handNumber],
      };
    }
    return {
      sql: `insert into hands (id, room_id, hand_number, state, status, finished_at)
              select v.* from (values (?::uuid, ?::uuid, ?::integer, ?::json, ?::text,
                                       case when ? = 'running' then null else now() end)) as v
                ${lazy ? `, ${LAZY_COMMIT}` : ''}
            on conflict (room_id, hand_number) do update
              set state = excluded.state, status = excluded.status, updated_at = now(),
                  finished_at = case when excluded.status = 'running' then null
                                     else coalesce(hands.finished_at, now()) end`,
      bindings: [randomUUID(), roomId, row.handNumber, JSON.stringify(row.state), row.status, row.status],
    };
  }

  async function writeRow(db: Knex, roomId: string, row: HandRow, lazy = false): Promise<void> {
    const { sql, bindings } = rowStatement(roomId, row, lazy);
    await db.raw(sql, bindings);
  }

  /** One commit on its own: the careful path, with the ledger's own refusals and replays. */
  async function commitAlone(roomId: string, plan: MoneyPlan, rows: HandRow[]): Promise<void> {
    const lazy = isLazy(plan, rows);
    if (plan.transfers.length === 0) {
      // No money moves: the hand rows alone, each a single atomic statement.
      for (const row of rows) await writeRow(knex, roomId, row, lazy);
      return;
    }
    const batch = await requests(plan);
    await assertSettledEmpty(plan, batch);
    if (rows.length <= 1) {
      // The usual case: the transfers and the hand row in ONE statement (see Companion), so the
      // accounts the ledger locks (the house's among them) are held only while it executes.
      const companion = rows[0] ? rowStatement(roomId, rows[0], lazy) : undefined;
      const result = await ledger.transferBatch(batch, companion);
      // A replay (the same moves were posted before) runs nothing else: write the row now.
      if (result.replayed && rows[0]) await writeRow(knex, roomId, rows[0], lazy);
      return;
    }
    // Two rows (a svara hand taking over the pot of the hand that tied): one transaction.
    await knex.transaction(async (trx) => {
      for (const row of rows) await writeRow(trx, roomId, row, lazy);
      await createLedger(trx).transferBatch(batch);
    });
  }

  /** Several tables' commits as one table_commit call; throws (and writes nothing) if any part fails. */
  async function commitTogether(batch: Pending[]): Promise<void> {
    // Account ids come from the ledger's cache; only a new hand's escrow costs a statement, and
    // those of several new hands are looked up at once.
    const [transfers, settled] = await Promise.all([
      Promise.all(batch.map((part) => requests(part.plan))).then((lists) => lists.flat()),
      Promise.all(batch.flatMap((part) => part.plan.settledEscrows.map((ref) => ledger.handEscrow(ref)))),
    ]);
    const rows = batch.flatMap((part) =>
      part.rows.map((row) => ({
        room_id: part.roomId,
        hand_number: row.handNumber,
        state: row.state,
        status: row.status,
      })),
    );
    await knex.raw(
      `select table_commit(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[], ?::bigint[], ?::json, ?)`,
      [
        ...ledgerPostArguments(transfers),
        settled,
        JSON.stringify(rows),
        batch.every((part) => isLazy(part.plan, part.rows)),
      ],
    );
  }

  async function flush(batch: Pending[]): Promise<void> {
    stats.batches += 1;
    try {
      await commitTogether(batch);
      stats.parts += batch.length;
      for (const part of batch) part.resolve();
      return;
    } catch {
      stats.fallbacks += 1;
    }
    for (const part of batch) {
      try {
        await commitAlone(part.roomId, part.plan, part.rows);
        stats.parts += 1;
        part.resolve();
      } catch (error) {
        part.reject(error);
      }
    }
  }

  function pump(): void {
    while (inFlight < batching.maxInFlight && waiting.length > 0) {
      const batch = waiting.splice(0, batching.maxBatch);
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    stats,

    commit(roomId, plan, rows) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ roomId, plan, rows, resolve, reject });
        pump();
      });
    },

    async lastHandNumber(roomId) {
      const result = await knex.raw<{ rows: { n: number | null }[] }>(
        `select max(hand_number) as n from hands where room_id = ?`,
        [roomId],
      );
      return result.rows[0]?.n ?? 0;
    },

    async runningHands() {
      const result = await knex.raw<{ rows: { room_id: string; hand_number: number; state: TableState }[] }>(
        `select room_id, hand_number, state from hands where status = 'running' order by room_id, hand_number`,
      );
      return result.rows.map((r) => ({ roomId: r.room_id, handNumber: r.hand_number, state: r.state }));
    },

    async voidHand(hand) {
      const reference = escrowReference(hand.roomId, hand.handNumber);
      const escrow = await ledger.handEscrow(reference);
      const refunds = planVoid(hand.state, await ledger.balance(escrow));
      const batch: TransferRequest[] = await Promise.all(
        refunds.map(async (r) => ({
          idempotencyKey: `void:${hand.roomId}:${hand.handNumber}:${r.playerId}`,
          debitAccountId: escrow,
          creditAccountId: await ledger.playerWallet(r.playerId),
          amount: r.amount,
          reason: 'hand_void',
          metadata: { roomId: hand.roomId, handNumber: hand.handNumber },
        })),
      );
      await assertSettledEmpty({ transfers: [], settledEscrows: [reference] }, batch);
      const voided: HandRow = { handNumber: hand.handNumber, state: null, status: 'voided' };
      if (batch.length === 0) await writeRow(knex, hand.roomId, voided);
      else await ledger.transferBatch(batch, rowStatement(hand.roomId, voided, false));
      return refunds;
    },
  };
}
