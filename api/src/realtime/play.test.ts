/**
 * Table play over the network: real sign-in, real socket.io clients, real PostgreSQL ledger.
 * Every frame each client receives passes the frame checker; after each test the ledger balances.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '@svara/core';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';

const bench = useRealtimeBench();
let nextId = 710_000;

async function table(count: number, opts: { funds?: number; stake?: number } = {}) {
  const players: TestClient[] = [];
  for (let i = 0; i < count; i++) players.push(await bench.player(nextId++, { funds: opts.funds ?? 10_000 }));
  const roomId = await bench.createRoom(players[0]!.token, opts.stake ?? 1);
  return { players, roomId };
}

async function seatAll(roomId: string, players: TestClient[]) {
  for (const p of players) {
    expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
    expect(await p.send('sit_down', { roomId })).toEqual({ ok: true });
  }
}

function turnOf(players: TestClient[], s: GameState): TestClient {
  const id = s.players[s.currentPlayerIndex]?.id;
  const p = players.find((x) => x.userId === id);
  if (!p) throw new Error(`nobody on turn in ${s.status}`);
  return p;
}

describe('a hand over sockets', () => {
  it('deals once two players sit, takes the ante through the ledger, and plays to a showdown', async () => {
    const { players, roomId } = await table(2);
    bench.dealNext(roomId, (d) => d.hand!.players[0]!.score !== d.hand!.players[1]!.score);
    await seatAll(roomId, players);
    const [a] = players as [TestClient, TestClient];
    let s = await a.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(s.pot).toBe(2);
    for (const p of players) expect(await bench.walletBalance(p.userId)).toBe(9_900);

    const first = turnOf(players, s);
    expect(await first.send('game_action', { roomId, action: 'blind_bet' })).toEqual({ ok: true });
    s = await a.frame((f) => f.pot === 3, 'the blind bet');
    const second = turnOf(players, s);
    expect(second).not.toBe(first);
    expect(await second.send('game_action', { roomId, action: 'look' })).toEqual({ ok: true });
    s = await second.frame(
      (f) => f.status === 'betting' && f.players.some((p) => p.id === second.userId && p.cards !== null),
    );
    expect(s.allowedActions).toMatchObject({ call: { amount: 2 }, fold: true });
    expect(await second.send('game_action', { roomId, action: 'call' })).toEqual({ ok: true });
    // The blind bettor is the aggressor: the round ends when the turn would come back to them.
    s = await a.frame((f) => f.status === 'finished', 'the showdown');
    expect(s.players.every((p) => p.cards !== null)).toBe(true);
    expect(s.fairness.revealedSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(s.winners).toHaveLength(1);
    const pot = 2 + 1 + 2;
    const winnerId = s.winners[0]!;
    const expected = {
      [winnerId]: 10_000 - 100 + Math.round(pot * 100 * 0.95) - (winnerId === first.userId ? 100 : 200),
    };
    expect(await bench.walletBalance(winnerId)).toBe(expected[winnerId]);
    await bench.expectLedgerOk();
    for (const p of players) await p.send('leave_room', { roomId });
  });
});
