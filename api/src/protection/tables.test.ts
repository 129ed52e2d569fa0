/**
 * Player protection at the tables, over real sockets: a seat needs the accepted agreement and no
 * cool-off or self-exclusion, and is refused while a loss or session limit is reached — on every
 * socket, two at once included. The socket connection itself is never refused (an excluded player
 * may watch and withdraw). A seated player who reaches a limit, or excludes themselves, finishes the
 * hand in progress and is stood up before the next deal, told why. Reality checks reach every socket
 * of a seated player at each multiple of their minutes.
 */
import type { Ack, GameState, ServerEventPayload } from '@svara/core';
import { afterEach, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { useRealtimeBench } from '../realtime/test-support/harness.js';
import {
  act,
  finishHand,
  leaveAll,
  seatAll,
  threeDealt,
  turnOf,
} from '../realtime/test-support/table-driver.js';

/** A reality-check minute lasts 20 ms here: the 30-minute check comes after 0.6 s of play. */
const bench = useRealtimeBench({ realityCheckMinuteMs: 20 });
let nextId = 781_000;
const knex = () => knexOf(bench.api.services.orm);
const protection = () => bench.api.services.protection;

afterEach(async () => {
  await bench.expectLedgerOk();
});

type StoodUp = ServerEventPayload<'stood_up'>;

/** A second socket (tab) of a signed-in player; resolves once connected. */
async function secondTab(token: string) {
  const socket = bench.rawSocket({ token });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  const send = (event: string, payload: unknown) =>
    socket.timeout(5_000).emitWithAck(event, payload) as Promise<Ack>;
  return { socket, received, send };
}

describe('sitting down', () => {
  it('needs the accepted agreement; the connection and watching are not refused', async () => {
    const owner = await bench.player(nextId++);
    const newcomer = await bench.player(nextId++, { agreement: false });
    const roomId = await bench.createRoom(owner.token, 1);
    expect(await newcomer.send('join_room', { roomId })).toEqual({ ok: true });
    await newcomer.until(() => newcomer.state !== null, 'the table view');
    expect(await newcomer.send('sit_down', { roomId })).toEqual({
      ok: false,
      code: 'agreement_required',
      message: 'Please confirm you are 18 or older and accept the user agreement first.',
    });
    expect(bench.realtime.runtime.seatOf(newcomer.userId)).toBeUndefined();
    await protection().acceptAgreement(newcomer.userId, protection().agreementVersion);
    expect(await newcomer.send('sit_down', { roomId })).toEqual({ ok: true });
    await leaveAll(roomId, [newcomer]);
  });

  it('is refused during a cool-off, with its end; the player still watches the table', async () => {
    const owner = await bench.player(nextId++);
    const resting = await bench.player(nextId++);
    const roomId = await bench.createRoom(owner.token, 1);
    await protection().exclude(resting.userId, { kind: 'cool_off', duration: '24h' });
    expect(await resting.send('join_room', { roomId })).toEqual({ ok: true });
    const refused = await resting.send('sit_down', { roomId });
    expect(refused).toMatchObject({ ok: false, code: 'self_excluded' });
    expect((refused as { message: string }).message).toMatch(
      /^You are taking a break from play until .+ UTC/,
    );
    expect(bench.realtime.runtime.peek(roomId)?.seats ?? []).toEqual([]);
    // The exclusion cut the tokens issued so far (sockets already open stay, watching). Signed in
    // again on another device, the player connects and watches, and is refused the seat too.
    const other = await secondTab(await bench.login(Number(resting.userId)));
    expect(await other.send('join_room', { roomId })).toEqual({ ok: true });
    expect(await other.send('sit_down', { roomId })).toMatchObject({ ok: false, code: 'self_excluded' });
    other.socket.disconnect();
  });

  it('two sockets sitting at once when the session limit is reached: neither gets a seat', async () => {
    const owner = await bench.player(nextId++);
    const tired = await bench.player(nextId++);
    const roomA = await bench.createRoom(owner.token, 1);
    const roomB = await bench.createRoom(owner.token, 1);
    await protection().setLimit(tired.userId, { kind: 'session', amount: 1 });
    const startOfDay = new Date(new Date().setUTCHours(0, 0, 0, 0));
    const start = new Date(Math.max(startOfDay.getTime(), Date.now() - 90_000));
    await knex()('protection_sessions').insert({
      user_id: tired.userId,
      started_at: start,
      ended_at: new Date(),
    });
    const tab = await secondTab(tired.token);
    const [one, two] = await Promise.all([
      tired.send('sit_down', { roomId: roomA }),
      tab.send('sit_down', { roomId: roomB }),
    ]);
    expect(one).toMatchObject({ ok: false, code: 'session_limit_reached' });
    expect(two).toMatchObject({ ok: false, code: 'session_limit_reached' });
    expect(bench.realtime.runtime.seatOf(tired.userId)).toBeUndefined();
    tab.socket.disconnect();
  });
});

describe('a seated player', () => {
  it('who reaches the session limit finishes the hand, then is stood up before the next deal', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    let s = dealt.state;
    const first = s.fairness.handNumber;
    const target = players[2]!;
    const others = players.slice(0, 2);
    // Their session began (as recorded) two minutes ago, and they allow themselves one minute.
    await protection().setLimit(target.userId, { kind: 'session', amount: 1 });
    await knex()('protection_sessions')
      .where('user_id', target.userId)
      .whereNull('ended_at')
      .update({ started_at: new Date(Math.max(new Date().setUTCHours(0, 0, 0, 0), Date.now() - 120_000)) });
    expect(bench.realtime.runtime.seatOf(target.userId)).toBe(roomId);

    await finishHand(players, roomId);
    s = await others[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 1,
      'the next deal',
    );
    expect(s.players.map((p) => p.id).sort()).toEqual(others.map((p) => p.userId).sort());
    await target.until(() => target.all('stood_up').length > 0, 'stood_up');
    expect(target.all<StoodUp>('stood_up')).toEqual([
      {
        roomId,
        code: 'session_limit_reached',
        message: 'You have reached your playing time limit: you can sit at a table again tomorrow (UTC).',
      },
    ]);
    // The session ended with the seat.
    await expect
      .poll(
        async () =>
          (await knex()('protection_sessions').where('user_id', target.userId).whereNull('ended_at')).length,
      )
      .toBe(0);
    expect(await target.send('sit_down', { roomId })).toMatchObject({
      ok: false,
      code: 'session_limit_reached',
    });
    await leaveAll(roomId, others);
  });

  it('who loses up to the loss limit (net of wins) is stood up after the hand; the winner plays on', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    const s = dealt.state;
    const first = s.fairness.handNumber;
    // Every player allows themselves one cent of loss a day (a lowering applies at once).
    for (const p of players)
      await protection().setLimit(p.userId, { kind: 'loss', period: 'daily', amount: 0.01 });
    await finishHand(players, roomId);
    // Each hears it on their own sockets.
    await expect
      .poll(() => players.filter((p) => p.all('stood_up').length > 0).length, { timeout: 8_000 })
      .toBe(2);
    const losers = players.filter((p) => p.all('stood_up').length > 0);
    const winner = players.find((p) => !losers.includes(p))!;
    for (const loser of losers) {
      expect(loser.all<StoodUp>('stood_up')).toEqual([
        {
          roomId,
          code: 'loss_limit_reached',
          message:
            'You have reached your loss limit: you can sit at a table again when the limit’s period ends.',
        },
      ]);
      expect((await protection().get(loser.userId)).usage.lost.daily).toBeGreaterThan(0);
    }
    expect(bench.realtime.runtime.seatOf(winner.userId)).toBe(roomId);
    expect(winner.all('stood_up')).toEqual([]);
    // Alone, the winner is dealt nothing more.
    expect(bench.realtime.runtime.peek(roomId)!.handNumber).toBe(first);
    await leaveAll(roomId, [winner]);
  });

  it('who excludes themselves mid-hand plays it out, then is stood up and told why', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    let s = dealt.state;
    const first = s.fairness.handNumber;
    const target = turnOf(players, s);
    const others = players.filter((p) => p !== target);
    await protection().exclude(target.userId, { kind: 'self_exclusion', duration: '6m' });
    // Still in the hand: their move is taken.
    s = await act(target, roomId, { action: 'look' });
    expect(bench.realtime.runtime.seatOf(target.userId)).toBe(roomId);
    await finishHand(players, roomId);
    await target.until(() => target.all('stood_up').length > 0, 'stood_up');
    expect(target.all<StoodUp>('stood_up')).toEqual([
      {
        roomId,
        code: 'self_excluded',
        message:
          'You are taking a break from play: no seats, new rooms or deposits until it ends. Withdrawals are still available.',
      },
    ]);
    s = await others[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 1,
      'the next deal',
    );
    expect(s.players.some((p) => p.id === target.userId)).toBe(false);
    await leaveAll(roomId, others);
  });

  it('an exclusion written elsewhere (no signal here) still stands the player up before the next deal', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    const s = dealt.state;
    const target = players[1]!;
    await knex()('protection_exclusions').insert({
      user_id: target.userId,
      kind: 'cool_off',
      starts_at: new Date(Date.now() - 1000),
      until: new Date(Date.now() + 86_400_000),
      created_by: target.userId,
    });
    await finishHand(players, roomId);
    const next: GameState = await players[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === s.fairness.handNumber + 1,
      'the next deal',
    );
    expect(next.players.some((p) => p.id === target.userId)).toBe(false);
    await target.until(() => target.all('stood_up').length > 0, 'stood_up');
    expect(target.all<StoodUp>('stood_up')[0]).toMatchObject({ roomId, code: 'self_excluded' });
    await leaveAll(
      roomId,
      players.filter((p) => p !== target),
    );
  });
});

