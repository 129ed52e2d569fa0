/**
 * Revoking access tokens: a sign-out (POST /auth/logout) or a suspension raises the user's token
 * version, and every token issued before stops working at once, over HTTP and at the socket
 * handshake; a new sign-in gets a working token. Tokens from before versions count as version 0.
 */
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useRealtimeBench } from '../realtime/test-support/harness.js';
import { issueAccessToken } from './tokens.js';

const bench = useRealtimeBench();
let nextId = 991_000;

const JWT_SECRET = 'test-jwt-secret-long-enough-for-the-rule';

/** How a socket's handshake ends: 'connected', or the refusal's code. */
function handshake(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      resolve(error.data?.code ?? error.message),
    );
  });
}

const profile = (token: string) => bench.rest<Record<string, unknown>>('GET', '/users/profile', token);

describe('signing out', () => {
  it('stops the token at once, over HTTP and at the socket handshake', async () => {
    const id = nextId++;
    const token = await bench.login(id);
    expect((await profile(token)).status).toBe(200);
    expect(await handshake(bench.rawSocket({ token }))).toBe('connected');

    expect((await bench.rest('POST', '/auth/logout', token)).status).toBe(204);

    expect(await profile(token)).toMatchObject({ status: 401, body: { code: 'auth_validation_failed' } });
    expect(await handshake(bench.rawSocket({ token }))).toBe('auth_validation_failed');
    // The cookie the Mini App may hold is the same token: refused too.
    expect(await handshake(bench.rawSocket({}, { cookie: `svara_token=${token}` }))).toBe(
      'auth_validation_failed',
    );
    // Signing out again with it is refused like any other request.
    expect((await bench.rest('POST', '/auth/logout', token)).status).toBe(401);
  });

  it('drops the sockets already open with it, on every device of the player, and no one else’s', async () => {
    const [player, bystander] = [await bench.player(nextId++), await bench.player(nextId++)];
    const dropped = new Promise<string>((resolve) => player.socket.once('disconnect', resolve));
    // Signed out from another device: its own token, the same player.
    const elsewhere = await bench.login(Number(player.userId));
    expect((await bench.rest('POST', '/auth/logout', elsewhere)).status).toBe(204);
    expect(await dropped).toBe('io server disconnect');
    // The dropped socket's token is void: coming back is refused at the handshake.
    expect(await handshake(bench.rawSocket({ token: player.token }))).toBe('auth_validation_failed');
    expect(bystander.socket.connected).toBe(true);
  });

  it('lets the player sign in again, and cuts only their own sessions', async () => {
    const id = nextId++;
    const other = await bench.login(nextId++);
    const first = await bench.login(id);
    const second = await bench.login(id);
    await bench.rest('POST', '/auth/logout', first);
    // Every session of the player ends, the other device's too; another player's none.
    expect((await profile(second)).status).toBe(401);
    expect((await profile(other)).status).toBe(200);

    const fresh = await bench.login(id);
    expect((await profile(fresh)).status).toBe(200);
    expect(await handshake(bench.rawSocket({ token: fresh }))).toBe('connected');
  });

  it('needs a token', async () => {
    expect(await bench.rest('POST', '/auth/logout')).toMatchObject({
      status: 401,
      body: { code: 'no_token' },
    });
  });
});

describe('tokens issued before versions', () => {
  it('count as version 0: valid until the first sign-out', async () => {
    const id = nextId++;
    await bench.login(id);
    const legacy = await issueAccessToken(String(id), JWT_SECRET);
    expect((await profile(legacy)).status).toBe(200);
    await bench.rest('POST', '/auth/logout', legacy);
    expect((await profile(legacy)).status).toBe(401);
    expect(await handshake(bench.rawSocket({ token: legacy }))).toBe('auth_validation_failed');
  });
});

describe('suspension', () => {
  it('cuts the sessions open, and a new sign-in shows the player why', async () => {
    const id = nextId++;
    const token = await bench.login(id);
    await bench.api.services.suspension.suspend(String(id), '1', 'chargeback');

    expect(await profile(token)).toMatchObject({ status: 401, body: { code: 'auth_validation_failed' } });
    expect(await handshake(bench.rawSocket({ token }))).toBe('auth_validation_failed');

    const fresh = await bench.login(id);
    const seen = await profile(fresh);
    expect(seen.status).toBe(200);
    expect(seen.body.suspension).toMatchObject({ reason: 'chargeback' });
    expect(await handshake(bench.rawSocket({ token: fresh }))).toBe('connected');
  });
});
