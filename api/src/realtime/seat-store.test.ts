/**
 * The seats table against a real database: a seat is written when taken and deleted when freed,
 * a player sits once in a room and a seat holds one player whatever process asks, and a rebuilt
 * table replaces its room's rows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { createSeatStore, SeatConflictError, seatWrites, type StoredSeat } from './seat-store.js';
import { applyAction, createTable } from '@svara/core';

const db = useTestDatabase();

async function room(status: 'open' | 'closed' = 'open') {
  const knex = db.knex;
  const roomId = randomUUID();
  await knex.raw(
    `insert into users (telegram_id) values (7401), (7402), (7403), (7411) on conflict do nothing`,
  );
  await knex.raw(`insert into rooms (id, stake_cents, type, status) values (?, 100, 'public', ?)`, [
    roomId,
    status,
  ]);
  return { store: createSeatStore(knex), roomId };
}

const seat = (position: number, userId: string): StoredSeat => ({
  position,
  userId,
  username: `u${userId}`,
  avatar: null,
});

describe('SeatStore', () => {
  it('writes seats taken and deletes seats freed, in order', async () => {
    const { store, roomId } = await room();
    await store.record(roomId, [
      { seated: true, seat: seat(2, '7401') },
      { seated: true, seat: seat(5, '7402') },
    ]);
    await store.record(roomId, [{ seated: false, userId: '7401' }]);
    expect(await store.inRoom(roomId)).toEqual([seat(5, '7402')]);
  });

  it('refuses a player twice in a room and two players on one seat, writing nothing of the batch', async () => {
    const { store, roomId } = await room();
    await store.record(roomId, [{ seated: true, seat: seat(1, '7401') }]);
    await expect(store.record(roomId, [{ seated: true, seat: seat(3, '7401') }])).rejects.toBeInstanceOf(
      SeatConflictError,
    );
    await expect(
      store.record(roomId, [
        { seated: false, userId: '7401' },
        { seated: true, seat: seat(1, '7402') },
        { seated: true, seat: seat(1, '7403') },
      ]),
    ).rejects.toBeInstanceOf(SeatConflictError);
    expect(await store.inRoom(roomId)).toEqual([seat(1, '7401')]);
  });

  it('refuses a player at a second table, wherever it runs, as sitting elsewhere', async () => {
    const first = await room();
    const second = await room();
    await first.store.record(first.roomId, [{ seated: true, seat: seat(2, '7411') }]);
    const refused = await second.store
      .record(second.roomId, [{ seated: true, seat: seat(1, '7411') }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SeatConflictError);
    expect(refused).toMatchObject({ elsewhere: true });
    expect(await second.store.inRoom(second.roomId)).toEqual([]);
    // Standing up at the first table frees the player for the second.
    await first.store.record(first.roomId, [{ seated: false, userId: '7411' }]);
    await second.store.record(second.roomId, [{ seated: true, seat: seat(1, '7411') }]);
    expect(await second.store.inRoom(second.roomId)).toEqual([seat(1, '7411')]);
  });

  it('replaces a room’s seats and lists only open rooms with seats', async () => {
    await db.knex.raw('delete from seats');
    const open = await room();
    const closed = await room('closed');
    const empty = await room();
    await open.store.record(open.roomId, [{ seated: true, seat: seat(1, '7401') }]);
    await closed.store.record(closed.roomId, [{ seated: true, seat: seat(1, '7403') }]);
    await open.store.replaceRoom(open.roomId, [seat(4, '7401'), seat(6, '7402')]);
    expect(await open.store.inRoom(open.roomId)).toEqual([seat(4, '7401'), seat(6, '7402')]);
    const rooms = await open.store.occupiedRooms();
    expect(rooms).toContain(open.roomId);
    expect(rooms).not.toContain(closed.roomId);
    expect(rooms).not.toContain(empty.roomId);
  });

  it('reads the seat writes of an action from its seat_changed events', () => {
    let s = createTable({ roomId: 'r', stake: 100 });
    const sat = applyAction(
      s,
      { type: 'sit', playerId: '7401', position: 3, balance: 5_000, username: 'x', avatar: null },
      0,
    );
    if (!sat.ok) throw new Error(sat.error.code);
    expect(seatWrites(sat.state, sat.events)).toEqual([
      { seated: true, seat: { position: 3, userId: '7401', username: 'x', avatar: null } },
    ]);
    s = sat.state;
    const left = applyAction(s, { type: 'leave', playerId: '7401' }, 0);
    if (!left.ok) throw new Error(left.error.code);
    expect(seatWrites(left.state, left.events)).toEqual([{ seated: false, userId: '7401' }]);
  });
});
