/**
 * Client seeds over the network (RULES §7): a player's seed, sent with set_client_seed as they enter
 * the table, is mixed into the hands dealt while they sit and named in the frames; a seed of a player
 * not seated is left out. Once the hand is over, the public record at
 * /api/v1/fairness/hands/<roomId>-<n> (no token) verifies with core's own verifier.
 */
import { combineClientSeeds, GENESIS_HASH, verifyHandRecord, type PublicHandRecord } from '@svara/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useRealtimeBench, type TestClient } from '../realtime/test-support/harness.js';
import { act, leaveAll, seatAll, turnOf } from '../realtime/test-support/table-driver.js';

const bench = useRealtimeBench();
let nextId = 760_000;

afterEach(async () => {
  await bench.expectLedgerOk();
});

/** As the app does: each player enters the table and sends their seed (if any) before sitting down. */
async function enterWithSeeds(roomId: string, players: TestClient[], seeds: (string | null)[]) {
  for (const [i, p] of players.entries()) {
    expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
    const seed = seeds[i];
    if (seed) expect(await p.send('set_client_seed', { roomId, seed })).toEqual({ ok: true });
  }
}

describe('set_client_seed', () => {
  it("mixes the players' seeds into the hand, and the ended hand verifies from the public api", async () => {
    const players = [
      await bench.player(nextId++, { funds: 10_000 }),
      await bench.player(nextId++, { funds: 10_000 }),
    ];
    const roomId = await bench.createRoom(players[0]!.token, 1);
    const seeds = ['my-lucky-seed', 'ZZ.top_42'];
    await enterWithSeeds(roomId, players, seeds);
    await seatAll(roomId, players);
    const s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the first deal');
    expect(s.fairness.handNumber).toBe(1);
    expect(s.fairness.playerSeeds).toEqual(
      expect.arrayContaining(players.map((p, i) => ({ playerId: p.userId, seed: seeds[i] }))),
    );
    expect(s.fairness.clientSeed).toBe(combineClientSeeds(seeds));
    expect(s.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(s.fairness.revealedSeed).toBeNull();
    // Before the hand ends there is no record: the seed stays secret.
    expect((await bench.rest('GET', `/fairness/hands/${roomId}-1`)).status).toBe(404);

    // The player on turn looks and folds: the hand is over and its seed revealed on the table.
    const first = turnOf(players, s);
    await act(first, roomId, { action: 'look' });
    await act(first, roomId, { action: 'fold' });
    const over = await players[1]!.frame(
      (f) => f.fairness.handNumber === 1 && f.fairness.revealedSeed !== null,
    );
    expect(over.fairness.commitment).toBe(s.fairness.commitment);

    const r = await bench.rest<PublicHandRecord & { previousHash: string | null }>(
      'GET',
      `/fairness/hands/${roomId}-1`,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      roomId,
      handNumber: 1,
      serverSeed: over.fairness.revealedSeed,
      commitment: s.fairness.commitment,
      clientSeed: combineClientSeeds(seeds),
      playerSeeds: [...seeds].sort(),
      prevHash: GENESIS_HASH,
      shown: [],
    });
    const check = verifyHandRecord(r.body, { previousHash: GENESIS_HASH });
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
    // The same record under the hand's own id.
    const byId = await bench.rest<PublicHandRecord>('GET', `/fairness/hands/${r.body.id}`);
    expect(byId.body.recordHash).toBe(r.body.recordHash);
    await leaveAll(roomId, players);
  });

  it('leaves out the seed of a player who only watches', async () => {
    const players = [
      await bench.player(nextId++, { funds: 10_000 }),
      await bench.player(nextId++, { funds: 10_000 }),
      await bench.player(nextId++, { funds: 10_000 }),
    ];
    const roomId = await bench.createRoom(players[0]!.token, 1);
    await enterWithSeeds(roomId, players, ['seed-0', 'seed-1', 'watcher']);
    await seatAll(roomId, players.slice(0, 2));
    const s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the first deal');
    expect(s.fairness.playerSeeds.map((p) => p.seed).sort()).toEqual(['seed-0', 'seed-1']);
    expect(s.fairness.clientSeed).toBe(combineClientSeeds(['seed-0', 'seed-1']));
    await leaveAll(roomId, players.slice(0, 2));
  });

  it('refuses a malformed seed, and a table that is not open', async () => {
    const p = await bench.player(nextId++, { funds: 10_000 });
    const roomId = await bench.createRoom(p.token, 1);
    expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
    for (const seed of ['a:b', 'has space', '', 'x'.repeat(65)]) {
      expect(await p.send('set_client_seed', { roomId, seed })).toMatchObject({
        ok: false,
        code: 'validation_failed',
      });
    }
    const nowhere = '00000000-0000-4000-8000-00000000dead';
    expect(await p.send('set_client_seed', { roomId: nowhere, seed: 'fine' })).toMatchObject({
      ok: false,
      code: 'game_not_found',
    });
  });
});
