/**
 * Table leases against a real database: one owner per room at a time, a takeover only once the
 * lease expired, a new fencing token with every acquisition, and the database refusing the writes
 * of a node whose token is stale (table_commit and the fenced seat writes).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test-support/db.js';
import { createSeatStore } from '../seat-store.js';
import { Ownership } from './ownership.js';
import { FENCE_REFUSED, LeaseLostError, TableLeases } from './table-lease.js';

const db = useTestDatabase();
const quiet = { info() {}, warn() {}, error() {} } as never;

async function openRoom(): Promise<string> {
  const roomId = randomUUID();
  await db.knex.raw(
    `insert into users (telegram_id) values (7501), (7502), (7503), (7504) on conflict do nothing`,
  );
  await db.knex.raw(`insert into rooms (id, stake_cents, type, status) values (?, 100, 'public', 'open')`, [
    roomId,
  ]);
  return roomId;
}

/** One hand row written through table_commit with the given fence (no money). */
function commitHand(roomId: string, handNumber: number, fences: { room_id: string; token: number }[]) {
  const rows = [{ room_id: roomId, hand_number: handNumber, state: { handNumber }, status: 'running' }];
  return db.knex.raw(
    `select table_commit('{}'::text[], '{}'::bigint[], '{}'::bigint[], '{}'::bigint[], '{}'::text[],
                         '{}'::jsonb[], '{}'::bigint[], ?::json, '[]'::json, false, ?::json)`,
    [JSON.stringify(rows), JSON.stringify(fences)],
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('TableLeases', () => {
  it('gives a room to one node until its lease expires, with a new token at every acquisition', async () => {
    const roomId = await openRoom();
    const a = new TableLeases(db.knex, 'node-a', 300);
    const b = new TableLeases(db.knex, 'node-b', 300);
    expect(await a.acquire(roomId)).toBe(1);
    expect(await b.acquire(roomId)).toBeNull();
    expect(await a.owner(roomId)).toBe('node-a');
    expect(await a.renew([roomId])).toEqual(new Set([roomId]));
    await sleep(400);
    // Expired: b takes over, and a renewing no longer holds it.
    expect(await a.owner(roomId)).toBeNull();
    expect(await b.acquire(roomId)).toBe(2);
    expect(await a.renew([roomId])).toEqual(new Set());
    await b.release([roomId]);
    expect(await a.acquire(roomId)).toBe(1);
  });

  it('lists open rooms with seats or a running hand whose lease is gone', async () => {
    const seated = await openRoom();
    const empty = await openRoom();
    const owned = await openRoom();
    await createSeatStore(db.knex).record(seated, [
      { seated: true, seat: { position: 1, userId: '7501', username: null, avatar: null } },
    ]);
    await createSeatStore(db.knex).record(owned, [
      { seated: true, seat: { position: 1, userId: '7502', username: null, avatar: null } },
    ]);
    const leases = new TableLeases(db.knex, 'node-c', 5_000);
    await leases.acquire(owned);
    const orphans = await leases.orphans();
    expect(orphans).toContain(seated);
    expect(orphans).not.toContain(empty);
    expect(orphans).not.toContain(owned);
  });

  it('table_commit refuses a stale fencing token and writes nothing', async () => {
    const roomId = await openRoom();
    const a = new TableLeases(db.knex, 'node-a', 50);
    const b = new TableLeases(db.knex, 'node-b', 5_000);
    const old = (await a.acquire(roomId))!;
    await commitHand(roomId, 1, [{ room_id: roomId, token: old }]);
    await sleep(80);
    const current = (await b.acquire(roomId))!;
    expect(current).toBe(old + 1);
    await expect(commitHand(roomId, 2, [{ room_id: roomId, token: old }])).rejects.toMatchObject({
      code: FENCE_REFUSED,
    });
    await commitHand(roomId, 3, [{ room_id: roomId, token: current }]);
    const hands = await db
      .knex('hands')
      .where({ room_id: roomId })
      .orderBy('hand_number')
      .pluck('hand_number');
    expect(hands).toEqual([1, 3]);
  });

  it('refuses the seat writes of a node that lost the lease, and forgets its table', async () => {
    const roomId = await openRoom();
    const forgotten: string[] = [];
    const timing = { ttlMs: 50, renewEveryMs: 10_000, watchEveryMs: 10_000 };
    const a = new Ownership(new TableLeases(db.knex, 'node-a', 50), timing, quiet);
    a.start({ resumeRoom: async () => false, peek: () => ({}), forget: (id) => forgotten.push(id) });
    const seats = a.fencedSeats(db.knex, createSeatStore(db.knex));
    expect(await a.acquire(roomId)).toBe(true);
    const sit = (userId: string) => [
      {
        seated: true as const,
        seat: { position: Number(userId) - 7500, userId, username: null, avatar: null },
      },
    ];
    // Players of their own (a player sits at one table at a time, and the test above seated 7501, 7502).
    await seats.record(roomId, sit('7503'));
    await sleep(80);
    await new TableLeases(db.knex, 'node-b', 5_000).acquire(roomId);
    await expect(seats.record(roomId, sit('7504'))).rejects.toBeInstanceOf(LeaseLostError);
    expect(forgotten).toEqual([roomId]);
    expect(a.holds(roomId)).toBe(false);
    expect(await createSeatStore(db.knex).inRoom(roomId)).toHaveLength(1);
    await a.stop();
  });

  it('renews past a commit under way, while a takeover waits for that commit to end', async () => {
    const roomId = await openRoom();
    const a = new TableLeases(db.knex, 'node-a', 60);
    const b = new TableLeases(db.knex, 'node-b', 5_000);
    const token = (await a.acquire(roomId))!;
    // A commit under way: the fence check's row lock (table_commit takes it FOR KEY SHARE) held open.
    const trx = await db.knex.transaction();
    try {
      await a.assertToken(trx, roomId, token);
      // The owner's renewal does not wait for it ...
      expect(await a.renew([roomId])).toEqual(new Set([roomId]));
      await sleep(100);
      // ... but a takeover of the expired lease does: it gets the lease only once the commit ended.
      let taken: number | null | undefined;
      const takeover = b.acquire(roomId).then((t) => (taken = t));
      await sleep(150);
      expect(taken).toBeUndefined();
      await trx.commit();
      await takeover;
      expect(taken).toBe(token + 1);
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }
  });
});
