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

/** At most this many hands of a room are chained by one batch (the next one goes on). */
const EXTEND_BATCH = 500;
/** How long pokes are gathered into one batch: a record comes this much later, in far fewer statements. */
const GATHER_MS = 1000;
/** Rooms a sweep chains per transaction. */
const SWEEP_ROOMS = 200;

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
  /** A hand of the room ended: it is chained with the next batch (errors are logged). */
  poke(roomId: string): void;
  /** The public record of a hand, or null (no such hand, or it has not ended). */
  record(ref: HandRef): Promise<PublicHandRecord | null>;
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
  /**
   * Appends, in one transaction, the records of the given rooms' hands ended since each room's last
   * record: a fixed number of statements whatever the number of rooms, so a busy node chains the
   * hands of all its tables for a few statements per batch rather than six per hand.
   */
  async function extendNow(roomIds: readonly string[]): Promise<number> {
    const rooms = [...new Set(roomIds)].sort();
    if (rooms.length === 0) return 0;
    return knex.transaction(async (trx) => {
      // Taken in one order (by the lock's key) on every node, so two batches never wait on each other.
      await trx.raw(
        `select pg_advisory_xact_lock(k) from (
           select distinct hashtext('svara:fairness:' || r) as k from unnest(?::text[]) as r order by 1
         ) as keys`,
        [rooms],
      );
      const last = await trx.raw<{ rows: { room_id: string; hand_number: number; record_hash: string }[] }>(
        `select distinct on (room_id) room_id, hand_number, record_hash from hand_fairness
          where room_id = any(?::uuid[]) order by room_id, hand_number desc`,
        [rooms],
      );
      const tip = new Map(last.rows.map((r) => [r.room_id, r]));
      const hands = await trx.raw<{ rows: (HandRow & { room_id: string })[] }>(
        `select h.room_id, h.id, h.hand_number, h.status, h.state, h.finished_at
           from unnest(?::uuid[], ?::int[]) as a(room_id, after)
           cross join lateral (
             select id, room_id, hand_number, status, state, finished_at from hands
              where room_id = a.room_id and hand_number > a.after order by hand_number limit ?
           ) as h
          order by h.room_id, h.hand_number`,
        [rooms, rooms.map((id) => tip.get(id)?.hand_number ?? 0), EXTEND_BATCH],
      );
      const records: (Omit<RecordRow, 'finished_at'> & { finished_at: Date | null })[] = [];
      const held = new Set<string>();
      const prevHash = new Map(rooms.map((id) => [id, tip.get(id)?.record_hash ?? GENESIS_HASH]));
      for (const h of hands.rows) {
        // Chained in hand order: a hand still running holds back the ones after it.
        if (held.has(h.room_id)) continue;
        if (h.status === 'running') {
          held.add(h.room_id);
          continue;
        }
        const previous = prevHash.get(h.room_id)!;
        const fields = handRecordFromState(h.room_id, h.state, h.status as HandRecordStatus, previous);
        if (!fields) continue;
        const recordHash = handRecordHash(fields);
        records.push({
          hand_id: h.id,
          room_id: h.room_id,
          hand_number: fields.handNumber,
          status: fields.status,
          svara: fields.svara,
          commitment: fields.commitment,
          server_seed: fields.serverSeed,
          client_seed: fields.clientSeed,
          player_seeds: fields.playerSeeds,
          deal_order: fields.dealOrder,
          deal_hash: fields.dealHash,
          shown: shownCards(h.state),
          prev_hash: fields.prevHash,
          record_hash: recordHash,
          finished_at: h.finished_at,
        });
        prevHash.set(h.room_id, recordHash);
      }
      if (records.length === 0) return 0;
      await trx.raw(
        `insert into hand_fairness (hand_id, room_id, hand_number, status, svara, commitment, server_seed,
           client_seed, player_seeds, deal_order, deal_hash, shown, prev_hash, record_hash, finished_at)
         select r.hand_id, r.room_id, r.hand_number, r.status, r.svara, r.commitment, r.server_seed,
                r.client_seed, r.player_seeds, r.deal_order, r.deal_hash, r.shown, r.prev_hash,
                r.record_hash, coalesce(r.finished_at, now())
           from json_to_recordset(?::json) as r(hand_id uuid, room_id uuid, hand_number integer,
             status text, svara boolean, commitment text, server_seed text, client_seed text,
             player_seeds jsonb, deal_order jsonb, deal_hash text, shown jsonb, prev_hash text,
             record_hash text, finished_at timestamptz)`,
        [JSON.stringify(records)],
      );
      return records.length;
    });
  }

  /**
   * Rooms poked (a hand ended) and not chained yet. They are chained together, one batch at a time:
   * the pokes that arrive while a batch is written go into the next one.
   */
  const pending = new Set<string>();
  let batch: Promise<void> | null = null;
  let gathering: NodeJS.Timeout | null = null;

  /** The first poke after a quiet spell waits GATHER_MS for others, so a batch holds many hands. */
  function schedule(): void {
    if (gathering || batch) return;
    gathering = setTimeout(() => {
      gathering = null;
      void drain();
    }, GATHER_MS);
    gathering.unref();
  }

  function drain(): Promise<void> {
    batch ??= (async () => {
      while (pending.size > 0) {
        const rooms = [...pending];
        pending.clear();
        try {
          await extendNow(rooms);
        } catch (error) {
          logger.error({ err: error, rooms: rooms.length }, 'fairness chain: extend failed');
        }
      }
    })().finally(() => {
      batch = null;
      // A poke in the moment between the loop's last look and here.
      if (pending.size > 0) schedule();
    });
    return batch;
  }

  /** Chains one room now; the advisory lock orders it with any batch under way. */
  function extend(roomId: string): Promise<number> {
    return extendNow([roomId]);
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
      const ids = rooms.rows.map((r) => r.room_id);
      for (let i = 0; i < ids.length; i += SWEEP_ROOMS)
        total += await extendNow(ids.slice(i, i + SWEEP_ROOMS));
      return total;
    },

    poke(roomId) {
      pending.add(roomId);
      schedule();
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
      return publicHandRecordSchema.parse(toPublic(row));
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
      if (gathering) {
        clearTimeout(gathering);
        gathering = null;
        void drain();
      }
      while (batch) await batch;
    },
  };
}
