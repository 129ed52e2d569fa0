/**
 * Ownership of tables on one node, against a real database for the leases: a table opens only under
 * the room's lease, a refused fence drops the table from memory at once (nothing more is dealt or
 * written for it), a renewal that finds the lease taken does the same, and the watcher resumes the
 * rooms whose owner is gone but never a live node's.
 */
import { randomUUID } from 'node:crypto';
import type { TableState } from '@svara/core';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.js';
import { useTestDatabase } from '../../test-support/db.js';
import type { HandRow, HandStore } from '../hand-store.js';
import { resolveOptions } from '../options.js';
import { createSeatStore } from '../seat-store.js';
import { TableRuntime } from '../table-runtime.js';
import { Ownership, type OwnedTables } from './ownership.js';
import { FENCE_REFUSED, TableLeases } from './table-lease.js';

const db = useTestDatabase();
const logger = createLogger({ level: 'silent', pretty: false });
const SLOW = { ttlMs: 5_000, renewEveryMs: 60_000, watchEveryMs: 60_000 };

async function openRoom(): Promise<string> {
  const roomId = randomUUID();
  await db.knex.raw(`insert into users (telegram_id) values (7601), (7602), (7603) on conflict do nothing`);
  await db.knex.raw(`insert into rooms (id, stake_cents, type, status) values (?, 100, 'public', 'open')`, [
    roomId,
  ]);
  return roomId;
}

/** Hand writes kept in memory; refused as the database refuses a stale fencing token when asked. */
class FencedMemoryStore implements HandStore {
  readonly written: HandRow[] = [];
  readonly stats = { parts: 0, batches: 0, fallbacks: 0, statements: 0 };
  refuse = false;
  async commit(_roomId: string, _plan: unknown, rows: HandRow[]): Promise<void> {
    await Promise.resolve();
    if (this.refuse)
      throw Object.assign(new Error('table is owned by another node'), { code: FENCE_REFUSED });
    this.written.push(...rows);
  }
  async lastHandNumber() {
    return 0;
  }
  async runningHands() {
    return [];
  }
  async voidHand() {
    return [];
  }
}

function runtimeOn(ownership: Ownership, store: FencedMemoryStore) {
  return new TableRuntime({
    store: ownership.fencedStore(store),
    ledger: { walletBalance: async () => 100_000, escrowOf: async () => 0, balance: async () => 0 },
    rooms: {
      get: async (id) => ({
        id,
        ownerId: null,
        stakeCents: 100,
        type: 'public',
        status: 'open',
        createdAt: new Date(),
        closedAt: null,
      }),
      hasAccess: async () => true,
      close: async () => undefined,
    },
    options: resolveOptions({ startDelayMs: 0, retryMs: 20, timings: { turnMs: 300, resultMs: 50 } }),
    logger,
    lease: ownership,
  });
}

describe('Ownership', () => {
  it('opens a table only under its lease, and drops it at once when the database refuses its fence', async () => {
    const roomId = await openRoom();
    const other = new Ownership(new TableLeases(db.knex, 'node-other', SLOW.ttlMs), SLOW, logger);
    const mine = new Ownership(new TableLeases(db.knex, 'node-mine', SLOW.ttlMs), SLOW, logger);
    const store = new FencedMemoryStore();
    const runtime = runtimeOn(mine, store);
    mine.start(runtime);

    // Another node runs the room: this one does not open it.
    expect(await other.acquire(roomId)).toBe(true);
    expect(await runtime.sit(roomId, { id: '7601', username: null, avatar: null })).toMatchObject({
      ok: false,
      code: 'game_not_found',
    });
    expect(runtime.peek(roomId)).toBeNull();
    await other.stop();

    for (const id of ['7601', '7602']) {
      expect(await runtime.sit(roomId, { id, username: null, avatar: null })).toEqual({ ok: true });
    }
    expect(mine.holds(roomId)).toBe(true);
    await vi.waitFor(() => expect(runtime.peek(roomId)?.status).toBe('blind_betting'));
    const state = runtime.peek(roomId) as TableState;
    const onTurn = state.hand!.players[state.hand!.turn]!.playerId;

    store.refuse = true;
    const written = store.written.length;
    expect(await runtime.act(roomId, { type: 'blind_bet', playerId: onTurn })).toMatchObject({ ok: false });
    expect(runtime.peek(roomId)).toBeNull();
    expect(runtime.seatOf('7601')).toBeUndefined();
    expect(mine.holds(roomId)).toBe(false);
    // Nothing is dealt, timed out or written any more for the table this node lost.
    store.refuse = false;
    await new Promise((r) => setTimeout(r, 600)); // past the turn's deadline (300 ms)
    expect(store.written.length).toBe(written);
    await runtime.shutdown();
    await mine.stop();
  });

  it('forgets a table whose lease another node took, at the next renewal', async () => {
    const roomId = await openRoom();
    const forgotten: string[] = [];
    const ownership = new Ownership(
      new TableLeases(db.knex, 'node-renew', 5_000),
      { ttlMs: 5_000, renewEveryMs: 30, watchEveryMs: 60_000 },
      logger,
    );
    ownership.start({ resumeRoom: async () => false, peek: () => ({}), forget: (id) => forgotten.push(id) });
    expect(await ownership.acquire(roomId)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(forgotten).toEqual([]);
    await db.knex('table_leases').where({ room_id: roomId }).update({ node_id: 'node-else' });
    await vi.waitFor(() => expect(forgotten).toEqual([roomId]));
    expect(ownership.fence(roomId)).toBe(0);
    await ownership.stop();
  });

  it('resumes the rooms whose owner is gone, never those of a live node', async () => {
    const orphan = await openRoom();
    const owned = await openRoom();
    const seat = (userId: string) => [
      { seated: true as const, seat: { position: 1, userId, username: null, avatar: null } },
    ];
    await createSeatStore(db.knex).record(orphan, seat('7601'));
    await createSeatStore(db.knex).record(owned, seat('7602'));
    // The dead node's lease expired long ago; the live node's runs.
    await db.knex('table_leases').insert([
      {
        room_id: orphan,
        node_id: 'node-dead',
        token: 4,
        expires_at: db.knex.raw(`now() - interval '1 minute'`),
      },
      {
        room_id: owned,
        node_id: 'node-live',
        token: 1,
        expires_at: db.knex.raw(`now() + interval '1 minute'`),
      },
    ]);
    const ownership = new Ownership(
      new TableLeases(db.knex, 'node-watch', 5_000),
      { ttlMs: 5_000, renewEveryMs: 60_000, watchEveryMs: 30 },
      logger,
    );
    const resumed: string[] = [];
    const taken: string[] = [];
    const tables: OwnedTables = {
      resumeRoom: async (roomId) => {
        resumed.push(roomId);
        return ownership.acquire(roomId);
      },
      peek: () => ({}),
      forget: () => undefined,
    };
    ownership.onTakenOver = (roomId) => taken.push(roomId);
    ownership.start(tables);
    await vi.waitFor(() => expect(taken).toContain(orphan));
    expect(resumed).not.toContain(owned);
    expect(ownership.fence(orphan)).toBe(5);
    expect(await ownership.unowned([orphan, owned])).toEqual([orphan]);
    await ownership.stop();
    expect(await new TableLeases(db.knex, 'x', 1).owner(orphan)).toBeNull();
  });
});
