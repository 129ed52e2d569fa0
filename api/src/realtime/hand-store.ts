/**
 * Where the table runtime writes: an action's ledger transfers and its hand (the hand's state when
 * it begins or ends, the action as the hand's next step in between) go to the database in ONE
 * statement of the table_commit function (one transaction), so the persisted hand and the ledger
 * can never disagree, whatever moment a crash picks. The transfers go through the
 * ledger's own ledger_post: its checks (idempotency, no overdraw, ordered locks) are the ledger
 * module's, not repeated here, and so are its answers (ledger.postThrough).
 *
 * Commits of many tables travel together: while a write is under way the next ones gather, and go
 * as one call (one round trip, one transaction, one flush of the log). When none is under way, the
 * first commit after a quiet spell waits a few milliseconds (`gatherMs`) for others, as long as
 * commits come often enough that some are likely to: at a human pace tables seldom commit at the
 * same instant, and each would otherwise be a call. If that call fails, each
 * part is written again on its own, so a refused part (an overdraw, a replayed key, an escrow left
 * non-empty) gets its own answer and holds back no other table.
 */
import type { Knex } from '@mikro-orm/postgresql';
import {
  applyAction,
  tournamentStackReference,
  type RoomCurrency,
  type TableAction,
  type TableState,
} from '@svara/core';
import { preparedStatement } from '../db/prepared-statement.js';
import { houseKind, ledgerPostArguments, type Ledger, type TransferRequest } from '../ledger/ledger.js';
import type { LedgerParty, MoneyPlan } from './ledger-plan.js';
import { escrowReference } from './ledger-plan.js';
import { planVoid, type Refund } from './void-plan.js';

export type HandStatus = 'running' | 'finished' | 'voided';

/**
 * One action applied to a running hand, numbered from 1 within the hand: persisted instead of the
 * hand's whole state, and replayed onto the stored state after a restart (`at` is the step's clock).
 */
export type HandStep = { step: number; action: TableAction; at: number };

/**
 * A hand write: its state after the action, or a step of the running hand (its stored state and
 * status stay). `isNew` for the first write of a hand (the runtime commits it before publishing);
 * a state row is upserted either way, and replaces the hand's steps (a hand that ends is written
 * with its final state).
 */
export type HandRow =
  | { handNumber: number; state: TableState; status: HandStatus; isNew?: boolean; step?: never }
  | { handNumber: number; step: HandStep; state?: never; status?: never; isNew?: never };

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
  /**
   * Commits written, the calls that carried them, calls that failed and were written part by part,
   * and the table_commit statements sent (fallbacks and replays included).
   */
  readonly stats: { parts: number; batches: number; fallbacks: number; readonly statements: number };
  /** The number of the room's last hand on record (0 when none): a table goes on from there. */
  lastHandNumber(roomId: string): Promise<number>;
  runningHands(): Promise<RunningHand[]>;
  /** Refunds a running hand's escrow to the players (void-plan.ts) and marks it voided. */
  voidHand(hand: RunningHand): Promise<Refund[]>;
}

/**
 * How commits are grouped: at most `maxBatch` in one call, at most `maxInFlight` calls at once; a
 * call that no write under way holds back waits `gatherMs` (0 or absent: none) for more commits,
 * and goes at once when `maxBatch` are waiting.
 */
export type CommitBatching = { maxBatch: number; maxInFlight: number; gatherMs?: number };

/**
 * 15 ms: a move's answer comes that much later at most, less than one frame of a 60 Hz screen,
 * nothing a person at the table can see (and only while commits come at least every 30 ms). At 200 tables of people thinking 1.5 s a move (about 110
 * commits a second) a call then carries about three commits instead of one, and the database spends
 * about a third less CPU per action (README, "Server performance at a human pace").
 */
export const DEFAULT_BATCHING: CommitBatching = { maxBatch: 64, maxInFlight: 2, gatherMs: 15 };

/**
 * The fencing token this node holds for a room's table (realtime/cluster/table-lease.ts), written
 * with each of its commits; null when tables are not leased (one node). The database refuses a
 * commit whose token is not the lease's current one (SV004).
 */
export type FenceSource = (roomId: string) => number | null;

type Records = {
  rows: { room_id: string; hand_number: number; state: TableState; status: HandStatus }[];
  steps: { room_id: string; hand_number: number; step: number; action: TableAction; at: number }[];
};

type Pending = {
  roomId: string;
  plan: MoneyPlan;
  rows: HandRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
  /** When the commit was asked for (performance.now()). */
  since: number;
};

/**
 * Durability: a hand that ends (payouts, the house's share) is committed to disk before it is
 * announced. Moves inside a hand commit lazily: a crash can lose the last instant of them, but the
 * hand row and the ledger are written together, so what survives is consistent, and a hand found
 * running after a restart is rebuilt from it and goes on (table-resume.ts). A later durable commit
 * flushes the earlier lazy ones with it (the log is written in order).
 */
function isLazy(plan: MoneyPlan, rows: HandRow[]): boolean {
  return plan.settledEscrows.length === 0 && rows.every((row) => row.step || row.status === 'running');
}

