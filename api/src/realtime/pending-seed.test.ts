/**
 * The stored seed of a table's next hand: the first one kept for a hand stands (a restart drawing
 * again, or a node that lost the room, gets it back instead of replacing it); a later hand's replaces it.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { fundedTestRoom } from '../test-support/funded-room.js';
import { createPendingSeedStore } from './pending-seed.js';
import { testSeed } from './test-support/seeds.js';

const db = useTestDatabase();

describe('PendingSeedStore.keep', () => {
  it('keeps the first seed of a hand, gives it back for a second draw, and lets a later hand replace it', async () => {
    const roomId = await fundedTestRoom(db.knex, ['7801']);
    const seeds = createPendingSeedStore(db.knex);
    const first = { handNumber: 1, seed: testSeed(1) };
    expect(await seeds.keep(roomId, first)).toEqual(first);
    // Drawn again for the same hand (a restart): the stored one stands.
    expect(await seeds.keep(roomId, { handNumber: 1, seed: testSeed(2) })).toEqual(first);

    const later = { handNumber: 2, seed: testSeed(3) };
    expect(await seeds.keep(roomId, later)).toEqual(later);
    // A node behind the table (it lost the room) gets the newer seed back and does not replace it.
    expect(await seeds.keep(roomId, { handNumber: 1, seed: testSeed(4) })).toEqual(later);
    const rows = await db.knex.raw<{ rows: unknown[] }>(
      `select hand_number, server_seed from pending_seeds where room_id = ?`,
      [roomId],
    );
    expect(rows.rows).toEqual([{ hand_number: 2, server_seed: testSeed(3) }]);
  });

  it('refuses anything but a seed as 64 lowercase hex characters', async () => {
    const roomId = await fundedTestRoom(db.knex, ['7802']);
    await expect(
      createPendingSeedStore(db.knex).keep(roomId, { handNumber: 1, seed: 'NOT-A-SEED' }),
    ).rejects.toThrow(/pending_seeds_server_seed_check/);
  });
});
