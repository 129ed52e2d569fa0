import { describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, useTestServer } from '../../test-support/http.js';

const production = useTestServer({
  env: {
    NODE_ENV: 'production',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
    PAYMENTS_PROVIDER: 'cryptopay',
    CRYPTOPAY_TOKEN: '1234:production-token',
    PUBLIC_URL: 'https://svara.example',
    // Required in production; the tests' own database is used all the same.
    DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
    BOT_ADMIN_IDS: '9001',
  },
});

describe('the development chat in production', () => {
  it('does not exist: neither the page, its JSON, nor the stand-in Bot API', async () => {
    const get = (path: string) => fetch(`${production.baseUrl}${path}`);
    const post = (path: string, body: unknown) =>
      fetch(`${production.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Without a built Mini App nothing else answers these paths, so they are plain 404s.
    expect((await get('/dev/chat')).status).toBe(404);
    expect((await get('/dev/chat/state?user=1001')).status).toBe(404);
    const say = await post('/dev/chat/say', { person: { id: 1001, first_name: 'Anna' }, text: '/start' });
    expect(say.status).toBe(404);
    expect((await post(`/dev/telegram/bot${TEST_BOT_TOKEN}/getMe`, {})).status).toBe(404);
  });
});
