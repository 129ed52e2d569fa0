import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';
import { readiness } from './health.js';

const never = () => new Promise<never>(() => undefined);

describe('readiness', () => {
  it('is ready when the database answers and no Redis is configured', async () => {
    expect(await readiness({ database: async () => [] })).toEqual({
      ready: true,
      checks: { database: 'ok' },
    });
  });

  it('is not ready when the database fails, or Redis does not answer in time', async () => {
    const failing = await readiness({
      database: () => Promise.reject(new Error('connection refused')),
      redis: async () => 'PONG',
    });
    expect(failing).toEqual({ ready: false, checks: { database: 'down', redis: 'ok' } });
    const silent = await readiness({ database: async () => [], redis: never }, 50);
    expect(silent).toEqual({ ready: false, checks: { database: 'ok', redis: 'down' } });
  });
});

describe('GET /health and /health/ready', () => {
  const api = useTestServer();

  it('answers liveness without asking anything, and readiness after asking the database', async () => {
    const live = await api.request('GET', '/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await api.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

describe('GET /health/ready with Redis away', () => {
  // Nothing listens on port 1: every command to this Redis fails at once.
  const api = useTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });

  it('answers 503 and names Redis, while liveness still answers 200', async () => {
    const ready = await api.request('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down' } });
    expect((await api.request('GET', '/health')).status).toBe(200);
  });
});
