/**
 * The players' contributions to a table's next client seed (RULES §7, FAIRNESS.md §6), in the
 * database (`seed_contributions`). The runtime takes a contribution only while the table shows the
 * commitment of the hand it is for, writes it here before answering, and mixes the contributions of
 * the players seated at the deal; a restart, another node taking the room over, or a player standing
 * up and sitting down again before the deal finds them here.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { z } from 'zod';

/** One player's contribution to hand `handNumber` of a room. */
export type SeedContribution = {
  handNumber: number;
  userId: string;
  seed: string;
  /** The commitment the player's app named (absent: a client that named none). */
  commitment: string | null;
};

export interface SeedContributionStore {
  /**
   * Keeps `c` as the player's contribution to its hand (replacing an earlier one of theirs to the
   * same hand) and forgets the room's contributions to earlier hands.
   */
  add(roomId: string, c: SeedContribution): Promise<void>;
  /** The room's contributions to hand `handNumber`, oldest first. */
  forHand(roomId: string, handNumber: number): Promise<SeedContribution[]>;
}

const rowSchema = z.object({
  hand_number: z.number().int(),
  user_id: z.union([z.string(), z.number()]).transform(String),
  seed: z.string(),
  commitment: z.string().nullable(),
});

export function createSeedContributionStore(knex: Knex): SeedContributionStore {
  return {
    async add(roomId, c) {
      await knex.raw(
        `with dropped as (
           delete from seed_contributions where room_id = ? and hand_number < ?
         )
         insert into seed_contributions (room_id, hand_number, user_id, seed, commitment)
         values (?, ?, ?, ?, ?)
         on conflict (room_id, hand_number, user_id) do update
           set seed = excluded.seed, commitment = excluded.commitment, received_at = now()`,
        [roomId, c.handNumber, roomId, c.handNumber, c.userId, c.seed, c.commitment],
      );
    },

    async forHand(roomId, handNumber) {
      const r = await knex.raw<{ rows: unknown[] }>(
        `select hand_number, user_id, seed, commitment from seed_contributions
          where room_id = ? and hand_number = ? order by received_at, user_id`,
        [roomId, handNumber],
      );
      return z
        .array(rowSchema)
        .parse(r.rows)
        .map((row) => ({
          handNumber: row.hand_number,
          userId: row.user_id,
          seed: row.seed,
          commitment: row.commitment,
        }));
    },
  };
}
