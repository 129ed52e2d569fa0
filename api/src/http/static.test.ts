import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from './context.js';
import { HASHED_ASSET_CACHE, miniappMiddleware } from './static.js';

/** A build of the Mini App in a temporary folder: its page and one hashed script with its brotli copy. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'svara-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Svara</title>');
  const script = 'console.log("lobby");'.repeat(100);
  writeFileSync(path.join(dist, 'assets', 'main-Ab12Cd34.js'), script);
  writeFileSync(path.join(dist, 'assets', 'main-Ab12Cd34.js.br'), brotliCompressSync(script));
  return dist;
}

let base = '';
let close = () => {};
beforeAll(async () => {
  const koa = new Koa<AppState>();
  koa.use(miniappMiddleware(fakeBuild()));
  const server = koa.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("serving the Mini App's build", () => {
  it('lets phones keep the hashed files of /assets for a year, compressed', async () => {
    const res = await fetch(`${base}/assets/main-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(HASHED_ASSET_CACHE);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe('console.log("lobby");'.repeat(100));
  });

  it('has the page asked about on every open, so a new build is seen at once', async () => {
    for (const page of ['/', '/index.html', '/some/screen']) {
      const res = await fetch(`${base}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).not.toContain('immutable');
      expect(res.headers.get('cache-control')).toMatch(/max-age=0|no-cache/);
      expect(await res.text()).toContain('<title>Svara</title>');
    }
  });
});
