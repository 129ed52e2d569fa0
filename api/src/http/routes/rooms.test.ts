import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { FakeTables, useTestServer } from '../../test-support/http.js';

const tables = new FakeTables();
const api = useTestServer({ tables });

let owner: string;
let guest: string;
let poor: string;

beforeAll(async () => {
  owner = await api.login({ id: 5001, username: 'owner', languageCode: 'en' });
  guest = await api.login({ id: 5002, username: 'guest', languageCode: 'en' });
  poor = await api.login({ id: 5003, username: 'poor', languageCode: 'en' });
  await api.fund('5001', 100_000); // $1000
  await api.fund('5002', 100_000);
  await api.fund('5003', 999); // $9.99: below 10 × $1
});

async function createRoom(body: unknown, token = owner) {
  return api.request<{ roomId: string }>('POST', '/rooms', { token, body });
}

describe('POST /rooms', () => {
  it('creates a public room and lists it without a token', async () => {
    const created = await createRoom({ type: 'public', minBet: 2.5 });
    expect(created.status).toBe(201);
    expect(created.body.roomId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await api.request<unknown[]>('GET', '/rooms');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({
      roomId: created.body.roomId,
      players: [],
      maxPlayers: 6,
      minBet: 2.5,
      type: 'public',
      status: 'waiting',
    });
  });

  it('lists 500 rooms a page, newest first, and refuses a page that is not a positive integer', async () => {
    const created = await createRoom({ type: 'public', minBet: 3 });
    const first = await api.request<{ roomId: string }[]>('GET', '/rooms?page=1');
    expect(first.body[0]!.roomId).toBe(created.body.roomId);
    expect((await api.request<unknown[]>('GET', '/rooms?page=2')).body).toEqual([]);
    expect((await api.request('GET', '/rooms?page=0')).status).toBe(400);
    expect((await api.request('GET', '/rooms?page=x')).status).toBe(400);
  });

  it('creates a private room that the lobby lists as private and whose details never show the password', async () => {
    const created = await createRoom({ type: 'private', minBet: 1, password: '1234567' });
    expect(created.status).toBe(201);
    const list = await api.request<{ roomId: string; type: string }[]>('GET', '/rooms');
    expect(list.body.find((r) => r.roomId === created.body.roomId)).toMatchObject({ type: 'private' });
    expect(JSON.stringify(list.body)).not.toMatch(/password|scrypt|1234567/i);
    const details = await api.request('GET', `/rooms/${created.body.roomId}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      roomId: created.body.roomId,
      type: 'private',
      minBet: 1,
      ownerId: '5001',
    });
    expect(JSON.stringify(details.body)).not.toMatch(/password|scrypt|1234567/i);
    expect(Date.parse((details.body as { createdAt: string }).createdAt)).not.toBeNaN();
    // The creator may always enter their private room.
    expect(await api.services.rooms.hasAccess(created.body.roomId, '5001')).toBe(true);
  });

  it.each([
    ['a stake below 1', { type: 'public', minBet: 0.99 }, 'invalid_stake'],
    ['a stake with 3 decimals', { type: 'public', minBet: 1.005 }, 'invalid_stake'],
    ['a stake that is not a number', { type: 'public', minBet: '5' }, 'invalid_stake'],
    ['a private room without password', { type: 'private', minBet: 1 }, 'password_required'],
    ['a private room with 5 digits', { type: 'private', minBet: 1, password: '12345' }, 'password_required'],
    ['a private room with letters', { type: 'private', minBet: 1, password: '12345a' }, 'password_required'],
    ['an unknown type', { type: 'secret', minBet: 1 }, 'validation_failed'],
  ])('refuses %s with 400', async (_, body, code) => {
    const response = await createRoom(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code });
  });

  it('needs a balance of 10 stakes', async () => {
    const refused = await createRoom({ type: 'public', minBet: 1 }, poor);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      code: 'insufficientBalance',
      message: 'Your balance must be at least 10 times the minimum stake.',
    });
    expect((await createRoom({ type: 'public', minBet: 100 })).status).toBe(201); // exactly 10 × $100
    expect((await createRoom({ type: 'public', minBet: 100.01 })).status).toBe(422);
  });

  it('needs a token', async () => {
    expect((await api.request('POST', '/rooms', { body: { type: 'public', minBet: 1 } })).status).toBe(401);
  });
});

describe('GET /rooms/:id', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await api.request('GET', `/rooms/${randomUUID()}`)).status).toBe(404);
    const malformed = await api.request('GET', '/rooms/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ code: 'not_found' });
  });

  it('shows the players the table directory reports', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    tables.seat(roomId, 2, { firstId: 7000 });
    const details = await api.request<{ players: { id: string }[] }>('GET', `/rooms/${roomId}`);
    expect(details.body.players.map((p) => p.id)).toEqual(['7000', '7001']);
  });
});

describe('POST /rooms/:id/join', () => {
  it('lets a player with 10 stakes into a public room', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 5 })).body;
    const joined = await api.request('POST', `/rooms/${roomId}/join`, { token: guest });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ roomId, seated: false });
  });

  it('refuses a balance below 10 stakes', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    const refused = await api.request('POST', `/rooms/${roomId}/join`, { token: poor });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'insufficientBalance' });
  });

  it('asks for the password of a private room, refuses a wrong one and records access for the right one', async () => {
    const { roomId } = (await createRoom({ type: 'private', minBet: 1, password: '246810' })).body;
    const none = await api.request('POST', `/rooms/${roomId}/join`, { token: guest });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'password_required' });
    const wrong = await api.request('POST', `/rooms/${roomId}/join`, {
      token: guest,
      body: { password: '246811' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ code: 'wrong_password', message: 'Wrong room password.' });
    expect(await api.services.rooms.hasAccess(roomId, '5002')).toBe(false);

    const right = await api.request('POST', `/rooms/${roomId}/join`, {
      token: guest,
      body: { password: '246810' },
    });
    expect(right.status).toBe(200);
    expect(await api.services.rooms.hasAccess(roomId, '5002')).toBe(true);
    // Once allowed in, no password is needed again.
    expect((await api.request('POST', `/rooms/${roomId}/join`, { token: guest })).status).toBe(200);
  });

  it('refuses a full room', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    tables.seat(roomId, 6);
    const refused = await api.request('POST', `/rooms/${roomId}/join`, { token: guest });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'room_full', message: 'The room is full.' });
  });

  it('answers game already started while a hand runs, and lets a seated player back in', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    tables.seat(roomId, 1, { handRunning: true, firstId: 5001 });
    const refused = await api.request<{ code: string; message: string }>('POST', `/rooms/${roomId}/join`, {
      token: guest,
      headers: { 'accept-language': 'ru' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('game_already_started');
    expect(refused.body.message).toContain('game already started');
    const seated = await api.request('POST', `/rooms/${roomId}/join`, { token: owner });
    expect(seated.body).toEqual({ roomId, seated: true });
    const list = await api.request<{ roomId: string; status: string; players: unknown[] }[]>('GET', '/rooms');
    expect(list.body.find((r) => r.roomId === roomId)).toMatchObject({ status: 'betting' });
  });

  it('answers 404 for an unknown or closed room', async () => {
    expect((await api.request('POST', `/rooms/${randomUUID()}/join`, { token: guest })).status).toBe(404);
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    await api.services.rooms.close(roomId);
    expect((await api.request('POST', `/rooms/${roomId}/join`, { token: guest })).status).toBe(404);
    const list = await api.request<{ roomId: string }[]>('GET', '/rooms');
    expect(list.body.map((r) => r.roomId)).not.toContain(roomId);
    expect((await api.request('GET', `/rooms/${roomId}`)).body).toMatchObject({ status: 'closed' });
  });
});

describe('room change notifications', () => {
  it('tells listeners about created and closed rooms', async () => {
    const changes: string[] = [];
    const stop = api.services.rooms.onChange((change) => changes.push(`${change.kind}:${change.room.id}`));
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    await api.services.rooms.close(roomId);
    stop();
    expect(changes).toEqual([`created:${roomId}`, `closed:${roomId}`]);
  });
});

describe('rooms by the number shown (the first 8 characters of the id)', () => {
  it('joins a private room by the 8 characters shown and answers its full id', async () => {
    const { roomId } = (await createRoom({ type: 'private', minBet: 1, password: '135790' })).body;
    const shown = roomId.slice(0, 8);
    const joined = await api.request('POST', `/rooms/${shown}/join`, {
      token: guest,
      body: { password: '135790' },
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ roomId, seated: false });
    expect(await api.services.rooms.hasAccess(roomId, '5002')).toBe(true);
    // Upper case, as someone may type it, names the same room.
    const details = await api.request('GET', `/rooms/${shown.toUpperCase()}`);
    expect(details.body).toMatchObject({ roomId, type: 'private' });
  });

  it('finds open rooms only: a closed room is not found by its number', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    await api.services.rooms.close(roomId);
    const shown = roomId.slice(0, 8);
    expect((await api.request('GET', `/rooms/${shown}`)).status).toBe(404);
    expect((await api.request('POST', `/rooms/${shown}/join`, { token: guest })).status).toBe(404);
    // By its full id it is still there (closed).
    expect((await api.request('GET', `/rooms/${roomId}`)).body).toMatchObject({ status: 'closed' });
  });

  it('refuses a number two open rooms share with room_id_ambiguous', async () => {
    const knex = knexOf(api.services.orm);
    const ids = ['c0ffee00-0000-4000-8000-000000000001', 'c0ffee00-0000-4000-8000-000000000002'];
    await knex('rooms').insert(ids.map((id) => ({ id, owner_id: '5001', stake_cents: 100, type: 'public' })));
    const refused = await api.request('POST', '/rooms/c0ffee00/join', { token: guest });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'room_id_ambiguous',
      message: 'Several open rooms start with this number: enter the full room id.',
    });
    expect((await api.request('GET', '/rooms/c0ffee00')).body).toMatchObject({ code: 'room_id_ambiguous' });
    // The full id still works.
    expect((await api.request('POST', `/rooms/${ids[0]}/join`, { token: guest })).body).toEqual({
      roomId: ids[0],
      seated: false,
    });
  });

  it('answers 404 for anything else that is not an id', async () => {
    for (const ref of ['c0ffee0', 'c0ffee001', 'zzzzzzzz', 'c0ffee0%']) {
      expect((await api.request('POST', `/rooms/${ref}/join`, { token: guest })).status).toBe(404);
    }
  });
});

describe("a private room's password for its creator", () => {
  it('GET /rooms/:id shows the password to the signed-in creator and to nobody else', async () => {
    const { roomId } = (await createRoom({ type: 'private', minBet: 1, password: '8642013' })).body;
    const mine = await api.request('GET', `/rooms/${roomId}`, { token: owner });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ roomId, ownerId: '5001', password: '8642013' });

    // A guest who has access, a guest without, and anyone without a token (or with a bad one).
    await api.request('POST', `/rooms/${roomId}/join`, { token: guest, body: { password: '8642013' } });
    for (const token of [guest, poor, undefined, 'not-a-token']) {
      const r = await api.request('GET', `/rooms/${roomId}`, token === undefined ? {} : { token });
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(/password|8642013/);
    }
    // By the number shown too, only for the creator.
    expect((await api.request('GET', `/rooms/${roomId.slice(0, 8)}`, { token: owner })).body).toMatchObject({
      password: '8642013',
    });
  });

  it('stores the password hashed and sealed, never in plain text', async () => {
    const { roomId } = (await createRoom({ type: 'private', minBet: 1, password: '9753113' })).body;
    const row = await knexOf(api.services.orm)('rooms').where({ id: roomId }).first();
    expect(JSON.stringify(row)).not.toContain('9753113');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_sealed).toMatch(/^v1\./);
  });

  it('a public room has no password, for its creator either', async () => {
    const { roomId } = (await createRoom({ type: 'public', minBet: 1 })).body;
    const mine = await api.request('GET', `/rooms/${roomId}`, { token: owner });
    expect(mine.body).not.toHaveProperty('password');
  });
});
