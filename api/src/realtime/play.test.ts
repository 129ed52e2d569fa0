/**
 * Table play over the network: real sign-in, real socket.io clients, the real PostgreSQL ledger.
 * Every frame each client receives passes the frame checker; after each test the ledger balances.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameState, TableState } from '@svara/core';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import {
  act,
  leaveAll,
  moneyOf,
  playUntil,
  seatAll,
  sync,
  turnOf,
  type Move,
} from './test-support/table-driver.js';

const bench = useRealtimeBench({ timings: { turnMs: 4_000, svaraMs: 1_500, resultMs: 1_000 } });
let nextId = 710_000;

afterEach(async () => {
  await bench.expectLedgerOk();
});

async function table(funds: number[], stake = 1) {
  const players: TestClient[] = [];
  for (const f of funds) players.push(await bench.player(nextId++, { funds: f }));
  const roomId = await bench.createRoom(players[0]!.token, stake);
  return { players, roomId, ids: players.map((p) => p.userId) };
}

const score = (d: TableState, id: string) => d.hand!.players.find((p) => p.playerId === id)!.score;
const distinct = (d: TableState) =>
  new Set(d.hand!.players.map((p) => p.score)).size === d.hand!.players.length;
const isOver = (s: GameState) => s.status === 'finished';
const lookThenCall = (_p: TestClient, s: GameState): Move =>
  s.status === 'blind_betting' ? { action: 'look' } : { action: 'call' };

describe('a hand over sockets', () => {
  it('deals once two players sit, takes the ante through the ledger, and plays blind bet, look, call to a showdown', async () => {
    const { players, roomId, ids } = await table([10_000, 10_000]);
    const before = await moneyOf(bench, ids, roomId);
    bench.dealNext(roomId, distinct);
    await seatAll(roomId, players);
    let s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(s.pot).toBe(2);
    expect(s.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(s.fairness.revealedSeed).toBeNull();
    for (const id of ids) expect(await bench.walletBalance(id)).toBe(9_900);

    const first = turnOf(players, s);
    expect(first.state!.allowedActions).toMatchObject({ blindBet: { amount: 1 }, look: true, fold: false });
    s = await act(first, roomId, { action: 'blind_bet' });
    expect(s.pot).toBe(3);
    await sync(players, s);
    const second = turnOf(players, s);
    expect(second).not.toBe(first);
    expect(second.state!.allowedActions).toMatchObject({ blindBet: { amount: 2 }, look: true });
    s = await act(second, roomId, { action: 'look' });
    expect(s.status).toBe('betting');
    expect(second.me!.cards).toHaveLength(3);
    // After a look the player must act at once: call 2 × the last blind bet.
    expect(second.state!.allowedActions).toMatchObject({ call: { amount: 2 }, fold: true, look: false });
    s = await act(second, roomId, { action: 'call' });
    // The blind bettor is the aggressor: the round ends when the turn would come back to them.
    expect(s.status).toBe('finished');
    expect(s.players.every((p) => p.cards !== null)).toBe(true);
    expect(s.fairness.revealedSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(s.winners).toHaveLength(1);
    expect(s.tax).toBe(0.25);

    const winner = s.winners[0]!;
    const paid = { [first.userId]: 200, [second.userId]: 300 };
    expect(await bench.walletBalance(winner)).toBe(10_000 - paid[winner]! + 500 - 25);
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    // Everyone got the new balance pushed.
    for (const p of players) {
      await p.until(() =>
        p.all<{ balance: number }>('balanceUpdated').some((b) => b.balance * 100 === 9_900),
      );
    }
    await leaveAll(roomId, players);
  });

  it('raises, then raise max: nobody may raise again and the others may only call or fold', async () => {
    const { players, roomId, ids } = await table([10_000, 5_000]);
    const before = await moneyOf(bench, ids, roomId);
    bench.dealNext(roomId, distinct);
    await seatAll(roomId, players);
    let s = await players[0]!.frame((f) => f.status === 'blind_betting');
    const first = turnOf(players, s);
    const balance = (p: TestClient) => s.players.find((x) => x.id === p.userId)!.balance;
    s = await act(first, roomId, { action: 'look' });
    const second = players.find((p) => p !== first)!;
    // Cap: the raiser's balance and the largest balance the other can still put in.
    expect(first.state!.allowedActions!.raise).toEqual({
      min: 2,
      max: Math.min(balance(first), balance(second)),
    });
    s = await act(first, roomId, { action: 'raise', amount: 3 });
    await sync(players, s);
    expect(turnOf(players, s)).toBe(second);
    const cap = Math.min(balance(first), balance(second));
    expect(second.state!.allowedActions!.raise).toEqual({ min: 6, max: cap });
    s = await act(second, roomId, { action: 'raise', amount: cap });
    expect(s.hasRaiseMax).toBe(true);
    await sync(players, s);
    expect(first.state!.allowedActions!.raise).toBeNull();
    expect(first.state!.allowedActions).toMatchObject({ fold: true, call: { amount: cap } });
    const refused = await first.send('game_action', { roomId, action: 'raise', amount: 98 });
    expect(refused).toMatchObject({ ok: false, code: 'action_not_allowed' });
    s = await act(first, roomId, { action: 'call' });
    expect(s.status).toBe('finished');
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    await leaveAll(roomId, players);
  });

  it('an all-in call makes a side pot: the short stack wins the main pot, the next best the side pot', async () => {
    const { players, roomId, ids } = await table([1_000, 10_000, 10_000]);
    const [a, b, c] = players as [TestClient, TestClient, TestClient];
    const before = await moneyOf(bench, ids, roomId);
    bench.dealNext(
      roomId,
      (d) => score(d, a.userId) > score(d, b.userId) && score(d, b.userId) > score(d, c.userId),
      3,
    );
    await seatAll(roomId, players);
    await a.frame((f) => f.status === 'blind_betting');
    let raised = false;
    const s = await playUntil(
      players,
      roomId,
      (p, view) => {
        if (view.status === 'blind_betting') return { action: 'look' };
        if (p === b && !raised && view.allowedActions?.raise) {
          raised = true;
          return { action: 'raise', amount: Math.min(20, view.allowedActions.raise.max) };
        }
        return { action: 'call' };
      },
      isOver,
    );
    const paid = new Map(s.players.map((p) => [p.id, Math.round(p.totalBet * 100)]));
    expect(paid.get(a.userId)).toBe(1_000);
    expect(s.players.find((p) => p.id === a.userId)!.isAllIn).toBe(true);
    const main = [...paid.values()].reduce((sum, x) => sum + Math.min(x, 1_000), 0);
    const side = [...paid.values()].reduce((sum, x) => sum + Math.max(0, x - 1_000), 0);
    expect(side).toBeGreaterThan(0);
    const net = (pot: number) => pot - Math.floor(pot * 0.05);
    expect(await bench.walletBalance(a.userId)).toBe(net(main));
    expect(await bench.walletBalance(b.userId)).toBe(10_000 - paid.get(b.userId)! + net(side));
    expect(await bench.walletBalance(c.userId)).toBe(10_000 - paid.get(c.userId)!);
    expect(s.winners).toEqual([a.userId, b.userId]);
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    await leaveAll(roomId, players);
  });

  it('a tie opens a svara; a third player pays the share to join; the svara hand pays the whole pot', async () => {
    const { players, roomId, ids } = await table([10_000, 10_000, 10_000]);
    const [a, b, c] = players as [TestClient, TestClient, TestClient];
    const before = await moneyOf(bench, ids, roomId);
    bench.dealNext(
      roomId,
      (d) => score(d, a.userId) === score(d, b.userId) && score(d, a.userId) > score(d, c.userId),
      3,
    );
    bench.dealNext(roomId, distinct, 3);
    await seatAll(roomId, players);
    await a.frame((f) => f.status === 'blind_betting');
    let s = await playUntil(
      players,
      roomId,
      (p, view) =>
        view.status === 'blind_betting'
          ? { action: 'look' }
          : p === c
            ? { action: 'fold' }
            : { action: 'call' },
      (f) => f.status === 'svara_pending',
    );
    expect(s.pot).toBe(5);
    expect([...s.svaraTied].sort()).toEqual([a.userId, b.userId].sort());
    await sync(players, s);
    expect(c.state!.allowedActions!.joinSvara).toEqual({ amount: 2.5, free: false });
    expect(a.state!.allowedActions!.joinSvara).toEqual({ amount: 0, free: true });
    s = await act(c, roomId, { action: 'join_svara' });
    expect(s.pot).toBe(7.5);
    expect(s.svaraParticipants).toContain(c.userId);
    const again = await c.send('game_action', { roomId, action: 'join_svara' });
    expect(again).toMatchObject({ ok: false, code: 'svara_already_decided' });
    await act(a, roomId, { action: 'join_svara' });
    s = await act(b, roomId, { action: 'join_svara' });
    // Everyone decided: the svara hand is dealt to the three participants, with no new ante.
    expect(s.status).toBe('blind_betting');
    expect(s.pot).toBe(7.5);
    expect(s.players.filter((p) => p.isActive)).toHaveLength(3);
    s = await playUntil(players, roomId, lookThenCall, isOver);
    expect(s.winners).toHaveLength(1);
    // The whole pot (the svara pot with the join, and the svara hand's bets) is paid out once, taxed once.
    const pot = 750 + s.players.reduce((sum, p) => sum + Math.round(p.totalBet * 100), 0);
    expect(Math.round(s.tax * 100)).toBe(Math.floor(pot * 0.05));
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    await leaveAll(roomId, players);
  });

  it('the server folds a player whose turn runs out; they are away and no hand is dealt without a second player', async () => {
    const { players, roomId, ids } = await table([10_000, 10_000]);
    const before = await moneyOf(bench, ids, roomId);
    await seatAll(roomId, players);
    const s = await players[0]!.frame((f) => f.status === 'blind_betting');
    const sleeper = turnOf(players, s);
    const other = players.find((p) => p !== sleeper)!;
    const started = Date.now();
    const done = await other.frame((f) => f.status === 'finished', 'the time-out', 12_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    expect(done.players.find((p) => p.id === sleeper.userId)).toMatchObject({
      hasFolded: true,
      isAway: true,
    });
    expect(done.winners).toEqual([other.userId]);
    // RULES §6: the away player is dealt nothing, so with one other player no hand starts.
    const waiting = await other.frame((f) => f.status === 'waiting', 'the result display ends');
    expect(waiting.players.map((p) => p.id).sort()).toEqual(ids.slice().sort());
    expect(waiting.deadline).toBeNull();
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    // Back: the next hand is dealt to both.
    expect(await sleeper.send('game_action', { roomId, action: 'back' })).toEqual({ ok: true });
    await other.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === done.fairness.handNumber + 1,
      'the next deal',
    );
    await leaveAll(roomId, players);
  });

  it('a player who leaves during a hand folds; the seat is freed when the hand ends', async () => {
    const { players, roomId, ids } = await table([10_000, 10_000, 10_000]);
    const before = await moneyOf(bench, ids, roomId);
    await seatAll(roomId, players);
    let s = await players[0]!.frame((f) => f.status === 'blind_betting');
    const leaver = players.find((p) => p !== turnOf(players, s))!;
    const stay = players.filter((p) => p !== leaver);
    expect(await leaver.send('leave_room', { roomId })).toEqual({ ok: true });
    s = await stay[0]!.frame((f) => f.players.find((p) => p.id === leaver.userId)?.hasFolded === true);
    expect(s.players.some((p) => p.id === leaver.userId)).toBe(true);
    // The leaver no longer watches the room.
    const framesBefore = leaver.all('game_update').length;
    s = await playUntil(stay, roomId, lookThenCall, isOver);
    expect(s.players.some((p) => p.id === leaver.userId)).toBe(false);
    expect(leaver.all('game_update').length).toBe(framesBefore);
    expect(await bench.walletBalance(leaver.userId)).toBe(9_900);
    expect(bench.realtime.runtime.seatOf(leaver.userId)).toBeUndefined();
    expect(await moneyOf(bench, ids, roomId)).toBe(before);
    await leaveAll(roomId, stay);
  });

  it('a player who reconnects gets the full current view at once, own cards included', async () => {
    const { players, roomId } = await table([10_000, 10_000]);
    await seatAll(roomId, players);
    let s = await players[0]!.frame((f) => f.status === 'blind_betting');
    const first = turnOf(players, s);
    const other = players.find((p) => p !== first)!;
    s = await act(first, roomId, { action: 'look' });
    await sync(players, s);
    other.close();
    s = await act(first, roomId, { action: 'raise', amount: 2 });
    // A new connection for the same user: game_state arrives without asking for the room.
    const back = await bench.player(Number(other.userId), { funds: 0 });
    await back.until(() => back.all('game_state').length > 0, 'game_state on connect');
    const view = back.all<GameState>('game_state')[0]!;
    expect(view.viewerId).toBe(other.userId);
    expect(view.pot).toBe(s.pot);
    expect(view.players.find((p) => p.id === other.userId)!.cards).toHaveLength(3);
    expect(view.allowedActions).toMatchObject({ call: { amount: 2 } });
    await act(back, roomId, { action: 'fold' });
    await leaveAll(roomId, [first, back]);
  });

  it('refuses illegal actions with an error and a failing ack, and changes nothing', async () => {
    const { players, roomId } = await table([10_000, 10_000]);
    const watcher = await bench.player(nextId++);
    await seatAll(roomId, players);
    expect(await watcher.send('join_room', { roomId })).toEqual({ ok: true });
    let s = await players[0]!.frame((f) => f.status === 'blind_betting');
    await sync([...players, watcher], s);
    const first = turnOf(players, s);
    const other = players.find((p) => p !== first)!;
    const framesBefore = players[0]!.all('game_update').length;

    const refusals: [TestClient, string, unknown, string][] = [
      [other, 'game_action', { roomId, action: 'blind_bet' }, 'not_your_turn'],
      [first, 'game_action', { roomId, action: 'call' }, 'action_not_allowed'],
      [first, 'game_action', { roomId, action: 'fold' }, 'action_not_allowed'],
      [first, 'game_action', { roomId, action: 'raise', amount: 1.005 }, 'validation_failed'],
      [first, 'game_action', { roomId: 'not-a-room', action: 'look' }, 'validation_failed'],
      [first, 'game_action', { roomId, action: 'shuffle' }, 'validation_failed'],
      [watcher, 'game_action', { roomId, action: 'look' }, 'not_seated'],
      [watcher, 'sit_down', { roomId, position: first.me!.position }, 'seat_taken'],
      [other, 'auto_fold', { roomId }, 'not_your_turn'],
      [first, 'join_room', { roomId: '00000000-0000-4000-8000-00000000dead' }, 'game_not_found'],
    ];
    for (const [client, event, payload, code] of refusals) {
      const errorsBefore = client.all('error').length;
      const ack = await client.send(event, payload);
      expect(ack, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, code });
      expect((ack as { message: string }).message).not.toBe(`errors.${code}`);
      await client.until(() => client.all('error').length > errorsBefore, 'the error event');
      expect(client.all<{ code: string }>('error').at(-1)!.code).toBe(code);
    }
    expect(players[0]!.all('game_update').length).toBe(framesBefore);
    expect(players[0]!.state!.pot).toBe(s.pot);

    s = await act(first, roomId, { action: 'look' });
    const low = await first.send('game_action', { roomId, action: 'raise', amount: 1 });
    expect(low).toMatchObject({ ok: false, code: 'invalid_amount' });
    const high = await first.send('game_action', { roomId, action: 'raise', amount: 500 });
    expect(high).toMatchObject({ ok: false, code: 'invalid_amount' });
    const blind = await first.send('game_action', { roomId, action: 'blind_bet' });
    expect(blind).toMatchObject({ ok: false, code: 'action_not_allowed' });
    expect(first.state!.pot).toBe(s.pot);
    // auto_fold on one's own turn with time left folds (folding is legal after the look).
    expect(await first.send('auto_fold', { roomId })).toEqual({ ok: true });
    s = await other.frame(isOver);
    expect(s.winners).toEqual([other.userId]);
    await leaveAll(roomId, [...players, watcher]);
  });

  it('a player sits at one table at a time; a private room needs access from the REST join', async () => {
    const { players, roomId } = await table([10_000, 10_000]);
    const [a, b] = players as [TestClient, TestClient];
    expect(await a.send('sit_down', { roomId })).toEqual({ ok: true });
    const second = await bench.createRoom(b.token, 1);
    expect(await a.send('sit_down', { roomId: second })).toMatchObject({
      ok: false,
      code: 'seated_elsewhere',
    });
    // The refusal did not take the socket away from its own table.
    expect(await a.send('chat_message', { roomId, phrase: 'phrase1' })).toEqual({ ok: true });
    await a.until(() => a.all('new_chat_message').length === 1, 'own chat');
    expect(await a.send('leave_room', { roomId })).toEqual({ ok: true });
    expect(await a.send('sit_down', { roomId: second })).toEqual({ ok: true });
    expect(await a.send('leave_room', { roomId: second })).toEqual({ ok: true });

    const secret = await bench.createRoom(a.token, 1, '123456');
    expect(await b.send('sit_down', { roomId: secret })).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await bench.rest('POST', `/rooms/${secret}/join`, b.token, { password: '123456' })).status).toBe(
      200,
    );
    expect(await b.send('sit_down', { roomId: secret })).toEqual({ ok: true });
    expect(await b.send('leave_room', { roomId: secret })).toEqual({ ok: true });

    const poor = await bench.player(nextId++, { funds: 999 });
    expect(await poor.send('sit_down', { roomId })).toMatchObject({ ok: false, code: 'insufficientBalance' });
    expect(bench.realtime.runtime.seatOf(poor.userId)).toBeUndefined();
  });

  it('keeps a six-player frame small: the current hand only; under 2 KB on the wire with compression, a move’s patch under 1 KB', async () => {
    const { players, roomId } = await table([10_000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    await seatAll(roomId, players);
    await players[0]!.frame((f) => f.status === 'blind_betting' && f.players.length === 6);
    let s = players[0]!.state!;
    for (let i = 0; i < 4; i++) {
      await sync(players, s);
      s = await act(turnOf(players, s), roomId, { action: 'blind_bet' });
    }
    await sync(players, s);
    s = await act(turnOf(players, s), roomId, { action: 'look' });
    await sync(players, s);
    // The socket.io packet as sent (the wire shape's six players are most of it), and as the optional
    // per-message deflate sends it (level 1, 4 KB window; without the previous frame in the window,
    // which only makes it smaller).
    const packets = players.map((p) => `42["game_update",${JSON.stringify(p.state)}]`);
    const raw = packets.map((t) => t.length);
    for (const size of raw) expect(size).toBeLessThan(3_584);
    const wire = packets.map((t) => deflateRawSync(t, { level: 1, windowBits: 12, memLevel: 7 }).length);
    for (const size of wire) expect(size).toBeLessThan(2_048);
    expect(players[0]!.state!.log.every((e) => e.timestamp >= players[0]!.state!.log[0]!.timestamp)).toBe(
      true,
    );
    expect(players[0]!.state!.log[0]!.type).toBe('hand');
    // What the look actually sent each player: a patch against their previous frame.
    const patches = players.map((p) => JSON.stringify(p.received.findLast((r) => r.patch)!.patch).length);
    for (const size of patches) expect(size).toBeLessThan(1_000);
    console.log(
      `six-player frame: ${Math.min(...raw)}–${Math.max(...raw)} bytes of JSON, ${Math.min(...wire)}–${Math.max(...wire)} deflated; as a patch ${Math.min(...patches)}–${Math.max(...patches)} bytes`,
    );
    await leaveAll(roomId, players);
  });
});

describe('the process stays out of async context', () => {
  it('sign-in, rooms (public and private, created, joined, closed) and a whole hand run no AsyncLocalStorage', async () => {
    // On Node 20 the first AsyncLocalStorage.run turns promise hooks on for the whole process, for
    // good: every promise of every move pays for them afterwards.
    const entered = [
      vi.spyOn(AsyncLocalStorage.prototype, 'run'),
      vi.spyOn(AsyncLocalStorage.prototype, 'enterWith'),
    ];
    let calls: number[] = [];
    try {
      const { players, roomId } = await table([10_000, 10_000]);
      const privateRoom = await bench.createRoom(players[0]!.token, 1, '1234567');
      expect(
        (await bench.rest('POST', `/rooms/${privateRoom}/join`, players[1]!.token, { password: '1234567' }))
          .status,
      ).toBe(200);
      bench.dealNext(roomId, distinct);
      await seatAll(roomId, players);
      await players[0]!.frame((f) => f.status === 'blind_betting');
      await playUntil(players, roomId, lookThenCall, isOver);
      await leaveAll(roomId, players);
      await bench.api.services.rooms.close(roomId);
      await bench.api.services.rooms.close(privateRoom);
      expect((await bench.api.services.rooms.get(roomId))?.status).toBe('closed');
    } finally {
      calls = entered.map((spy) => spy.mock.calls.length);
      for (const spy of entered) spy.mockRestore();
    }
    expect(calls).toEqual([0, 0]);
  });
});
