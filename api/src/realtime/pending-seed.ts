/**
 * The server seed a table has committed to for its next hand (RULES §7), in the database (the
 * `pending_seeds` table). The table runtime draws it as soon as that hand is foreseeable and stores
 * it here before its hash (TableState.nextCommitment) is first shown, so that a restarted process,
 * or a node taking the room over, deals the hand with the very seed whose hash the players saw.
 * Only the runtime reads it: no frame, lobby entry or REST answer carries a seed before its hand is
 * over (then the hand's own record does).
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
   * longer owns the table.
   */
  keep(roomId: string, drawn: PendingSeed): Promise<PendingSeed>;
}

const rowSchema = z.object({ hand_number: z.number().int(), server_seed: z.string() });
const pending = (rows: unknown[]): PendingSeed | null => {
  const row = z.array(rowSchema).parse(rows)[0];
  return row ? { handNumber: row.hand_number, seed: row.server_seed } : null;
};

export function createPendingSeedStore(knex: Knex): PendingSeedStore {
  return {
    async keep(roomId, drawn) {
      const written = await knex.raw<{ rows: unknown[] }>(
        `insert into pending_seeds (room_id, hand_number, server_seed) values (?, ?, ?)
         on conflict (room_id) do update
           set hand_number = excluded.hand_number, server_seed = excluded.server_seed, committed_at = now()
           where pending_seeds.hand_number < excluded.hand_number
         returning hand_number, server_seed`,
        [roomId, drawn.handNumber, drawn.seed],
      );
      const kept = pending(written.rows);
      if (kept) return kept;
      // The row was not replaced: a statement of its own sees the row that stands (READ COMMITTED).
      const standing = await knex.raw<{ rows: unknown[] }>(
        `select hand_number, server_seed from pending_seeds where room_id = ?`,
        [roomId],
      );
      const found = pending(standing.rows);
      if (!found) throw new Error(`room ${roomId} has no pending seed after keeping one`);
      return found;
    },
  };
}
