/**
 * A stand-in for the api in the Mini App's component tests: `fetch` answers from a table of routes
 * ("POST /finances/transaction") and keeps every request it saw (method, path, headers, body).
 */
import { vi } from 'vitest';
import type { PaymentMethods, Profile } from '@svara/core';
import { setToken } from '../api/http';
import { forgetPaymentMethods } from '../app/payments';
import { profile } from '../app/session';

export type FakeRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };
/** An answer: a status and a JSON body, or 'network' for a request that never reaches the server. */
export type FakeReply = { status?: number; body?: unknown } | 'network';
export type FakeRoutes = Record<string, (req: FakeRequest) => FakeReply | Promise<FakeReply>>;

export function fakeApi(routes: FakeRoutes): { requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api\/v1/, '');
    const req: FakeRequest = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const route = routes[`${method} ${path}`];
    const reply: FakeReply = route
      ? await route(req)
      : { status: 404, body: { code: 'not_found', message: `no route ${method} ${path}` } };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    };
  });
  vi.stubGlobal('fetch', fetch);
  return { requests };
}

export const SIGNED_IN: Profile = {
  telegramId: '1001',
  username: 'alice',
  firstName: 'Alice',
  lastName: null,
  avatar: null,
  languageCode: 'ru',
  balance: 50,
  walletAddress: null,
  walletSource: null,
  walletVerifiedAt: null,
  seatedRoomId: null,
  suspension: null,
};

/**
 * Sign-in's routes. The api answers POST /auth/login with the token, the profile and the protection
 * state; `tokenOnly` answers the token alone, as an older api did, and start-up then reads
 * GET /users/profile and GET /protection.
 */
export function signInRoutes(
  me: Profile,
  protection: unknown,
  { tokenOnly = false }: { tokenOnly?: boolean } = {},
): FakeRoutes {
  return {
    'POST /auth/login': () => ({
      body: tokenOnly
        ? { accessToken: 'fresh-token' }
        : { accessToken: 'fresh-token', profile: me, protection },
    }),
    'GET /users/profile': () => ({ body: me }),
    'GET /protection': () => ({ body: protection }),
  };
}

/** A signed-in player (a token and a profile), with no payment methods known yet. */
export function signIn(over: Partial<Profile> = {}): void {
  setToken('test-token');
  profile.set({ ...SIGNED_IN, ...over });
  forgetPaymentMethods();
}

export function methods(over: Partial<PaymentMethods> = {}): PaymentMethods {
  return { depositCurrencies: [], invoice: false, withdrawMethods: ['address'], sandbox: false, ...over };
}

/** A `transactionConfirmed` as the realtime module passes it on: the window event balanceUpdated. */
export function confirmPayment(balance: number, message: string): void {
  window.dispatchEvent(new CustomEvent('balanceUpdated', { detail: { balance, message } }));
}
