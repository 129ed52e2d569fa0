import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableDirectory } from '../rooms/table-directory.js';
import { createApp } from './app.js';
import { useTestServer } from '../test-support/http.js';

const miniappDist = mkdtempSync(path.join(os.tmpdir(), 'svara-miniapp-'));
mkdirSync(path.join(miniappDist, 'assets'));
writeFileSync(path.join(miniappDist, 'index.html'), '<!doctype html><title>Svara</title>');
writeFileSync(path.join(miniappDist, 'assets', 'app.js'), 'console.log("svara")');
writeFileSync(path.join(miniappDist, 'FAIRNESS.md'), '# Svara fairness specification\n');

let failTables = false;
const tables: TableDirectory = {
  summary() {
    if (failTables) throw new Error('relation "secret_table" does not exist at /srv/app.js:12');
    return { players: [], handRunning: false, status: 'waiting' };
  },
  seatOf: () => undefined,
};

const api = useTestServer({
  env: { MINIAPP_URL: 'https://play.example.com/' },
  miniappDist,
  tables,
  rateLimits: {
    loginPerIp: { perSecond: 0.001, burst: 3 },
    mutationPerUser: { perSecond: 0.001, burst: 2 },
    mutationPerIp: { perSecond: 1000, burst: 1000 },
  },
});

describe('the mini-app on the same port', () => {
  const get = (pathname: string) => fetch(`${api.baseUrl}${pathname}`);

  it('serves its files and falls back to index.html outside /api and /socket.io', async () => {
    const asset = await get('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('svara');
    for (const page of ['/', '/dashboard', '/some/deep/link']) {
      const response = await get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/html/);
      expect(await response.text()).toContain('<title>Svara</title>');
    }
    const unknownApi = await api.request('GET', '/api/v1/nothing-here', {
      headers: { 'accept-language': 'en' },
    });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body).toEqual({ code: 'not_found', message: 'Not found.' });
    expect((await get('/socket.io/x')).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/dashboard`, { method: 'POST' })).status).toBe(404);
  });

  it('serves the fairness specification the build ships as text a browser shows', async () => {
    const spec = await get('/FAIRNESS.md');
    expect(spec.status).toBe(200);
    expect(spec.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await spec.text()).toContain('Svara fairness specification');
  });
});

describe('CORS', () => {
  it('answers the configured mini-app origin with credentials and nobody else', async () => {
    const allowed = await api.request('OPTIONS', '/rooms', {
      headers: { origin: 'https://play.example.com', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://play.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await api.request('GET', '/rooms', { headers: { origin: 'https://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('failures', () => {
  it('answers unknown_error without any detail of the failure', async () => {
    failTables = true;
    try {
      const response = await api.request('GET', '/rooms', { headers: { 'accept-language': 'en' } });
      expect(response.status).toBe(200); // no rooms yet: nothing asks the directory
      const token = await api.login({ id: 9001 });
      await api.fund('9001', 10_000);
      await api.request('POST', '/rooms', { token, body: { type: 'public', minBet: 1 } });
      const failed = await api.request('GET', '/rooms', { headers: { 'accept-language': 'en' } });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({
        code: 'unknown_error',
        message: 'An unknown error occurred. Please try again later.',
      });
      expect(JSON.stringify(failed.body)).not.toMatch(/secret_table|srv/);
    } finally {
      failTables = false;
    }
  });

  it('logs what breaks after a response has begun, a client that went away only at debug level', () => {
    const lines: { level: number; msg: string; path?: string; err?: { code?: string } }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const app = createApp({ ...api.services, logger }, { miniappDist: null });
    try {
      const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      app.koa.emit('error', gone, { method: 'GET', path: '/assets/app.js' });
      app.koa.emit('error', new Error('read failed'), { method: 'GET', path: '/index.html' });
    } finally {
      app.close();
    }
    expect(lines.map((l) => [l.level, l.msg, l.path, l.err?.code])).toEqual([
      [20, 'client went away mid-response', '/assets/app.js', 'ERR_STREAM_PREMATURE_CLOSE'],
      [50, 'response failed', '/index.html', undefined],
    ]);
  });
});

/** Statuses until the bucket is empty: some answered, then only 429 (a burst is never exceeded). */
function expectBurstThen429(statuses: number[], burst: number) {
  const first429 = statuses.indexOf(429);
  expect(first429).toBeGreaterThanOrEqual(0);
  expect(first429).toBeLessThanOrEqual(burst);
  expect(statuses.slice(first429).every((status) => status === 429)).toBe(true);
}

describe('rate limits', () => {
  it('limits sign-ins per IP with 429 rate_limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await api.request('POST', '/auth/login', { body: { initData: 'x' } });
      statuses.push(response.status);
    }
    expectBurstThen429(statuses, 3);
    const limited = await api.request('POST', '/auth/login', {
      body: { initData: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a moment.',
    });
  });

  it('limits mutations per user', async () => {
    const token = await api.services.tokens.issue('9001');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await api.request('POST', '/rooms', { token, body: { type: 'public', minBet: 1 } })).status,
      );
    }
    expectBurstThen429(statuses, 2);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    // Reads are not limited.
    expect((await api.request('GET', '/users/profile', { token })).status).toBe(200);
  });
});
