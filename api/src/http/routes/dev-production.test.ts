import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({
  env: {
    NODE_ENV: 'production',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
    // The sandbox is refused in production: a real provider (never contacted here) stands in.
    PAYMENTS_PROVIDER: 'cryptopay',
    CRYPTOPAY_TOKEN: '1234:production-token',
    PUBLIC_URL: 'https://svara.example',
    // Required in production; the tests' own database is used all the same.
    DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
    BOT_ADMIN_IDS: '9001',
  },
});

describe('development routes in production', () => {
  it('do not exist', async () => {
    expect((await api.request('GET', '/dev/init-data?id=1')).status).toBe(404);
    const token = await api.login({ id: 8101 });
    const faucet = await api.request('POST', '/dev/faucet', { token, body: { amount: 5 } });
    expect(faucet.status).toBe(404);
    expect(faucet.body).toMatchObject({ code: 'not_found' });
    const pay = await api.request('POST', '/sandbox/pay', { body: { trackerId: 'x', amount: 5 } });
    expect(pay.status).toBe(404);
  });

  it('set the token cookie Secure', async () => {
    const { signDevInitData } = await import('../../dev/init-data.js');
    const { TEST_BOT_TOKEN } = await import('../../test-support/http.js');
    const response = await api.request('POST', '/auth/login', {
      body: { initData: signDevInitData({ id: 8102 }, { botToken: TEST_BOT_TOKEN }) },
    });
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

describe('development routes with a real-looking bot token outside production', () => {
  const development = useTestServer({
    env: { NODE_ENV: 'development', BOT_TOKEN: '7000000001:AAE-real-looking_token-0123456789ab' },
  });

  it('do not exist: they would sign in as anyone with the real bot’s token', async () => {
    expect((await development.request('GET', '/dev/init-data?id=1')).status).toBe(404);
    expect((await fetch(`${development.baseUrl}/dev/chat`)).status).toBe(404);
  });
});
