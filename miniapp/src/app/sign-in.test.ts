// @vitest-environment jsdom
/**
 * Start-up's sign-in (SPEC §4 "Sign-in"): POST /auth/login answers the token, the profile and the
 * protection state, so the lobby waits for one round trip; an api that answers the token alone is
 * asked for the profile and the state, side by side.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN, fakeApi, signInRoutes } from '../test-support/fake-api';
import { protectionState } from '../protection/fixtures';
import type * as Sdk from '../telegram/sdk';

vi.mock('../telegram/sdk', async (original) => ({
  ...(await original<typeof Sdk>()),
  readLaunch: async () => ({ initDataRaw: 'init-data', startParam: null, user: null, dev: false }),
  initTelegramSdk: () => undefined,
}));
vi.mock('../api/realtime', () => ({
  connectRealtime: () => undefined,
  onServerEvent: () => () => undefined,
}));

// Sign-in runs once per page: each test starts with fresh modules.
async function startUp() {
  const session = await import('./session');
  const store = await import('../protection/store');
  return { ...session, ...store };
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.svaraEarlyLogin;
});

/** What the page's early sign-in (app/early-login.ts) leaves: the request it sent and its answer. */
function sentEarly(body: unknown, initData = 'init-data', startPayload: string | null = null): void {
  const answer = Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  window.svaraEarlyLogin = { initData, startPayload, answer };
}

const paths = (requests: { method: string; path: string }[]) => requests.map((r) => `${r.method} ${r.path}`);

describe('signing in at start-up', () => {
  it('takes one request: the answer carries the profile and the agreement state', async () => {
    const me = { ...SIGNED_IN, balance: 12.5 };
    const { requests } = fakeApi(signInRoutes(me, protectionState()));
    const { bootstrap, phase, profile, protection } = await startUp();
    await bootstrap();
    expect(paths(requests)).toEqual(['POST /auth/login']);
    expect(requests[0]!.body).toEqual({ initData: 'init-data', startPayload: null });
    expect(phase.get()).toEqual({ name: 'ready' });
    expect(profile.get()).toEqual(me);
    await vi.waitFor(() => expect(protection.get()).toEqual(protectionState()));
  });

  it("shows the gate from the answer's state when the current agreement is not accepted", async () => {
    const state = protectionState({
      agreement: { currentVersion: '2027-01-15', acceptedVersion: null, acceptedAt: null },
    });
    const { requests } = fakeApi(signInRoutes(SIGNED_IN, state));
    const { bootstrap, phase, agreementGate } = await startUp();
    void bootstrap();
    await vi.waitFor(() => expect(agreementGate.get()).toEqual({ version: '2027-01-15' }));
    expect(paths(requests)).toEqual(['POST /auth/login']);
    expect(phase.get()).toEqual({ name: 'starting' });
  });

  it('asks for the profile and the state, side by side, when the answer carries the token alone', async () => {
    const { requests } = fakeApi(signInRoutes(SIGNED_IN, protectionState(), { tokenOnly: true }));
    const { bootstrap, phase, profile, protection } = await startUp();
    await bootstrap();
    expect(paths(requests)).toEqual(['POST /auth/login', 'GET /protection', 'GET /users/profile']);
    expect(requests.slice(1).map((r) => r.headers.Authorization)).toEqual([
      'Bearer fresh-token',
      'Bearer fresh-token',
    ]);
    expect(phase.get()).toEqual({ name: 'ready' });
    expect(profile.get()).toEqual(SIGNED_IN);
    await vi.waitFor(() => expect(protection.get()).toEqual(protectionState()));
  });

  it('asks only for what the answer lacks', async () => {
    const routes = signInRoutes(SIGNED_IN, protectionState());
    const { requests } = fakeApi({
      ...routes,
      'POST /auth/login': () => ({ body: { accessToken: 'fresh-token', profile: SIGNED_IN } }),
    });
    const { bootstrap, phase } = await startUp();
    await bootstrap();
    expect(paths(requests)).toEqual(['POST /auth/login', 'GET /protection']);
    expect(phase.get()).toEqual({ name: 'ready' });
  });

  it('stops with load_failed when the fallback cannot read the profile', async () => {
    fakeApi({
      ...signInRoutes(SIGNED_IN, protectionState(), { tokenOnly: true }),
      'GET /users/profile': () => 'network',
    });
    const { bootstrap, phase } = await startUp();
    await bootstrap();
    expect(phase.get()).toEqual({ name: 'error', code: 'load_failed' });
  });

  it('reads the answer of the request the page sent early, and asks nothing more', async () => {
    const me = { ...SIGNED_IN, balance: 7 };
    const { requests } = fakeApi(signInRoutes(SIGNED_IN, protectionState()));
    sentEarly({ accessToken: 'early-token', profile: me, protection: protectionState() });
    const { bootstrap, phase, profile, protection } = await startUp();
    await bootstrap();
    expect(requests).toEqual([]);
    expect(phase.get()).toEqual({ name: 'ready' });
    expect(profile.get()).toEqual(me);
    expect(localStorage.getItem('token')).toBe('early-token');
    await vi.waitFor(() => expect(protection.get()).toEqual(protectionState()));
  });

  it('refuses an early answer that refused the launch data, as it would its own', async () => {
    fakeApi(signInRoutes(SIGNED_IN, protectionState()));
    window.svaraEarlyLogin = {
      initData: 'init-data',
      startPayload: null,
      answer: Promise.resolve(
        new Response(JSON.stringify({ code: 'auth_validation_failed', message: 'bad' }), { status: 401 }),
      ),
    };
    const { bootstrap, phase } = await startUp();
    await bootstrap();
    expect(phase.get()).toEqual({ name: 'error', code: 'auth_validation_failed' });
  });

  it('signs in itself when the early request was sent with other launch data', async () => {
    const { requests } = fakeApi(signInRoutes(SIGNED_IN, protectionState()));
    sentEarly(
      { accessToken: 'early-token', profile: SIGNED_IN, protection: protectionState() },
      'other-data',
    );
    const { bootstrap, phase } = await startUp();
    await bootstrap();
    expect(paths(requests)).toEqual(['POST /auth/login']);
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(phase.get()).toEqual({ name: 'ready' });
    expect(window.svaraEarlyLogin).toBeUndefined();
  });
});
