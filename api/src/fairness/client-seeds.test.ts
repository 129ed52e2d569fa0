/**
 * The players' contributions to a hand's client seed over the network (RULES §7, FAIRNESS.md §6),
 * on tables that commit their seeds ahead as in production. A contribution is taken only while the
 * table shows the commitment of the hand it is for (naming it, as the app does), is kept in the
 * database, and goes into that hand when its player is seated at the deal — after standing up and
 * sitting down again too; one naming another commitment, or sent while a hand is in play, is
 * refused. Once the hand is over, its public record verifies with core's own verifier, the
 * player's own contribution among its seeds.
 */
import { combineClientSeeds, verifyHandRecord, type GameState, type PublicHandRecord } from '@svara/core';
import { afterEach, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { FAST_TIMINGS, useRealtimeBench, type TestClient } from '../realtime/test-support/harness.js';
import { act, leaveAll, seatAll, turnOf } from '../realtime/test-support/table-driver.js';

// The result is shown long enough for a contribution to the next hand to arrive before its deal.
const bench = useRealtimeBench({ seedSource: undefined, timings: { ...FAST_TIMINGS, resultMs: 2_000 } });
let nextId = 760_000;

afterEach(async () => {
  await bench.expectLedgerOk();
});

const twoPlayers = async () => [
  await bench.player(nextId++, { funds: 10_000 }),
  await bench.player(nextId++, { funds: 10_000 }),
];

/** Enters the room and answers the commitment shown with `seed`, as the app does. */
async function contribute(p: TestClient, roomId: string, seed: string): Promise<string> {
  expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
  const shown = (await p.frame((f) => f.fairness.nextCommitment !== null, 'a commitment')).fairness
    .nextCommitment!;
  expect(await p.send('set_client_seed', { roomId, seed, commitment: shown })).toEqual({ ok: true });
  return shown;
}

/** The player on turn looks and folds: the hand is over. */
async function endHand(players: TestClient[], roomId: string, s: GameState): Promise<void> {
  const first = turnOf(players, s);
  await act(first, roomId, { action: 'look' });
  await act(first, roomId, { action: 'fold' });
}

describe('contributions to the client seed', () => {
  it('go into the hand whose commitment they answer, and the ended hand verifies from the public api', async () => {
    const players = await twoPlayers();
    const roomId = await bench.createRoom(players[0]!.token, 1);
    const seeds = ['my-lucky-seed', 'ZZ.top_42'];
    const shown = await contribute(players[0]!, roomId, seeds[0]!);
    expect(await contribute(players[1]!, roomId, seeds[1]!)).toBe(shown);
    await seatAll(roomId, players);
    const s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the first deal');
    expect(s.fairness).toMatchObject({
      handNumber: 1,
      commitment: shown,
      clientSeed: combineClientSeeds(seeds),
    });
    expect(s.fairness.playerSeeds).toEqual(
      expect.arrayContaining(players.map((p, i) => ({ playerId: p.userId, seed: seeds[i] }))),
    );
    // A hand in play shows no commitment: a contribution now is for no hand, and is refused.
    expect(await players[0]!.send('set_client_seed', { roomId, seed: 'mid-hand' })).toMatchObject({
      ok: false,
      code: 'action_not_allowed',
    });
    // Before the hand ends there is no record: the seed stays secret.
    expect((await bench.rest('GET', `/fairness/hands/${roomId}-1`)).status).toBe(404);

    await endHand(players, roomId, s);
    const over = await players[1]!.frame(
      (f) => f.fairness.handNumber === 1 && f.fairness.revealedSeed !== null,
    );
    const r = await bench.rest<PublicHandRecord>('GET', `/fairness/hands/${roomId}-1`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      serverSeed: over.fairness.revealedSeed,
      commitment: shown,
      clientSeed: combineClientSeeds(seeds),
      playerSeeds: [...seeds].sort(),
    });
    const check = verifyHandRecord(r.body, { previous: null, ownSeed: seeds[1]! });
    expect(check.checks.filter((c) => !c.ok)).toEqual([]);
    expect(check.checks.map((c) => c.name)).toContain('ownSeed');

    // The next hand's commitment is shown with the reveal: the hand it answered is dealt, so a
    // contribution naming it now is refused and goes into no hand.
    const next = over.fairness.nextCommitment!;
    expect(next).not.toBe(shown);
    expect(
      await players[0]!.send('set_client_seed', { roomId, seed: 'too-late', commitment: shown }),
    ).toMatchObject({ ok: false, code: 'action_not_allowed' });
    expect(await players[0]!.send('set_client_seed', { roomId, seed: 'fresh-0', commitment: next })).toEqual({
      ok: true,
    });
    const second = await players[0]!.frame(
      (f) => f.fairness.handNumber === 2 && f.status === 'blind_betting',
    );
    // Only what was sent for hand 2's commitment goes into hand 2 (the other player sent nothing new).
    expect(second.fairness.playerSeeds).toEqual([{ playerId: players[0]!.userId, seed: 'fresh-0' }]);
    expect(second.fairness.clientSeed).toBe(combineClientSeeds(['fresh-0']));
    await leaveAll(roomId, players);
  });

  it('are kept in the database, and count for a player who stood up and sat down again before the deal', async () => {
    const [a, b] = (await twoPlayers()) as [TestClient, TestClient];
    const roomId = await bench.createRoom(a.token, 1);
    const shown = await contribute(a, roomId, 'stays-with-me');
    const rows = await knexOf(bench.api.services.orm).raw<{ rows: { seed: string; commitment: string }[] }>(
      `select seed, commitment from seed_contributions where room_id = ? and user_id = ?`,
      [roomId, a.userId],
    );
    expect(rows.rows).toEqual([{ seed: 'stays-with-me', commitment: shown }]);
    expect(await a.send('sit_down', { roomId })).toEqual({ ok: true });
    expect(await a.send('leave_room', { roomId })).toEqual({ ok: true });
    expect(bench.realtime.runtime.seatOf(a.userId)).toBeUndefined();
    await seatAll(roomId, [a, b]);
    const dealt = await a.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(dealt.fairness.playerSeeds).toEqual([{ playerId: a.userId, seed: 'stays-with-me' }]);
    await leaveAll(roomId, [a, b]);
  });

  it('leaves out a player who only watches', async () => {
    const players = [...(await twoPlayers()), await bench.player(nextId++, { funds: 10_000 })];
    const roomId = await bench.createRoom(players[0]!.token, 1);
    for (const [i, p] of players.entries()) await contribute(p, roomId, `seed-${i}`);
    await seatAll(roomId, players.slice(0, 2));
    const s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the first deal');
    expect(s.fairness.playerSeeds.map((p) => p.seed).sort()).toEqual(['seed-0', 'seed-1']);
    expect(s.fairness.clientSeed).toBe(combineClientSeeds(['seed-0', 'seed-1']));
    await leaveAll(roomId, players.slice(0, 2));
  });

  it('refuses a malformed seed or commitment, and a table that is not open', async () => {
    const p = await bench.player(nextId++, { funds: 10_000 });
    const roomId = await bench.createRoom(p.token, 1);
    expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
    for (const seed of ['a:b', 'has space', '', 'x'.repeat(65)]) {
      expect(await p.send('set_client_seed', { roomId, seed })).toMatchObject({
        ok: false,
        code: 'validation_failed',
      });
    }
    expect(await p.send('set_client_seed', { roomId, seed: 'fine', commitment: 'ABC' })).toMatchObject({
      ok: false,
      code: 'validation_failed',
    });
    expect(
      await p.send('set_client_seed', { roomId, seed: 'fine', commitment: 'e'.repeat(64) }),
    ).toMatchObject({ ok: false, code: 'action_not_allowed' });
    const nowhere = '00000000-0000-4000-8000-00000000dead';
    expect(await p.send('set_client_seed', { roomId: nowhere, seed: 'fine' })).toMatchObject({
      ok: false,
      code: 'game_not_found',
    });
  });
});
