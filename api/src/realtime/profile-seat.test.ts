/**
 * A seated player who reloads the Mini App lands in the lobby while the seat is kept: the profile
 * tells the client which table it still sits at (`seatedRoomId`).
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '@svara/core';
import { useRealtimeBench } from './test-support/harness.js';
import { seatAll } from './test-support/table-driver.js';

const bench = useRealtimeBench();
let nextId = 770_000;

describe('GET /users/profile seatedRoomId', () => {
  it('is the room of the table the player sits at, kept across a reconnect, and null once they leave', async () => {
    const player = await bench.player(nextId++);
    const profile = async () =>
      (await bench.rest<Profile>('GET', '/users/profile', player.token)).body.seatedRoomId;
    expect(await profile()).toBeNull();

    const roomId = await bench.createRoom(player.token, 1);
    await seatAll(roomId, [player]);
    expect(await profile()).toBe(roomId);

    // The page reloads: the socket goes, the seat stays.
    player.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await profile()).toBe(roomId);

    const again = await bench.player(Number(player.userId), { funds: 0 });
    expect(await again.send('leave_room', { roomId })).toEqual({ ok: true });
    expect(await profile()).toBeNull();
  });

  it('is null for a player who only watches a table', async () => {
    const owner = await bench.player(nextId++);
    const watcher = await bench.player(nextId++);
    const roomId = await bench.createRoom(owner.token, 1);
    expect(await watcher.send('join_room', { roomId })).toEqual({ ok: true });
    const r = await bench.rest<Profile>('GET', '/users/profile', watcher.token);
    expect(r.body.seatedRoomId).toBeNull();
  });
});
