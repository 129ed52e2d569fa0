/**
 * The hash chain of every table's hands (core/src/fairness/record.ts). A record is built from the
 * hand's committed final state (the hands row the runtime writes with the ledger), so the chain needs
 * no part of the table's own write: `extend(roomId)` appends, in hand order, the records of the
 * room's hands that ended since its last record. The runtime calls it as hands end; `sweep` catches
 * up after a crash or for hands voided at a restart. Under a per-room advisory lock, so api nodes
 * never fork a chain; records are never updated (the table refuses it).
 */
import type { Knex } from '@mikro-orm/postgresql';
import {
  GENESIS_HASH,
  handRecordFromState,
  handRecordHash,
  publicHandRecordSchema,
  shownCards,
  type HandRecordStatus,
  type PublicHandRecord,
  type TableState,
} from '@svara/core';
import type { Logger } from '../logger.js';
import type { HandRef } from './hand-ref.js';

/** At most this many hands are chained by one extend() (the next call goes on). */
const EXTEND_BATCH = 500;

type HandRow = {
  id: string;
  hand_number: number;
  status: string;
  state: TableState;
  finished_at: Date | null;
};
type RecordRow = {
  hand_id: string;
  room_id: string;
  hand_number: number;
  status: HandRecordStatus;
  svara: boolean;
  commitment: string;
  server_seed: string;
  client_seed: string;
  player_seeds: string[];
  deal_order: number[];
  deal_hash: string;
  shown: PublicHandRecord['shown'];
  prev_hash: string;
  record_hash: string;
  finished_at: Date;
};

export type ChainLink = { handId: string; handNumber: number; prevHash: string; recordHash: string };

export interface FairnessChain {
  /** Appends the records of the room's ended hands not chained yet; resolves with how many. */
  extend(roomId: string): Promise<number>;
  /** extend() for every room with a hand ended since `since` and not chained. */
  sweep(since: Date): Promise<number>;
  /** Schedules extend(roomId) (a hand ended); errors are logged. */
  poke(roomId: string): void;
  /** The public record of a hand, or null (no such hand, or it has not ended). */
  record(ref: HandRef): Promise<(PublicHandRecord & { previousHash: string | null }) | null>;
  /** A room's chain from `after` (exclusive), oldest first. */
  links(roomId: string, after: number, limit: number): Promise<ChainLink[]>;
  /** Waits for the extends under way (tests, shutdown). */
  idle(): Promise<void>;
}

const toPublic = (r: RecordRow): PublicHandRecord => ({
  id: r.hand_id,
  roomId: r.room_id,
  handNumber: r.hand_number,
  status: r.status,
  svara: r.svara,
  commitment: r.commitment,
  serverSeed: r.server_seed,
  clientSeed: r.client_seed,
  playerSeeds: r.player_seeds,
  dealOrder: r.deal_order,
  dealHash: r.deal_hash,
  prevHash: r.prev_hash,
  recordHash: r.record_hash,
  finishedAt: new Date(r.finished_at).toISOString(),
  shown: r.shown,
});

