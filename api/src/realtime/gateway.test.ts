/**
 * The socket surface (SPEC §7): who may connect, the lobby feed, balances, chat, invites and the
 * refusal format. Real sign-in, real socket.io clients.
 */
import { applyLobbyDiff, avatarPath, type LobbyRooms, type RoomSummary } from '@svara/core';
import { translate } from '@svara/locales';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import { seatAll } from './test-support/table-driver.js';

const bench = useRealtimeBench({ emptyRoomCloseMs: 1_500, lobbyIntervalMs: 300 });
let nextId = 720_000;

function refusal(socket: Socket): Promise<{ message: string; data?: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error as never));
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connecting', () => {
  it('refuses a socket without a token, or with a bad one', async () => {
    const none = await refusal(bench.rawSocket({}));
    expect(none.data).toEqual({ code: 'no_token', message: translate('ru', 'errors.no_token') });
    const bad = await refusal(bench.rawSocket({ token: 'not.a.token' }));
    expect(bad.data?.code).toBe('auth_validation_failed');
  });

  it('takes identity from the token or the login cookie, never from the telegramId a client sends', async () => {
    const token = await bench.login(nextId++);
    const me = String(nextId - 1);
    await bench.fund(me, 1_234);
    const liar = bench.rawSocket({ token, telegramId: '1', userData: { username: 'admin' } });
    await connected(liar);
    const errors: { code: string }[] = [];
    liar.on('error', (e: { code: string }) => errors.push(e));
    const other = await liar.timeout(3_000).emitWithAck('subscribe_balance', '1');
    expect(other).toMatchObject({ ok: false, code: 'forbidden' });
    const balances: { balance: number }[] = [];
    liar.on('balanceUpdated', (b: { balance: number }) => balances.push(b));
    expect(await liar.timeout(3_000).emitWithAck('subscribe_balance', me)).toEqual({ ok: true });
    expect(await liar.timeout(3_000).emitWithAck('join', { telegramId: me })).toEqual({ ok: true });
    await wait(50);
    expect(balances).toEqual([{ balance: 12.34 }]);
    expect(errors.map((e) => e.code)).toEqual(['forbidden']);
    liar.disconnect();

    const byCookie = bench.rawSocket({}, { cookie: `theme=dark; svara_token=${token}` });
    await connected(byCookie);
    expect(await byCookie.timeout(3_000).emitWithAck('subscribe_balance')).toEqual({ ok: true });
    byCookie.disconnect();
  });
});

describe('the lobby', () => {
  /** The view as the client holds it: the latest initial, then its diffs in version order. */
  function viewOf(client: TestClient): RoomSummary[] {
    let rooms: RoomSummary[] = [];
    for (const message of client.all<LobbyRooms>('rooms')) {
      if (message.action === 'diff') rooms = applyLobbyDiff(rooms, message);
      else rooms = message.rooms;
    }
    return rooms;
  }

  it('sends the view a socket asks for on request_rooms, then coalesced diffs while it is in the lobby', async () => {
    const watcher = await bench.player(nextId++);
    const owners = await Promise.all([0, 1, 2, 3, 4].map(() => bench.player(nextId++)));
    expect(await watcher.send('request_rooms', { filter: {}, limit: 50, page: 1 })).toEqual({ ok: true });
    const initial = watcher.all<LobbyRooms>('rooms');
    expect(initial).toHaveLength(1);
    expect(initial[0]).toMatchObject({ action: 'initial', view: { limit: 50, page: 1 } });

    const started = Date.now();
    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      created.push(await bench.createRoom(owners[i]!.token, 1 + i));
      await seatAll(created[i]!, [owners[i]!]);
    }
    const privateRoom = await bench.createRoom(owners[4]!.token, 2, '654321');
    await seatAll(privateRoom, [owners[4]!]);
    // Nobody sits in this one: the lobby never lists it.
    const empty = await bench.createRoom(watcher.token, 3);
    await watcher.until(
      () => [...created, privateRoom].every((id) => viewOf(watcher).some((r) => r.roomId === id)),
      'the new rooms',
    );
    const diffs = watcher.all<LobbyRooms>('rooms').slice(1);
    expect(diffs.every((d) => d.action === 'diff')).toBe(true);
    // At most one diff per 300 ms interval (plus the first one).
    expect(diffs.length).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - started) / 300));
    const listed = viewOf(watcher);
    expect(listed.some((r) => r.roomId === empty)).toBe(false);
    // A private room is listed as private (a lock, and Enter asks for the password), never its password.
    expect(listed.filter((r) => r.type === 'private').map((r) => r.roomId)).toEqual([privateRoom]);
    expect(JSON.stringify(watcher.all('rooms'))).not.toContain('654321');
    // A seat in the public list is its player's id: no name, no picture.
    expect(listed.find((r) => r.roomId === created[2])).toEqual({
      roomId: created[2],
      players: [{ id: owners[2]!.userId }],
      maxPlayers: 6,
      minBet: 3,
      type: 'public',
      status: 'waiting',
    });

    // At a table the socket is out of the lobby: no more diffs.
    expect(await watcher.send('join_room', { roomId: created[0] })).toEqual({ ok: true });
    const count = watcher.all('rooms').length;
    expect(await watcher.send('sit_down', { roomId: created[0] })).toEqual({ ok: true });
    await wait(700);
    expect(watcher.all('rooms').length).toBe(count);
    // Back in the lobby after leaving the table: a fresh page of the same view.
    expect(await watcher.send('leave_room', { roomId: created[0] })).toEqual({ ok: true });
    await watcher.until(() => watcher.all('rooms').length > count, 'the list again');
    expect(watcher.all<LobbyRooms>('rooms').at(-1)).toMatchObject({ action: 'initial', view: { limit: 50 } });
    await Promise.all(created.map((roomId, i) => owners[i]!.send('leave_room', { roomId })));
    await owners[4]!.send('leave_room', { roomId: privateRoom });
  });

  it('takes a room off the list as soon as nobody sits there, and closes it once nobody watches', async () => {
    const watcher = await bench.player(nextId++);
    const owner = await bench.player(nextId++);
    expect(await watcher.send('request_rooms')).toEqual({ ok: true });
    const roomId = await bench.createRoom(owner.token, 1);
    await seatAll(roomId, [owner]);
    await watcher.until(() => viewOf(watcher).some((r) => r.roomId === roomId), 'listed');
    expect(await owner.send('leave_room', { roomId })).toEqual({ ok: true });
    const left = Date.now();
    await watcher.until(() => !viewOf(watcher).some((r) => r.roomId === roomId), 'unlisted');
    // Well before the room closes (emptyRoomCloseMs: 1.5 s).
    expect(Date.now() - left).toBeLessThan(1_000);
    const closed = async () => (await bench.rest<{ status: string }>('GET', `/rooms/${roomId}`)).body.status;
    for (let i = 0; i < 50 && (await closed()) !== 'closed'; i++) await wait(100);
    expect(await closed()).toBe('closed');
    expect(await owner.send('join_room', { roomId })).toMatchObject({ ok: false, code: 'game_not_found' });
  });
});