/**
 * A running hand as far as its steps apply, for voiding one that cannot be rebuilt (hand-rebuild.ts
 * is the strict rebuild that resumes a hand): its stored state with its steps applied in order.
 * Should one not apply (a gap, a refusal), the replay stops there, and voiding shares the escrow
 * the ledger holds in proportion to the claims of the state reached (void-plan.ts).
 */
export function replaySteps(state: TableState, steps: readonly HandStep[]): TableState {
  let current = state;
  for (const [i, s] of steps.entries()) {
    if (s.step !== i + 1) break;
    const r = applyAction(current, s.action, s.at);
    if (!r.ok) break;
    current = r.state;
  }
  return current;
}

export function createHandStore(
  knex: Knex,
  ledger: Ledger,
  batching: CommitBatching = DEFAULT_BATCHING,
  fence: FenceSource = () => null,
): HandStore {
  const tableCommitStatement = preparedStatement(
    knex,
    'svara_table_commit',
    `select table_commit($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::jsonb[], $7::bigint[], $8::json, $9::json, $10, $11::json)`,
  );
  const stats = {
    parts: 0,
    batches: 0,
    fallbacks: 0,
    get statements() {
      return tableCommitStatement.calls;
    },
  };
  const waiting: Pending[] = [];
  let inFlight = 0;
  const gatherMs = batching.gatherMs ?? 0;
  /** The timer of the oldest waiting commit's gathering window, while one runs. */
  let gathering: NodeJS.Timeout | null = null;
  // The mean time between commits (a moving average, ms) and the last one's arrival. A commit waits
  // for company only while others come often enough to be worth it (on average at least one every
  // two windows): a quiet server (a few tables) answers at once, as it gathers nothing anyway.
  let meanGap = 0;
  let lastArrival: number | null = null;

  // A plan's parties live in its room's currency: dollars, or play chips at a practice table.
  async function accountOf(p: LedgerParty, currency: RoomCurrency): Promise<number> {
    switch (p.kind) {
      case 'wallet':
        return ledger.walletOf(p.userId, currency);
      case 'escrow':
        return ledger.escrowOf(p.reference, currency);
      case 'house':
        return ledger.systemAccount(houseKind(currency));
    }
  }

  const escrowsOf = (plan: MoneyPlan) =>
    plan.settledEscrows.map((ref) => ledger.escrowOf(ref, plan.currency ?? 'usd'));

  async function requests(plan: MoneyPlan): Promise<TransferRequest[]> {
    const currency = plan.currency ?? 'usd';
    return Promise.all(
      plan.transfers.map(async (t) => ({
        idempotencyKey: t.idempotencyKey,
        debitAccountId: await accountOf(t.from, currency),
        creditAccountId: await accountOf(t.to, currency),
        amount: t.amount,
        reason: t.reason,
        metadata: t.metadata,
      })),
    );
  }

  /**
   * The escrows the plan settles must end at zero. Checked before anything is written: a hand's
   * escrow has one writer (its table's queue; at start, the void of a leftover hand), so its balance
   * now plus the plan's moves is exactly its balance after them. Gives the escrows' account ids.
   */
  async function assertSettledEmpty(plan: MoneyPlan, batch: TransferRequest[]): Promise<number[]> {
    const ids = await Promise.all(escrowsOf(plan));
    for (const [i, id] of ids.entries()) {
      let after = await ledger.balance(id);
      for (const t of batch) {
        if (t.debitAccountId === id) after -= t.amount;
        if (t.creditAccountId === id) after += t.amount;
      }
      if (after === 0) continue;
      // Posted before (a commit whose answer was lost): the balance already holds these moves, and
      // the ledger's replay checks they are the same ones.
      if (batch[0] && (await ledger.findTransfer(batch[0].idempotencyKey))) break;
      throw new EscrowNotEmptyError(plan.settledEscrows[i]!, after);
    }
    return ids;
  }

  /** Hand rows and steps as table_commit reads them (its p_rows and p_steps arguments). */
  function rowRecords(roomId: string, rows: HandRow[]): Records {
    const out: Records = { rows: [], steps: [] };
    for (const row of rows) {
      if (row.step) {
        const { step, action, at } = row.step;
        out.steps.push({ room_id: roomId, hand_number: row.handNumber, step, action, at });
      } else {
        out.rows.push({ room_id: roomId, hand_number: row.handNumber, state: row.state, status: row.status });
      }
    }
    return out;
  }

  function allRecords(batch: Pending[]): Records {
    const parts = batch.map((part) => rowRecords(part.roomId, part.rows));
    return { rows: parts.flatMap((p) => p.rows), steps: parts.flatMap((p) => p.steps) };
  }

  /**
   * One call of the table_commit database function: the transfers (through ledger_post), the check
   * that every settled escrow is empty, the running hands' steps and the hand rows (upserted with
   * their state), as one statement and one transaction.
   */
  async function tableCommit(
    transfers: TransferRequest[],
    settled: number[],
    records: Records,
    lazy: boolean,
  ): Promise<void> {
    const fences: { room_id: string; token: number }[] = [];
    for (const roomId of new Set([...records.rows, ...records.steps].map((r) => r.room_id))) {
      const token = fence(roomId);
      if (token !== null) fences.push({ room_id: roomId, token });
    }
    await tableCommitStatement.run([
      ...ledgerPostArguments(transfers),
      settled,
      JSON.stringify(records.rows),
      JSON.stringify(records.steps),
      lazy,
      JSON.stringify(fences),
    ]);
  }

  /**
   * One table_commit with the ledger's own answers: an overdraw, a replay. A replay (the same moves
   * were posted before, and the answer was lost) wrote nothing: the rows are written alone.
   */
  async function commitThroughLedger(
    transfers: TransferRequest[],
    settled: number[],
    records: Records,
    lazy: boolean,
  ): Promise<void> {
    const { replayed } = await ledger.postThrough(transfers, () =>
      tableCommit(transfers, settled, records, lazy),
    );
    if (replayed) await tableCommit([], [], records, lazy);
  }

  /** One commit on its own (see commitThroughLedger). */
  async function commitAlone(roomId: string, plan: MoneyPlan, rows: HandRow[]): Promise<void> {
    const batch = await requests(plan);
    const settled = await assertSettledEmpty(plan, batch);
    await commitThroughLedger(batch, settled, rowRecords(roomId, rows), isLazy(plan, rows));
  }

  /** Several tables' commits as one table_commit call; throws (and writes nothing) if any part fails. */
  async function commitTogether(batch: Pending[]): Promise<void> {
    // Account ids come from the ledger's cache; only a new hand's escrow costs a statement, and
    // those of several new hands are looked up at once.
    const [transfers, settled] = await Promise.all([
      Promise.all(batch.map((part) => requests(part.plan))).then((lists) => lists.flat()),
      Promise.all(batch.flatMap((part) => escrowsOf(part.plan))),
    ]);
    await tableCommit(
      transfers,
      settled,
      allRecords(batch),
      batch.every((part) => isLazy(part.plan, part.rows)),
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

  /**
   * Sends what waits, as far as calls may start. The oldest waiting commit gives the pace: a call
   * goes once it has waited `gatherMs`, or at once when `maxBatch` commits wait.
   */
  function pump(): void {
    if (gathering) {
      if (waiting.length < batching.maxBatch) return;
      clearTimeout(gathering);
      gathering = null;
    }
    while (inFlight < batching.maxInFlight && waiting.length > 0) {
      const wait = gatherMs - (performance.now() - waiting[0]!.since);
      if (wait > 0 && waiting.length < batching.maxBatch && meanGap < 2 * gatherMs) {
        gathering = setTimeout(() => {
          gathering = null;
          pump();
        }, wait);
        return;
      }
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
        const now = performance.now();
        if (lastArrival !== null) meanGap += 0.2 * (now - lastArrival - meanGap);
        lastArrival = now;
        waiting.push({ roomId, plan, rows, resolve, reject, since: now });
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
      const result = await knex.raw<{
        rows: { room_id: string; hand_number: number; state: TableState; steps: HandStep[] }[];
      }>(
        `select h.room_id, h.hand_number, h.state,
                coalesce((select json_agg(json_build_object('step', s.step, 'action', s.action, 'at', s.at)
                                          order by s.step)
                            from hand_steps s
                           where s.room_id = h.room_id and s.hand_number = h.hand_number), '[]') as steps
           from hands h
          where h.status = 'running'
          order by h.room_id, h.hand_number`,
      );
      return result.rows.map((r) => ({
        roomId: r.room_id,
        handNumber: r.hand_number,
        state: replaySteps(r.state, r.steps),
      }));
    },

    async voidHand(hand) {
      const reference = escrowReference(hand.roomId, hand.handNumber);
      const currency = hand.state.currency ?? 'usd';
      const escrow = await ledger.escrowOf(reference, currency);
      const refunds = planVoid(hand.state, await ledger.balance(escrow));
      const batch: TransferRequest[] = await Promise.all(
        refunds.map(async (r) => ({
          idempotencyKey: `void:${hand.roomId}:${hand.handNumber}:${r.playerId}`,
          debitAccountId: escrow,
          // A Sit & Go's pot goes back to the players' tournament chips (RULES §9).
          creditAccountId: hand.state.tournament
            ? await ledger.escrowOf(tournamentStackReference(hand.state.tournament.id, r.playerId), 'chips')
            : await ledger.walletOf(r.playerId, currency),
          amount: r.amount,
          reason: 'hand_void',
          metadata: { roomId: hand.roomId, handNumber: hand.handNumber },
        })),
      );
      const settled = await assertSettledEmpty(
        { transfers: [], settledEscrows: [reference], currency },
        batch,
      );
      // The row keeps the hand as it was when it stopped (its steps replayed), like a hand that ended.
      const voided = rowRecords(hand.roomId, [
        { handNumber: hand.handNumber, state: hand.state, status: 'voided' },
      ]);
      await commitThroughLedger(batch, settled, voided, false);
      return refunds;
    },
  };
}