export function createFairnessChain(knex: Knex, logger: Logger): FairnessChain {
  const running = new Map<string, Promise<number>>();
  const again = new Set<string>();

  async function extendNow(roomId: string): Promise<number> {
    return knex.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtext('svara:fairness:' || ?))`, [roomId]);
      const last = await trx.raw<{ rows: { hand_number: number; record_hash: string }[] }>(
        `select hand_number, record_hash from hand_fairness where room_id = ? order by hand_number desc limit 1`,
        [roomId],
      );
      let prevHash = last.rows[0]?.record_hash ?? GENESIS_HASH;
      const after = last.rows[0]?.hand_number ?? 0;
      const hands = await trx.raw<{ rows: HandRow[] }>(
        `select id, hand_number, status, state, finished_at from hands
          where room_id = ? and hand_number > ? order by hand_number limit ?`,
        [roomId, after, EXTEND_BATCH],
      );
      let added = 0;
      for (const h of hands.rows) {
        // Chained in hand order: a hand still running holds back the ones after it.
        if (h.status === 'running') break;
        const fields = handRecordFromState(roomId, h.state, h.status as HandRecordStatus, prevHash);
        if (!fields) continue;
        const recordHash = handRecordHash(fields);
        await trx.raw(
          `insert into hand_fairness (hand_id, room_id, hand_number, status, svara, commitment, server_seed,
             client_seed, player_seeds, deal_order, deal_hash, shown, prev_hash, record_hash, finished_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?::jsonb, ?, ?, coalesce(?, now()))`,
          [
            h.id,
            roomId,
            fields.handNumber,
            fields.status,
            fields.svara,
            fields.commitment,
            fields.serverSeed,
            fields.clientSeed,
            JSON.stringify(fields.playerSeeds),
            JSON.stringify(fields.dealOrder),
            fields.dealHash,
            JSON.stringify(shownCards(h.state)),
            fields.prevHash,
            recordHash,
            h.finished_at,
          ],
        );
        prevHash = recordHash;
        added += 1;
      }
      return added;
    });
  }

  /** One extend at a time per room; a request during one runs once more after it. */
  function extend(roomId: string): Promise<number> {
    const current = running.get(roomId);
    if (current) {
      again.add(roomId);
      return current;
    }
    const task = (async () => {
      let total = 0;
      do {
        again.delete(roomId);
        total += await extendNow(roomId);
      } while (again.has(roomId));
      return total;
    })().finally(() => running.delete(roomId));
    running.set(roomId, task);
    return task;
  }

  async function readRecord(where: string, params: (string | number)[]): Promise<RecordRow | null> {
    const r = await knex.raw<{ rows: RecordRow[] }>(
      `select * from hand_fairness where ${where} limit 1`,
      params,
    );
    return r.rows[0] ?? null;
  }

  async function find(ref: HandRef): Promise<RecordRow | null> {
    return 'handId' in ref
      ? readRecord('hand_id = ?', [ref.handId])
      : readRecord('room_id = ? and hand_number = ?', [ref.roomId, ref.handNumber]);
  }

  return {
    extend,

    async sweep(since) {
      const rooms = await knex.raw<{ rows: { room_id: string }[] }>(
        `select distinct h.room_id from hands h
          where h.status <> 'running' and h.finished_at >= ?
            and not exists (select 1 from hand_fairness f where f.hand_id = h.id)`,
        [since],
      );
      let total = 0;
      for (const { room_id } of rooms.rows) total += await extend(room_id);
      return total;
    },

    poke(roomId) {
      extend(roomId).catch((error: unknown) =>
        logger.error({ err: error, roomId }, 'fairness chain: extend failed'),
      );
    },

    async record(ref) {
      let row = await find(ref);
      if (!row) {
        // Ended a moment ago and not chained yet: chain it now (only for a hand that has ended).
        const where = 'handId' in ref ? 'id = ?' : 'room_id = ? and hand_number = ?';
        const params = 'handId' in ref ? [ref.handId] : [ref.roomId, ref.handNumber];
        const hand = await knex.raw<{ rows: { room_id: string }[] }>(
          `select room_id from hands where ${where} and status <> 'running'`,
          params,
        );
        const roomId = hand.rows[0]?.room_id;
        if (!roomId) return null;
        await extend(roomId);
        row = await find(ref);
        if (!row) return null;
      }
      const previous = await readRecord('room_id = ? and hand_number < ? order by hand_number desc', [
        row.room_id,
        row.hand_number,
      ]);
      return { ...publicHandRecordSchema.parse(toPublic(row)), previousHash: previous?.record_hash ?? null };
    },

    async links(roomId, after, limit) {
      const r = await knex.raw<{ rows: RecordRow[] }>(
        `select hand_id, hand_number, prev_hash, record_hash from hand_fairness
          where room_id = ? and hand_number > ? order by hand_number limit ?`,
        [roomId, after, limit],
      );
      return r.rows.map((x) => ({
        handId: x.hand_id,
        handNumber: x.hand_number,
        prevHash: x.prev_hash,
        recordHash: x.record_hash,
      }));
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