describe('at the table', () => {
  it('relays chat phrases from seated players to everyone watching, rate limited', async () => {
    const a = await bench.player(nextId++);
    const b = await bench.player(nextId++);
    const spectator = await bench.player(nextId++, { language: 'ru' });
    const roomId = await bench.createRoom(a.token, 1);
    await seatAll(roomId, [a, b]);
    expect(await spectator.send('join_room', { roomId })).toEqual({ ok: true });

    expect(await a.send('chat_message', { roomId, phrase: 'phrase19' })).toEqual({ ok: true });
    await spectator.until(() => spectator.all('new_chat_message').length === 1, 'the phrase');
    expect(spectator.all('new_chat_message')[0]).toEqual({ roomId, playerId: a.userId, phrase: 'phrase19' });
    await b.until(() => b.all('new_chat_message').length === 1, 'the phrase');

    expect(await a.send('chat_message', { roomId, phrase: 'phrase20' })).toMatchObject({
      ok: false,
      code: 'validation_failed',
    });
    const refused = await spectator.send('chat_message', { roomId, phrase: 'phrase1' });
    expect(refused).toEqual({ ok: false, code: 'not_seated', message: translate('ru', 'errors.not_seated') });
    // A burst of three, then one per second.
    expect(await a.send('chat_message', { roomId, phrase: 'phrase2' })).toEqual({ ok: true });
    expect(await a.send('chat_message', { roomId, phrase: 'phrase3' })).toEqual({ ok: true });
    expect(await a.send('chat_message', { roomId, phrase: 'phrase4' })).toMatchObject({
      ok: false,
      code: 'rate_limited',
    });
    await wait(1_000);
    expect(await a.send('chat_message', { roomId, phrase: 'phrase5' })).toEqual({ ok: true });
    await b.until(() => b.all('new_chat_message').length === 4, 'four phrases');
    expect(b.all<{ phrase: string }>('new_chat_message').map((m) => m.phrase)).toEqual([
      'phrase19',
      'phrase2',
      'phrase3',
      'phrase5',
    ]);

    const invite = await a.send('game_action', { roomId, action: 'invite' });
    expect(invite).toEqual({ ok: true, data: `join_${roomId}_${a.userId}` });
    for (const p of [a, b]) await p.send('leave_room', { roomId });
  });

  it('gives a spectator the spectator view and pushes changes to it', async () => {
    const a = await bench.player(nextId++);
    const b = await bench.player(nextId++);
    const spectator = await bench.player(nextId++);
    const roomId = await bench.createRoom(a.token, 1);
    expect(await spectator.send('join_room', { roomId })).toEqual({ ok: true });
    expect(spectator.all('game_state')).toHaveLength(1);
    await seatAll(roomId, [a, b]);
    const s = await spectator.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(s.viewerId).toBeNull();
    expect(s.allowedActions).toBeNull();
    expect(s.players.every((p) => p.cards === null && p.isActive && !p.hasFolded)).toBe(true);
    await spectator.until(
      () => spectator.all<{ sound: string }>('play_sound').some((x) => x.sound === 'deal'),
      'deal',
    );
    for (const p of [a, b]) await p.send('leave_room', { roomId });
  });

  it("shows a seated player's photo by the short path of the avatar route, whatever the client sends", async () => {
    const photo = 'https://t.me/i/userpic/320/q9XvB2mLk7TzR4wHc8NpJd5FsYgA1uE6oKiC3bMnZ0Q.jpg';
    const a = await bench.player(nextId++, { photoUrl: photo });
    const b = await bench.player(nextId++);
    const roomId = await bench.createRoom(a.token, 1);
    expect(await a.send('sit_down', { roomId, avatar: 'https://example.com/me.png' })).toEqual({ ok: true });
    expect(await b.send('sit_down', { roomId })).toEqual({ ok: true });
    const frame = await b.frame((f) => f.players.length === 2, 'both seated');
    expect(frame.players.map((p) => p.avatar)).toEqual([avatarPath(a.userId), null]);
    const redirect = await fetch(`${bench.baseUrl}${avatarPath(a.userId)}`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe(photo);
    for (const p of [a, b]) await p.send('leave_room', { roomId });
  });
});
