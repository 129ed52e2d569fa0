/**
 * Wrong private-room passwords are limited: 5 per player per room and 30 per room from everyone in
 * 15 minutes (by default), answered too_many_attempts (429, Retry-After) until the window lets the
 * oldest failure go. A right password within the limit gets in and changes nobody's count.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { useTestServer } from '../test-support/http.js';
import { createPasswordAttempts, type PasswordAttemptLimits } from './password-attempts.js';

const db = useTestDatabase();

function limiter(limits: PasswordAttemptLimits) {
  let now = Date.parse('2026-11-28T12:00:00Z');
  const attempts = createPasswordAttempts({ knex: db.knex, limits, clock: () => now });
  return {
    attempts,
    advance: (ms: number) => {
      now += ms;
    },
    /** A wrong password: counted, never `succeeded`. */
    fail: (roomId: string, userId: string) => attempts.begin(roomId, userId),
    /** A right password: counted while it is checked, then not. */
    pass: async (roomId: string, userId: string) => (await attempts.begin(roomId, userId)).succeeded(),
  };
}

const MINUTE = 60_000;
const LIMITS = { perPlayer: 5, perRoom: 30, windowMs: 15 * MINUTE };

describe('a player guessing one room', () => {
  it('is refused at the 6th attempt of the window, with how long to wait', async () => {
    const { fail, pass, advance } = limiter(LIMITS);
    const room = randomUUID();
    for (let i = 0; i < 5; i++) {
      await fail(room, '501');
      advance(MINUTE);
    }
    // Failures at minutes 0 to 4; now it is minute 8, and the 1st leaves the window at minute 15.
    advance(3 * MINUTE);
    await expect(pass(room, '501')).rejects.toMatchObject({
      code: 'too_many_attempts',
      status: 429,
      retryAfterSeconds: 7 * 60,
    });
    // Another room is another count.
    await expect(pass(randomUUID(), '501')).resolves.toBeUndefined();
  });

  it('may try again once the oldest failure leaves the window, and only as many times as left', async () => {
    const { fail, advance } = limiter(LIMITS);
    const room = randomUUID();
    await fail(room, '502');
    advance(10 * MINUTE);
    for (let i = 0; i < 4; i++) await fail(room, '502');
    await expect(fail(room, '502')).rejects.toMatchObject({ retryAfterSeconds: 5 * 60 });
    advance(5 * MINUTE);
    await fail(room, '502'); // the first failure is gone: one more
    await expect(fail(room, '502')).rejects.toMatchObject({ code: 'too_many_attempts' });
    advance(15 * MINUTE);
    for (let i = 0; i < 5; i++) await fail(room, '502');
  });

  it('keeps the count when the right password comes within the limit, its own and others', async () => {
    const { fail, pass } = limiter(LIMITS);
    const room = randomUUID();
    for (let i = 0; i < 3; i++) await fail(room, '503');
    await pass(room, '504'); // another player gets in
    await pass(room, '503'); // and so does this one, on the 4th attempt
    // Neither reset anything: 503 has two wrong guesses left, not five.
    await fail(room, '503');
    await fail(room, '503');
    await expect(fail(room, '503')).rejects.toMatchObject({ code: 'too_many_attempts' });
  });

  it('gets no more than the limit by sending its guesses all at once', async () => {
    const { attempts, fail } = limiter(LIMITS);
    const room = randomUUID();
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => attempts.begin(room, '505')));
    // Each guess sees the others counted: some (or all) may be refused early, none gets past the limit.
    const checked = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(checked).toBeLessThanOrEqual(5);
    // The refused ones are not counted: what is left of the limit is still there, and no more.
    for (let i = checked; i < 5; i++) await fail(room, '505');
    await expect(fail(room, '505')).rejects.toMatchObject({ code: 'too_many_attempts' });
  });
});

describe('a room guessed by many', () => {
  it('refuses everyone once it took its failures, a newcomer too, until they age out', async () => {
    const { fail, pass, advance } = limiter({ perPlayer: 5, perRoom: 12, windowMs: 15 * MINUTE });
    const room = randomUUID();
    for (let player = 0; player < 3; player++) {
      for (let i = 0; i < 4; i++) await fail(room, String(600 + player));
      advance(MINUTE);
    }
    await expect(pass(room, '699')).rejects.toMatchObject({
      code: 'too_many_attempts',
      retryAfterSeconds: 12 * 60,
    });
    advance(12 * MINUTE); // the first player's four failures leave the window
    await pass(room, '699');
  });
});

describe('over HTTP', () => {
  const api = useTestServer();

  it('answers the 6th attempt 429 too_many_attempts with Retry-After, even with the right password', async () => {
    const owner = await api.login({ id: 7101 });
    await api.fund('7101', 100_000);
    const created = await api.request<{ roomId: string }>('POST', '/rooms', {
      token: owner,
      body: { type: 'private', minBet: 1, password: '123456' },
    });
    const roomId = created.body.roomId;
    const guesser = await api.login({ id: 7102, languageCode: 'en' });
    const friend = await api.login({ id: 7103 });
    await api.fund('7102', 100_000);
    await api.fund('7103', 100_000);
    const join = (token: string, password: string) =>
      api.request<{ code?: string; message?: string }>('POST', `/rooms/${roomId}/join`, {
        token,
        body: { password },
      });

    for (let guess = 0; guess < 5; guess++)
      expect((await join(guesser, `00000${guess}`)).body.code).toBe('wrong_password');
    const refused = await join(guesser, '123456');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'too_many_attempts',
      message: 'Too many wrong passwords for this room. Try again later.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Someone else who knows the password is not held back by the guesser.
    expect(await join(friend, '123456')).toMatchObject({ status: 200, body: { roomId, seated: false } });
  });
});
