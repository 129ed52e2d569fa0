import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/check.js';
import { knexOf } from '../../db/orm.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer();

describe('development sign-in and faucet', () => {
  it('signs init data for a chosen test user that POST /auth/login accepts', async () => {
    const signed = await api.request<{ initData: string }>(
      'GET',
      '/dev/init-data?id=8001&username=carol&first_name=Carol&language_code=en',
    );
    expect(signed.status).toBe(200);
    const login = await api.request<{ accessToken: string }>('POST', '/auth/login', {
      body: { initData: signed.body.initData },
    });
    expect(login.status).toBe(200);
    const profile = await api.request('GET', '/users/profile', { token: login.body.accessToken });
    expect(profile.body).toMatchObject({
      telegramId: '8001',
      username: 'carol',
      firstName: 'Carol',
      languageCode: 'en',
    });
    expect((await api.request('GET', '/dev/init-data?id=abc')).status).toBe(400);
  });

  it('credits the caller through the ledger from the faucet account', async () => {
    const token = await api.login({ id: 8002 });
    const changed: string[] = [];
    const stop = api.services.wallets.onChanged((userId) => changed.push(userId));
    const paid = await api.request('POST', '/dev/faucet', { token, body: { amount: 250.5 } });
    stop();
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ balance: 250.5 });
    expect(changed).toEqual(['8002']);
    await api.request('POST', '/dev/faucet', { token, body: { amount: 0.5 } });
    expect((await api.request('GET', '/users/profile', { token })).body).toMatchObject({ balance: 251 });
    expect(await api.services.ledger.balance(await api.services.ledger.systemAccount('faucet'))).toBe(
      -25_100,
    );
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });

  it('refuses amounts that are not positive dollars within the limit, and needs a token', async () => {
    const token = await api.login({ id: 8003 });
    for (const amount of [0, -1, 1.001, 100_000.01, '5']) {
      const response = await api.request('POST', '/dev/faucet', { token, body: { amount } });
      expect(response.status, String(amount)).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_amount' });
    }
    expect((await api.request('POST', '/dev/faucet', { body: { amount: 5 } })).status).toBe(401);
  });
});
