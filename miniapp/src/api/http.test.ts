import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, getToken, readProfile, setReauthentication, setToken } from './http';

describe('readProfile (the start-up path checks the profile by hand)', () => {
  const base = {
    telegramId: '1001',
    username: 'alice',
    firstName: 'Alice',
    balance: 12.5,
    walletAddress: null,
  };
  it('keeps the fields the app shows', () => {
    expect(readProfile(base)).toMatchObject({
      telegramId: '1001',
      username: 'alice',
      balance: 12.5,
      walletAddress: null,
      avatar: null,
    });
  });
  it('reads a numeric string balance as a number (SPEC §3)', () => {
    expect(readProfile({ ...base, balance: '7.25' }).balance).toBe(7.25);
  });
  it('refuses answers without an id or a balance', () => {
    expect(() => readProfile({ ...base, telegramId: 5 })).toThrow(ApiError);
    expect(() => readProfile({ ...base, balance: 'lots' })).toThrow(ApiError);
    expect(() => readProfile(null)).toThrow(ApiError);
  });
});

describe('the finance calls', () => {
  type Seen = { url: string; init: RequestInit };
  function answer(status: number, body: unknown): { seen: Seen[] } {
    const seen: Seen[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
    });
    return { seen };
  }
  beforeEach(() => setToken('tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('reads the payment methods', async () => {
    const methods = {
      depositCurrencies: ['TON'],
      invoice: true,
      withdrawMethods: ['cryptobot'],
      sandbox: false,
    };
    const { seen } = answer(200, methods);
    expect(await api.paymentMethods()).toEqual(methods);
    expect(seen[0]?.url).toBe('/api/v1/finances/methods');
  });

  it('refuses methods it cannot read', async () => {
    answer(200, { depositCurrencies: ['BTC'], invoice: true, withdrawMethods: [], sandbox: false });
    await expect(api.paymentMethods()).rejects.toThrow(ApiError);
  });

  it('sends a withdrawal with its Idempotency-Key and reads the answer', async () => {
    const { seen } = answer(200, { trackerId: 'w1', amount: 12, status: 'pending', review: true });
    const result = await api.withdraw('1001', 12, null, 'key_12345678', 'cryptobot');
    expect(result).toEqual({ trackerId: 'w1', amount: 12, status: 'pending', review: true });
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key_12345678');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      telegramId: '1001',
      currency: 'USDTTON',
      type: 'withdraw',
      amount: 12,
      method: 'cryptobot',
    });
  });

  it('creates an invoice in dollars', async () => {
    const invoice = {
      trackerId: 'i1',
      payUrl: 'https://t.me/CryptoBot?start=x',
      amount: 7.5,
      expiresAt: 'soon',
    };
    const { seen } = answer(200, invoice);
    expect(await api.invoice(7.5)).toEqual(invoice);
    expect(seen[0]?.url).toBe('/api/v1/finances/invoice');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ amount: 7.5 });
  });

  it('passes a refusal on with its code', async () => {
    answer(409, { code: 'idempotency_key_reused', message: 'other details' });
    await expect(api.withdraw('1001', 12, 'UQ', 'key_12345678')).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      status: 409,
    });
  });

  it('asks the sandbox to pay without a token', async () => {
    const { seen } = answer(200, { ok: true, status: 'paid' });
    expect(await api.sandboxPay('t1', 10)).toEqual({ ok: true, status: 'paid' });
    expect((seen[0]?.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('a session the server has ended (signed out elsewhere, or suspended)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setReauthentication(null);
  });

  /** The server: 401 for a token it no longer accepts, the profile for 'fresh'; counts sign-ins. */
  function server() {
    const calls = { login: 0, profile: 0 };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const reply = (status: number, body: unknown) => ({
        ok: status < 300,
        status,
        statusText: '',
        text: async () => JSON.stringify(body),
      });
      if (url.endsWith('/auth/login')) {
        calls.login += 1;
        return reply(200, { accessToken: 'fresh' });
      }
      calls.profile += 1;
      return headers.Authorization === 'Bearer fresh'
        ? reply(200, { telegramId: '1001', username: null, firstName: 'A', balance: 1, walletAddress: null })
        : reply(401, { code: 'auth_validation_failed', message: 'Authentication failed.' });
    });
    return calls;
  }

  it('signs in again once, for every request refused at the same time, and retries them', async () => {
    setToken('revoked');
    const calls = server();
    setReauthentication(() => api.login('init-data', null));
    const profiles = await Promise.all([api.profile(), api.profile()]);
    expect(profiles.map((p) => p.telegramId)).toEqual(['1001', '1001']);
    expect(calls.login).toBe(1);
    expect(getToken()).toBe('fresh');
  });

  it('gives the refusal to the caller when signing in again fails too', async () => {
    setToken('revoked');
    server();
    setReauthentication(() => Promise.reject(new Error('init data expired')));
    await expect(api.profile()).rejects.toMatchObject({ code: 'auth_validation_failed' });
  });

  it('does not try without launch data to sign in with', async () => {
    setToken('revoked');
    const calls = server();
    await expect(api.profile()).rejects.toMatchObject({ code: 'auth_validation_failed' });
    expect(calls.login).toBe(0);
  });
});
