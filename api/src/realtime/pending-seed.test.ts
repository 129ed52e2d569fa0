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

  it('stores seeds drawn ahead together: they wait until a seed is needed now, then go with it', async () => {
    const [a, b, c] = (await Promise.all(
      ['7811', '7812', '7813'].map((id) => fundedTestRoom(db.knex, [id])),
    )) as [string, string, string];
    const seeds = createPendingSeedStore(db.knex, 60_000);
    const settled: string[] = [];
    const ahead = [a, b].map((roomId, i) =>
      seeds.keep(roomId, { handNumber: 1, seed: testSeed(10 + i) }, { background: true }).then((kept) => {
        settled.push(roomId);
        return kept;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toEqual([]);
    const stored = async () =>
      (
        await db.knex.raw<{ rows: unknown[] }>(`select 1 from pending_seeds where room_id = any(?::uuid[])`, [
          [a, b, c],
        ])
      ).rows.length;
    expect(await stored()).toBe(0);
    // A seed needed now takes those waiting along.
    expect(await seeds.keep(c, { handNumber: 1, seed: testSeed(12) })).toEqual({
      handNumber: 1,
      seed: testSeed(12),
    });
    expect(await Promise.all(ahead)).toEqual([
      { handNumber: 1, seed: testSeed(10) },
      { handNumber: 1, seed: testSeed(11) },
    ]);
    expect(await stored()).toBe(3);
  });

  it('gives each seed of a batch its own answer: a refused one holds back none of the others', async () => {
    const [a, b] = (await Promise.all(['7821', '7822'].map((id) => fundedTestRoom(db.knex, [id])))) as [
      string,
      string,
    ];
    const seeds = createPendingSeedStore(db.knex, 60_000);
    const good = seeds.keep(a, { handNumber: 3, seed: testSeed(20) }, { background: true });
    const bad = seeds.keep(b, { handNumber: 3, seed: 'NOT-A-SEED' }, { background: true });
    seeds.flush();
    expect(await good).toEqual({ handNumber: 3, seed: testSeed(20) });
    await expect(bad).rejects.toThrow(/pending_seeds_server_seed_check/);
    // Two seeds of one room in a batch: the first is written first, the later hand's replaces it.
    const first = seeds.keep(a, { handNumber: 4, seed: testSeed(21) }, { background: true });
    const second = seeds.keep(a, { handNumber: 5, seed: testSeed(22) }, { background: true });
    seeds.flush();
    expect(await first).toEqual({ handNumber: 4, seed: testSeed(21) });
    expect(await second).toEqual({ handNumber: 5, seed: testSeed(22) });
  });

  it('stores what waits when drained, and resolves only once every write has ended', async () => {
    const roomId = await fundedTestRoom(db.knex, ['7831']);
    const seeds = createPendingSeedStore(db.knex, 60_000);
    const kept = seeds.keep(roomId, { handNumber: 7, seed: testSeed(30) }, { background: true });
    let settled = false;
    void kept.then(() => (settled = true));
    await seeds.drain();
    // Written before drain resolved, not a minute later: the pool may close now.
    expect(settled).toBe(true);
    const rows = await db.knex.raw<{ rows: unknown[] }>(
      `select hand_number from pending_seeds where room_id = ?`,
      [roomId],
    );
    expect(rows.rows).toEqual([{ hand_number: 7 }]);
    // Nothing waiting: it resolves at once.
    await seeds.drain();
  });
});
