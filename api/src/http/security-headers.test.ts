import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/http.js';
import type { AppState } from './context.js';
import { contentSecurityPolicy, securityHeaders } from './security-headers.js';

/** The directives of a policy by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

/** A bare Koa app with only the headers middleware; `trustProxy` as TRUST_PROXY sets it. */
async function headersOf(
  options: { httpsOnly: boolean; trustProxy?: boolean },
  requestHeaders: Record<string, string> = {},
): Promise<Headers> {
  const koa = new Koa<AppState>({ proxy: options.trustProxy ?? false });
  koa.use(securityHeaders({ httpsOnly: options.httpsOnly }));
  koa.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = koa.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}/`, { headers: requestHeaders })).headers;
}

describe('the Content-Security-Policy', () => {
  const policy = directives(contentSecurityPolicy('play.example.com'));

  it("lets Telegram's web clients frame the app, and nobody else", () => {
    expect(policy.get('frame-ancestors')).toEqual(['https://web.telegram.org', 'https://*.telegram.org']);
  });

  it('runs scripts from our origin only: no inline script, no eval, no other host', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it("connects to our own origin, the websocket included, and to https hosts (TON Connect's bridges) only", () => {
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https:',
      'wss://play.example.com',
      'ws://play.example.com',
    ]);
  });

  it("shows Telegram's profile photos and the QR code (data:), and images of our own", () => {
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://t.me', 'https://*.telegram.org']),
    );
  });

  it('names no host it cannot vouch for (a forged Host header)', () => {
    const forged = directives(contentSecurityPolicy("evil.example.com; script-src 'unsafe-eval'"));
    expect(forged.get('connect-src')).toEqual(["'self'", 'https:']);
    expect(forged.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the headers on a response', () => {
  it('carries the policy, Referrer-Policy, Permissions-Policy and nosniff; never X-Frame-Options', async () => {
    const headers = await headersOf({ httpsOnly: false });
    expect(directives(headers.get('content-security-policy')).get('frame-ancestors')).toContain(
      'https://web.telegram.org',
    );
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const permissions = headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(permissions).toContain(`${feature}=()`);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBeNull();
  });

  it('sends HSTS only behind TLS', async () => {
    // Plain http in development: a browser would ignore it, and a local http setup must keep working.
    expect((await headersOf({ httpsOnly: false })).get('strict-transport-security')).toBeNull();
    // Production with an https PUBLIC_URL: always.
    expect((await headersOf({ httpsOnly: true })).get('strict-transport-security')).toMatch(
      /^max-age=31536000/,
    );
    // A request that reached the proxy over https, with TRUST_PROXY set.
    const proxied = await headersOf({ httpsOnly: false, trustProxy: true }, { 'x-forwarded-proto': 'https' });
    expect(proxied.get('strict-transport-security')).toMatch(/^max-age=/);
    // Without TRUST_PROXY a client's own X-Forwarded-Proto counts for nothing.
    const spoofed = await headersOf({ httpsOnly: false }, { 'x-forwarded-proto': 'https' });
    expect(spoofed.get('strict-transport-security')).toBeNull();
  });
});

describe('the app', () => {
  const miniappDist = mkdtempSync(path.join(os.tmpdir(), 'svara-miniapp-headers-'));
  writeFileSync(path.join(miniappDist, 'index.html'), '<!doctype html><title>Svara</title>');
  const api = useTestServer({ miniappDist });

  it('sends the headers with the Mini App, the api and its refusals', async () => {
    for (const pathname of ['/', '/lobby', '/api/v1/health', '/api/v1/users/me', '/api/v1/nothing']) {
      const headers = (await fetch(`${api.baseUrl}${pathname}`)).headers;
      const policy = directives(headers.get('content-security-policy'));
      expect(policy.get('script-src'), pathname).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), pathname).toContain('https://web.telegram.org');
      expect(headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
  });

  it('leaves the development pages their own policy for their inline script', async () => {
    for (const pathname of ['/api/v1/sandbox/invoice/no-such-order', '/dev/chat']) {
      const response = await fetch(`${api.baseUrl}${pathname}`);
      expect(response.headers.get('content-type'), pathname).toMatch(/html/);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src'), pathname).toEqual(["'unsafe-inline'"]);
      expect(policy.get('default-src'), pathname).toEqual(["'none'"]);
    }
  });
});
