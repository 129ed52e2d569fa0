// @vitest-environment jsdom
/**
 * A socket whose handshake is refused because the token was revoked (a sign-out elsewhere, a
 * suspension, a cool-off or self-exclusion cut every session) signs in again once and connects with
 * the new token; any other refusal is left to the usual reconnection. A socket the server dropped
 * (a sign-out elsewhere voided its token) tries again at once, which leads to the same renewal.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setReauthentication, setToken } from './http';

type Handler = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  handlers: new Map<string, Handler[]>(),
  connects: 0,
  auth: null as null | ((cb: (data: unknown) => void) => void),
}));

vi.mock('socket.io-client', () => ({
  io: (options: { auth: (cb: (data: unknown) => void) => void }) => {
    fake.auth = options.auth;
    return {
      on: (event: string, handler: Handler) =>
        fake.handlers.set(event, [...(fake.handlers.get(event) ?? []), handler]),
      connect: () => void (fake.connects += 1),
      emit: () => undefined,
      connected: false,
    };
  },
}));

const { connectRealtime } = await import('./realtime');
const fire = (event: string, ...args: unknown[]) => fake.handlers.get(event)?.forEach((h) => h(...args));
const refused = (code: string) => Object.assign(new Error('refused'), { data: { code, message: '' } });
const tokenSent = () =>
  new Promise<unknown>((resolve) => fake.auth!((data) => resolve((data as { token: string }).token)));

describe('a refused handshake', () => {
  const signIn = vi.fn(async () => setToken('fresh-token'));
  beforeEach(async () => {
    setToken('revoked-token');
    setReauthentication(signIn);
    await connectRealtime({
      token: 'revoked-token',
      telegramId: '1001',
      userData: { username: null, avatar: null },
    });
  });

  it('signs in again once when the token was revoked, and connects with the new token', async () => {
    fire('connect_error', refused('auth_validation_failed'));
    await vi.waitFor(() => expect(fake.connects).toBe(1));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(await tokenSent()).toBe('fresh-token');

    // Refused again before any connection: no loop of sign-ins.
    fire('connect_error', refused('auth_validation_failed'));
    await new Promise((r) => setTimeout(r, 20));
    expect(signIn).toHaveBeenCalledTimes(1);

    // Once connected, a later revocation is renewed again; other refusals are not.
    fire('connect');
    fire('connect_error', refused('rate_limited'));
    await new Promise((r) => setTimeout(r, 20));
    expect(signIn).toHaveBeenCalledTimes(1);
    fire('connect_error', refused('auth_validation_failed'));
    await vi.waitFor(() => expect(fake.connects).toBe(2));
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('connects again when the server drops the socket (a sign-out elsewhere), and not when the app did', () => {
    const before = fake.connects;
    fire('disconnect', 'io client disconnect');
    expect(fake.connects).toBe(before);
    fire('disconnect', 'io server disconnect');
    expect(fake.connects).toBe(before + 1);
  });
});
