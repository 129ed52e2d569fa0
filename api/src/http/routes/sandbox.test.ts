import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@svara/core';
import Koa from 'koa';
import Router from 'koa-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createSandboxGateway, type SandboxGateway } from '../../payments/sandbox/sandbox-gateway.js';
import { useTestDatabase } from '../../test-support/db.js';
import type { AppContext, AppState, Next } from '../context.js';
import { toHttpRefusal } from '../errors.js';
import { sandboxRoutes } from './sandbox.js';

const db = useTestDatabase();

/** The routes on a bare Koa app, with the api's error answers and a webhook that says 204. */
async function listen(sandbox: SandboxGateway | null, isProduction: boolean) {
  const koa = new Koa<AppState>();
  koa.use(async (ctx: AppContext, next: Next) => {
    try {
      await next();
    } catch (error) {
      const refusal = toHttpRefusal(error, 'en');
      ctx.status = refusal.status;
      ctx.body = refusal.body;
    }
  });
  const router = new Router<AppState>({ prefix: API_PREFIX });
  router.post('/webhook', (ctx) => {
    ctx.status = 204;
  });
  sandboxRoutes(router, sandbox, isProduction);
  koa.use(router.routes());
  const server: Server = createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let sandbox: SandboxGateway;
let server: Server;
let base = '';

beforeAll(async () => {
  sandbox = createSandboxGateway({
    knex: db.knex,
    settings: { secret: null, withdrawDelayMs: 60_000, callbackDelayMs: 0, failureRate: 0, timeoutRate: 0 },
    logger: createLogger({ level: 'silent', pretty: false }),
    publicPayUrl: (uid) => `${base}${API_PREFIX}/sandbox/invoice/${uid}`,
  });
  ({ server, base } = await listen(sandbox, false));
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => server.close(resolve));
});

let seq = 0;
async function deposit(currency: 'USDTTON' | 'TON' = 'USDTTON') {
  return sandbox.createDepositAddress({
    orderId: `route-${++seq}`,
    currency,
    callbackUrl: `${base}${API_PREFIX}/webhook`,
    expiresInSeconds: 3600,
  });
}
async function invoice(amountCents = 1999) {
  return sandbox.createInvoice({
    orderId: `route-${++seq}`,
    amountCents,
    description: 'Svara deposit',
    callbackUrl: `${base}${API_PREFIX}/webhook`,
    expiresInSeconds: 3600,
  });
}

async function pay(body: unknown, at = base) {
  const response = await fetch(`${at}${API_PREFIX}/sandbox/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

describe('POST /sandbox/pay', () => {
  it('pays a deposit address once, by tracker id and amount, without a token', async () => {
    const { providerOrderId } = await deposit();
    expect(await pay({ trackerId: providerOrderId, amount: 12.5 })).toEqual({
      status: 200,
      body: { ok: true, status: 'paid' },
    });
    expect((await sandbox.fetchOrder(providerOrderId, 'deposit'))?.amountCents).toBe(1250);
    const again = await pay({ trackerId: providerOrderId, amount: '1' });
    expect(again).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('pays an invoice whole, or at its exact amount only', async () => {
    const exact = await invoice();
    expect((await pay({ trackerId: exact.providerOrderId, amount: '20' })).status).toBe(400);
    expect((await pay({ trackerId: exact.providerOrderId, amount: '19.990' })).status).toBe(200);
    const whole = await invoice(500);
    expect(await pay({ trackerId: whole.providerOrderId })).toMatchObject({
      status: 200,
      body: { status: 'paid' },
    });
  });

  it('answers not_found for an unknown tracker and validation_failed for a bad request', async () => {
    expect(await pay({ trackerId: 'sbx_000000000000000000000000', amount: 1 })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const { providerOrderId } = await deposit('TON');
    for (const amount of [0, -1, '0.0000001', 1.0000001, 'ten', '1e3', null, undefined]) {
      const response = await pay({ trackerId: providerOrderId, amount });
      expect(response.status, String(amount)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed' });
    }
    expect((await pay({ amount: 1 })).status).toBe(400);
    expect((await sandbox.fetchOrder(providerOrderId, 'deposit'))?.status).toBe('pending');
  });
});

describe('GET /sandbox/invoice/:uid', () => {
  it('shows a self-contained pay page for an invoice', async () => {
    const { providerOrderId, payUrl } = await invoice(1234);
    const response = await fetch(payUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await response.text();
    expect(html).toContain('Sandbox payment — development only');
    expect(html).toContain('Pay 12.34 USDT');
    expect(html).toContain(`data-uid="${providerOrderId}"`);
    expect(html).toContain(`data-endpoint="${API_PREFIX}/sandbox/pay"`);
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).not.toMatch(/\s(src|href)=/);

    await pay({ trackerId: providerOrderId });
    const paid = await (await fetch(payUrl)).text();
    expect(paid).not.toContain('<form');
    expect(paid).toContain('<p id="result" role="status">Paid</p>');
  });

  it('shows an amount field for a deposit address', async () => {
    const { providerOrderId, address } = await deposit('TON');
    const html = await (await fetch(`${base}${API_PREFIX}/sandbox/invoice/${providerOrderId}`)).text();
    expect(html).toContain('Send TON to this address');
    expect(html).toContain(address);
    expect(html).toContain('name="amount"');
  });

  it('answers 404 for an unknown order or a withdrawal, escaping what it echoes', async () => {
    const unknown = await fetch(`${base}${API_PREFIX}/sandbox/invoice/sbx_nope%3Cb%3E`);
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('sbx_nope&lt;b&gt;');
    expect(html).not.toContain('<b>');
    const withdrawal = await sandbox.withdraw({
      method: 'cryptobot',
      orderId: `route-${++seq}`,
      amountCents: 100,
      telegramUserId: '5',
      callbackUrl: `${base}${API_PREFIX}/webhook`,
    });
    expect((await fetch(`${base}${API_PREFIX}/sandbox/invoice/${withdrawal.providerOrderId}`)).status).toBe(
      404,
    );
  });
});

describe('without the sandbox, or in production', () => {
  it('the routes do not exist', async () => {
    for (const [gateway, isProduction] of [
      [sandbox, true],
      [null, false],
    ] as const) {
      const other = await listen(gateway, isProduction);
      try {
        const { providerOrderId } = await deposit();
        expect((await pay({ trackerId: providerOrderId, amount: 1 }, other.base)).status).toBe(404);
        const page = await fetch(`${other.base}${API_PREFIX}/sandbox/invoice/${providerOrderId}`);
        expect(page.status).toBe(404);
        expect((await sandbox.fetchOrder(providerOrderId, 'deposit'))?.status).toBe('pending');
      } finally {
        await new Promise((resolve) => other.server.close(resolve));
      }
    }
  });
});
