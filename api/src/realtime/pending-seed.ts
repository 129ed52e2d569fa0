/**
 * The server seed a table has committed to for its next hand (RULES §7), in the database (the
 * `pending_seeds` table). The table runtime draws it as soon as that hand is foreseeable and stores
 * it here before its hash (TableState.nextCommitment) is first shown, so that a restarted process,
 * or a node taking the room over, deals the hand with the very seed whose hash the players saw.
 * Only the runtime reads it: no frame, lobby entry or REST answer carries a seed before its hand is
 * over (then the hand's own record does).
 *
 * Seeds drawn ahead in the background (the next hand's, as a hand is dealt) are not needed for
 * seconds: they wait up to `gatherMs` for the other tables' and are stored together, in one
 * statement. A seed needed now (`keep` without `background`, or `flush`) takes them along at once.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { z } from 'zod';

/** The seed for hand `handNumber` of a room. */
export type PendingSeed = { handNumber: number; seed: string };

export interface PendingSeedStore {
  /**
   * Stores `drawn` as the room's seed for hand `drawn.handNumber` and returns it, unless the room
   * already has one for that hand or a later one: that one stands and is returned instead. So a
   * commitment once stored is never replaced, not by a restart drawing again nor by a node that no
   * longer owns the table. `background`: the seed is not needed yet, it may wait for others.
   */
  keep(roomId: string, drawn: PendingSeed, options?: { background?: boolean }): Promise<PendingSeed>;
  /** Stores the seeds waiting in the background now (one is about to be needed). */
  flush?(): void;
  /**
   * Stores what waits and resolves once every write has ended: on stopping, before the database's
   * pool closes (a seed gathered for later would otherwise find no pool).
   */
  drain?(): Promise<void>;
}

/** How long a seed drawn ahead waits for others (the hand it is for is seconds away). */
export const BACKGROUND_GATHER_MS = 1_000;

const rowSchema = z.object({ room_id: z.string(), hand_number: z.number().int(), server_seed: z.string() });

type Waiting = {
  roomId: string;
  drawn: PendingSeed;
  resolve: (kept: PendingSeed) => void;
  reject: (error: unknown) => void;
};

export function createPendingSeedStore(knex: Knex, gatherMs = 0): Required<PendingSeedStore> {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  const writing = new Set<Promise<void>>();

  /** Stores the seeds of `parts` (one per room) in one statement; what stands, by room. */
  async function keepAll(parts: Waiting[]): Promise<Map<string, PendingSeed>> {
    const written = await knex.raw<{ rows: unknown[] }>(
      `insert into pending_seeds (room_id, hand_number, server_seed)
       select * from unnest(?::uuid[], ?::integer[], ?::text[])
       on conflict (room_id) do update
         set hand_number = excluded.hand_number, server_seed = excluded.server_seed, committed_at = now()
         where pending_seeds.hand_number < excluded.hand_number
       returning room_id::text, hand_number, server_seed`,
      [parts.map((p) => p.roomId), parts.map((p) => p.drawn.handNumber), parts.map((p) => p.drawn.seed)],
    );
    const kept = byRoom(written.rows);
    const others = parts.filter((p) => !kept.has(p.roomId.toLowerCase())).map((p) => p.roomId);
    if (others.length > 0) {
      // Rows not replaced: a statement of its own sees the rows that stand (READ COMMITTED).
      const standing = await knex.raw<{ rows: unknown[] }>(
        `select room_id::text, hand_number, server_seed from pending_seeds where room_id = any(?::uuid[])`,
        [others],
      );
      for (const [room, seed] of byRoom(standing.rows)) kept.set(room, seed);
    }
    return kept;
  }

  function settle(parts: Waiting[], kept: Map<string, PendingSeed>): void {
    for (const p of parts) {
      const found = kept.get(p.roomId.toLowerCase());
      if (found) p.resolve(found);
      else p.reject(new Error(`room ${p.roomId} has no pending seed after keeping one`));
    }
  }

  async function write(parts: Waiting[]): Promise<void> {
    try {
      settle(parts, await keepAll(parts));
      return;
    } catch (error) {
      if (parts.length === 1) {
        parts[0]!.reject(error);
        return;
      }
    }
    // One bad part (a malformed seed, a room gone) holds back none of the others.
    for (const p of parts) {
      try {
        settle([p], await keepAll([p]));
      } catch (error) {
        p.reject(error);
      }
    }
  }

  function flush(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (waiting.length === 0) return;
    // One seed per room a statement (an upsert cannot touch a row twice): a second one for the same
    // room waits for the first to be written, and goes after it.
    const rooms = new Set<string>();
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const w of waiting) {
      if (rooms.has(w.roomId)) rest.push(w);
      else {
        rooms.add(w.roomId);
        batch.push(w);
      }
    }
    waiting = rest;
    const written = write(batch).then(() => {
      if (rest.length > 0) flush();
    });
    writing.add(written);
    void written.finally(() => writing.delete(written));
  }

  async function drain(): Promise<void> {
    flush();
    while (writing.size > 0) await Promise.allSettled([...writing]);
  }

  return {
    keep(roomId, drawn, options) {
      return new Promise<PendingSeed>((resolve, reject) => {
        waiting.push({ roomId, drawn, resolve, reject });
        if (!options?.background || gatherMs <= 0) flush();
        else timer ??= setTimeout(flush, gatherMs);
      });
    },
    flush,
    drain,
  };
}

function byRoom(rows: unknown[]): Map<string, PendingSeed> {
  const kept = new Map<string, PendingSeed>();
  for (const row of z.array(rowSchema).parse(rows)) {
    kept.set(row.room_id.toLowerCase(), { handNumber: row.hand_number, seed: row.server_seed });
  }
  return kept;
}