describe('reality checks', () => {
  it('reach every socket of a seated player at each multiple of their minutes, and stop when they leave', async () => {
    const player = await bench.player(nextId++);
    await protection().setRealityCheck(player.userId, 30);
    const tab = await secondTab(player.token);
    const roomId = await bench.createRoom(player.token, 1);
    await seatAll(roomId, [player]);
    await player.until(() => player.all('reality_check').length >= 2, 'two reality checks', 5_000);
    const checks = player.all<ServerEventPayload<'reality_check'>>('reality_check');
    expect(checks.slice(0, 2)).toEqual([
      { playedMinutes: 30, net: 0 },
      { playedMinutes: 60, net: 0 },
    ]);
    expect(tab.received.filter((r) => r.event === 'reality_check').length).toBeGreaterThanOrEqual(1);
    await leaveAll(roomId, [player]);
    const after = player.all('reality_check').length;
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(player.all('reality_check').length).toBe(after);
    tab.socket.disconnect();
  });

  it('are not sent to a player who is not seated', async () => {
    const watcher = await bench.player(nextId++);
    const owner = await bench.player(nextId++);
    const roomId = await bench.createRoom(owner.token, 1);
    expect(await watcher.send('join_room', { roomId })).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(watcher.all('reality_check')).toEqual([]);
  });
});
