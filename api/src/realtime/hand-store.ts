/**
 * Where the table runtime writes: an action's ledger transfers and the state of its hand go to the
 * database in ONE transaction, so the persisted hand and the ledger can never disagree, whatever
 * moment a crash picks. The ledger's own batch runs inside that transaction (as a savepoint): its
 * checks (idempotency, no overdraw, ordered locks) are the ledger module's, not repeated here.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import type { TableState } from '@svara/core';
import { createLedger, type Ledger, type TransferRequest } from '../ledger/ledger.js';
import type { LedgerParty, MoneyPlan } from './ledger-plan.js';
import { escrowReference } from './ledger-plan.js';
import { planVoid, type Refund } from './void-plan.js';

export type HandStatus = 'running' | 'finished' | 'voided';

/**
 * A hand row to write: its state after the action (null: only the status changes). `isNew` for the
 * first write of a hand (an insert); later writes update the row in place.
 */
export type HandRow = { handNumber: number; state: TableState | null; status: HandStatus; isNew?: boolean };

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
  /** The number of the room's last hand on record (0 when none): a table goes on from there. */
  lastHandNumber(roomId: string): Promise<number>;
  runningHands(): Promise<RunningHand[]>;
  /** Refunds a running hand's escrow to the players (void-plan.ts) and marks it voided. */
  voidHand(hand: RunningHand): Promise<Refund[]>;
}

export function createHandStore(knex: Knex, ledger: Ledger): HandStore {
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

  async function assertEmpty(trx: Knex.Transaction, references: string[]): Promise<void> {
    if (references.length === 0) return;
    const ids = await Promise.all(references.map((r) => ledger.handEscrow(r)));
    const result = await trx.raw<{ rows: { id: string; balance: string }[] }>(
      `select id, balance from accounts where id = any(?)`,
      [ids],
    );
    for (const row of result.rows) {
      if (Number(row.balance) !== 0) {
        throw new EscrowNotEmptyError(references[ids.indexOf(Number(row.id))]!, Number(row.balance));
      }
    }
  }

  async function writeRow(trx: Knex | Knex.Transaction, roomId: string, row: HandRow): Promise<void> {
    if (row.state !== null && !row.isNew) {
      await trx.raw(
        `update hands set state = ?::jsonb, status = ?, updated_at = now(),
           finished_at = case when ? = 'running' then null else coalesce(finished_at, now()) end
         where room_id = ? and hand_number = ?`,
        [JSON.stringify(row.state), row.status, row.status, roomId, row.handNumber],
      );
      return;
    }
    if (row.state === null) {
      await trx.raw(
        `update hands set status = ?, updated_at = now(),
           finished_at = case when ? = 'running' then null else coalesce(finished_at, now()) end
         where room_id = ? and hand_number = ?`,
        [row.status, row.status, roomId, row.handNumber],
      );
      return;
    }
    await trx.raw(
      `insert into hands (id, room_id, hand_number, state, status, finished_at)
         values (?, ?, ?, ?::jsonb, ?, case when ? = 'running' then null else now() end)
       on conflict (room_id, hand_number) do update
         set state = excluded.state, status = excluded.status, updated_at = now(),
             finished_at = case when excluded.status = 'running' then null
                                else coalesce(hands.finished_at, now()) end`,
      [randomUUID(), roomId, row.handNumber, JSON.stringify(row.state), row.status, row.status],
    );
  }

  return {
    async commit(roomId, plan, rows) {
      if (plan.transfers.length === 0 && plan.settledEscrows.length === 0) {
        // No money moves: the hand rows alone, each a single atomic statement.
        for (const row of rows) await writeRow(knex, roomId, row);
        return;
      }
      const batch = await requests(plan);
      await knex.transaction(async (trx) => {
        if (batch.length > 0) await createLedger(trx).transferBatch(batch);
        await assertEmpty(trx, plan.settledEscrows);
        for (const row of rows) await writeRow(trx, roomId, row);
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
      await knex.transaction(async (trx) => {
        if (batch.length > 0) await createLedger(trx).transferBatch(batch);
        await assertEmpty(trx, [reference]);
        await writeRow(trx, hand.roomId, { handNumber: hand.handNumber, state: null, status: 'voided' });
      });
      return refunds;
    },
  };
}
