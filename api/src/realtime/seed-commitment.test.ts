/**
 * RULES §7 over sockets, as in production (no seeds chosen at the deal): a table shows the next
 * hand's seed hash before that hand is dealt, then deals it with that very seed (its commitment is
 * the hash shown), mixing in the players' contributions sent for that hash. Once the hand is over its
 * seed is revealed, hashes to that commitment and the public record verifies, and the hash of the
 * hand after it goes out with the reveal. A table brought back from the database (a restart, or
 * another node taking the room over) shows the same hash, deals with the same seed, and mixes in the
 * contributions made for it before the table went. The frame checker holds every committed seed and
 * fails the test if one shows up in a frame before its reveal.
 */
import {
  combineClientSeeds,
  gameStateSchema,
  seedCommitment,
  verifyHandRecord,
  type GameState,
  type PublicHandRecord,
} from '@svara/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import { act, leaveAll, seatAll, turnOf } from './test-support/table-driver.js';

const bench = useRealtimeBench({ seedSource: undefined });
let nextId = 780_000;
const HASH = /^[0-9a-f]{64}$/;

afterEach(async () => {
  await bench.expectLedgerOk();
});

/** Every game frame the client received so far, read as a client reads it. */
const framesOf = (p: TestClient): GameState[] =>
  p.received
    .filter((r) => r.event === 'game_state' || r.event === 'game_update')
    .map((r) => gameStateSchema.parse(r.payload));

/** The public record of hand `n` of the room checks out with core's verifier. */
async function expectVerified(roomId: string, n: number, commitment: string): Promise<void> {
  const r = await bench.rest<PublicHandRecord>('GET', `/fairness/hands/${roomId}-${n}`);
  expect(r.status).toBe(200);
  expect(r.body.commitment).toBe(commitment);
  expect(verifyHandRecord(r.body).checks.filter((c) => !c.ok)).toEqual([]);
}

/** The player on turn looks and folds: the hand is over. */
async function endHand(players: TestClient[], roomId: string, s: GameState): Promise<void> {
  const first = turnOf(players, s);
  await act(first, roomId, { action: 'look' });
  await act(first, roomId, { action: 'fold' });
}

describe('the next hand’s seed hash', () => {
  it('is shown before the deal, is the dealt hand’s commitment, and its revealed seed verifies', async () => {
    const players = [await bench.player(nextId++), await bench.player(nextId++)];
    const [a, b] = players as [TestClient, TestClient];
    const roomId = await bench.createRoom(a.token, 1);
    expect(await a.send('join_room', { roomId })).toEqual({ ok: true });
    const waiting = await a.frame((f) => f.status === 'waiting', 'the empty table');
    const shown = waiting.fairness.nextCommitment!;
    expect(shown).toMatch(HASH);
    expect(waiting.fairness.commitment).toBeNull();

    // The players choose their client seeds only after the hash was shown: they still go in.
    const seeds = ['after-the-hash', 'me-too'];
    for (const [i, p] of players.entries()) {
      expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
      expect(await p.send('set_client_seed', { roomId, seed: seeds[i], commitment: shown })).toEqual({
        ok: true,
      });
    }
    await seatAll(roomId, players);
    const dealt = await a.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(dealt.fairness).toMatchObject({
      handNumber: 1,
      commitment: shown,
      clientSeed: combineClientSeeds(seeds),
      revealedSeed: null,
      nextCommitment: null,
    });
    // Every frame before the deal showed that same hash, to each player; no seed went anywhere yet
    // (frames, the lobby, the room's REST answer, the hand's public record).
    for (const p of players) {
      const before = framesOf(p).filter((f) => f.fairness.commitment === null);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((f) => f.fairness.nextCommitment === shown)).toBe(true);
    }
    const room = await bench.rest('GET', `/rooms/${roomId}`, a.token);
    expect(room.status).toBe(200);
    const told = JSON.stringify([room.body, a.received, b.received]);
    for (const seed of bench.seeds) expect(told).not.toContain(seed);
    expect((await bench.rest('GET', `/fairness/hands/${roomId}-1`)).status).toBe(404);

    await endHand(players, roomId, dealt);
    const over = await b.frame((f) => f.fairness.handNumber === 1 && f.fairness.revealedSeed !== null);
    expect(seedCommitment(over.fairness.revealedSeed!)).toBe(shown);
    const next = over.fairness.nextCommitment!;
    expect(next).toMatch(HASH);
    expect(next).not.toBe(shown);
    await expectVerified(roomId, 1, shown);

    // The players stay seated: the next hand is dealt with the seed whose hash went out with the reveal.
    const second = await a.frame((f) => f.fairness.handNumber === 2 && f.status === 'blind_betting');
    expect(second.fairness.commitment).toBe(next);
    await leaveAll(roomId, players);
  });

  it('survives the table leaving memory: brought back from the database, it shows the same hash and deals with it', async () => {
    const players = [await bench.player(nextId++), await bench.player(nextId++)];
    const [a, b] = players as [TestClient, TestClient];
    const roomId = await bench.createRoom(a.token, 1);
    await seatAll(roomId, players);
    const dealt = await b.frame((f) => f.status === 'blind_betting', 'the deal');
    // The player on turn leaves in the middle of the hand: the other wins it, and no next hand is due.
    const leaver = turnOf(players, dealt);
    const stayer = leaver === a ? b : a;
    expect(await leaver.send('leave_room', { roomId })).toEqual({ ok: true });
    const over = await stayer.frame((f) => f.fairness.revealedSeed !== null, 'the hand over');
    const shown = over.fairness.nextCommitment!;
    expect(shown).toMatch(HASH);
    await expectVerified(roomId, 1, dealt.fairness.commitment!);
    // The player answers that hash with a contribution of their own before the table goes.
    const mine = 'made-before-the-restart';
    expect(await stayer.send('set_client_seed', { roomId, seed: mine, commitment: shown })).toEqual({
      ok: true,
    });

    // The table leaves this node's memory unwritten, as a crash or a takeover leaves it; entering
    // the room again rebuilds it from the database.
    bench.realtime.runtime.forget(roomId);
    expect(await stayer.send('join_room', { roomId })).toEqual({ ok: true });
    const back = await stayer.frame((f) => f.fairness.commitment === null, 'the table rebuilt');
    expect(back.fairness).toMatchObject({ handNumber: 1, nextCommitment: shown });
    // The restart made the seated player away until they say they are back.
    await act(stayer, roomId, { action: 'back' });
    await seatAll(roomId, [leaver]);
    const again = await stayer.frame((f) => f.status === 'blind_betting', 'the deal after the rebuild');
    expect(again.fairness).toMatchObject({ handNumber: 2, commitment: shown });
    // The contribution came back from the database with the table: it is in the hand.
    expect(again.fairness.playerSeeds).toEqual([{ playerId: stayer.userId, seed: mine }]);
    expect(again.fairness.clientSeed).toBe(combineClientSeeds([mine]));
    await endHand(players, roomId, again);
    const revealed = await stayer.frame(
      (f) => f.fairness.handNumber === 2 && f.fairness.revealedSeed !== null,
    );
    expect(seedCommitment(revealed.fairness.revealedSeed!)).toBe(shown);
    await expectVerified(roomId, 2, shown);
    await leaveAll(roomId, players);
  });
});
