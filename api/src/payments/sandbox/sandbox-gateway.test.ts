import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address } from '@ton/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentsConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { useTestDatabase } from '../../test-support/db.js';
import { CallbackRejectedError, PaymentProviderError } from '../gateway.js';
import {
  createSandboxGateway,
  SANDBOX_SIGNATURE_HEADER,
  SandboxPayError,
  type SandboxCallbackBody,
  type SandboxGateway,
  type SandboxGatewayDeps,
} from './sandbox-gateway.js';

const db = useTestDatabase();
const logger = createLogger({ level: 'silent', pretty: false });

/** Our webhook's stand-in: records every callback, answers with the queued statuses (then 200). */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: SandboxCallbackBody;
}
const received: Received[] = [];
let answers: number[] = [];
let hook: Server;
let hookUrl = '';

beforeAll(async () => {
  hook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw,
        body: JSON.parse(raw.toString('utf8')) as SandboxCallbackBody,
      });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook`;
});

afterAll(async () => {
  await new Promise((resolve) => hook.close(resolve));
});

const gateways: SandboxGateway[] = [];
beforeEach(() => {
  received.length = 0;
  answers = [];
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

const SETTINGS: PaymentsConfig['sandbox'] = {
  secret: 'sandbox-test-secret-0123456789',
  withdrawDelayMs: 20,
  callbackDelayMs: 0,
  failureRate: 0,
  timeoutRate: 0,
};

function sandbox(
  settings: Partial<PaymentsConfig['sandbox']> = {},
  deps: Partial<SandboxGatewayDeps> = {},
): SandboxGateway {
  const gateway = createSandboxGateway({
    knex: db.knex,
    settings: { ...SETTINGS, ...settings },
    logger,
    publicPayUrl: (uid) => `http://127.0.0.1:3000/api/v1/sandbox/invoice/${uid}`,
    retryDelaysMs: [20, 20, 20, 20],
    ...deps,
  });
  gateways.push(gateway);
  return gateway;
}

let orderSeq = 0;
const nextOrderId = () => String(9_000_000 + ++orderSeq);

async function waitForCallbacks(count: number): Promise<Received[]> {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), {
    timeout: 5_000,
    interval: 5,
  });
  return received;
}

function callbackRequest(raw: Buffer, headers: Record<string, string | undefined>) {
  return { rawBody: raw, headers, ip: '127.0.0.1' };
}

function asCallback(entry: Received) {
  return callbackRequest(entry.raw, {
    [SANDBOX_SIGNATURE_HEADER]: entry.headers[SANDBOX_SIGNATURE_HEADER] as string,
  });
}

/** A clock the test moves. */
function clock(start = new Date('2026-11-25T12:00:00Z')) {
  let at = start.getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

describe('sandbox deposit addresses', () => {
  it('gives a unique user-friendly TON address per order, valid for the requested time', async () => {
    const time = clock();
    const gateway = sandbox({}, { now: time.now });
    const orderId = nextOrderId();
    const first = await gateway.createDepositAddress({
      orderId,
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    const second = await gateway.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'TON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    for (const created of [first, second]) {
      expect(created.providerOrderId).toMatch(/^sbx_[0-9a-f]{24}$/);
      expect(created.address).toHaveLength(48);
      expect(Address.isFriendly(created.address)).toBe(true);
      expect(Address.parseFriendly(created.address).isBounceable).toBe(false);
      expect(created.memo).toBeNull();
      expect(created.expiresAt.getTime()).toBe(time.now().getTime() + 3_600_000);
    }
    expect(second.address).not.toBe(first.address);
    expect(second.providerOrderId).not.toBe(first.providerOrderId);

    const snapshot = await gateway.fetchOrder(first.providerOrderId, 'deposit');
    expect(snapshot).toMatchObject({
      providerOrderId: first.providerOrderId,
      orderId,
      kind: 'deposit',
      status: 'pending',
      amountCents: null,
      rawAmount: null,
      txId: null,
    });
    expect(await gateway.fetchOrder(first.providerOrderId, 'withdrawal')).toBeNull();
    expect(await gateway.fetchOrder('sbx_000000000000000000000000', 'deposit')).toBeNull();

    time.advance(3_600_000);
    expect((await gateway.fetchOrder(first.providerOrderId, 'deposit'))?.status).toBe('expired');
  });

  it('refuses a currency it does not take', async () => {
    const error = await sandbox()
      .createDepositAddress({
        orderId: nextOrderId(),
        currency: 'BTC' as never,
        callbackUrl: hookUrl,
        expiresInSeconds: 60,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).outcome).toBe('refused');
  });

  it('pay() marks the order paid and sends a signed callback that verifyCallback accepts', async () => {
    const gateway = sandbox();
    const orderId = nextOrderId();
    const { providerOrderId } = await gateway.createDepositAddress({
      orderId,
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    const paid = await gateway.pay(providerOrderId, '25.129');
    expect(paid).toMatchObject({
      providerOrderId,
      orderId,
      kind: 'deposit',
      status: 'paid',
      providerStatus: 'paid',
      amountCents: 2512,
      rawAmount: '25.129',
      rawAsset: 'USDT',
      rate: '1',
    });
    expect(paid.txId).toMatch(/^[0-9a-f]{64}$/);

    const [callback] = await waitForCallbacks(1);
    expect(callback!.path).toBe('/webhook');
    expect(callback!.headers['content-type']).toBe('application/json');
    expect(callback!.headers[SANDBOX_SIGNATURE_HEADER]).toBe(gateway.signature(callback!.raw));
    expect(callback!.body).toMatchObject({
      uid: providerOrderId,
      kind: 'deposit',
      status: 'paid',
      comment: orderId,
      currency: 'USDTTON',
      amount: null,
      paidAmount: '25.129',
      asset: 'USDT',
    });
    const verified = await gateway.verifyCallback(asCallback(callback!));
    expect(verified.callbackId).toBe(callback!.body.callbackId);
    expect(verified.providerOrderId).toBe(providerOrderId);
    expect(verified.order).toEqual(paid);
    expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toEqual(paid);

    const again = await gateway.pay(providerOrderId, '1').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(SandboxPayError);
    expect((again as SandboxPayError).reason).toBe('already_paid');
    expect(received).toHaveLength(1);
  });

  it('an expired address still receives; unknown orders and bad amounts are refused', async () => {
    const time = clock();
    const gateway = sandbox({}, { now: time.now });
    const { providerOrderId } = await gateway.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 60,
    });
    for (const amount of ['0', '-1', 'abc', '1.0000000001', '']) {
      await expect(gateway.pay(providerOrderId, amount)).rejects.toMatchObject({ reason: 'bad_amount' });
    }
    await expect(gateway.pay(providerOrderId)).rejects.toMatchObject({ reason: 'bad_amount' });
    await expect(gateway.pay('sbx_nothing', '1')).rejects.toMatchObject({ reason: 'not_found' });
    time.advance(61_000);
    expect((await gateway.fetchOrder(providerOrderId, 'deposit'))?.status).toBe('expired');
    expect((await gateway.pay(providerOrderId, '010.50')).status).toBe('paid');
    expect((await gateway.fetchOrder(providerOrderId, 'deposit'))?.rawAmount).toBe('10.5');
  });

  it('values TON at the sandbox rate, rounded down to cents', async () => {
    const gateway = sandbox();
    const cases: [string, number][] = [
      ['2.5', 1250],
      ['1.234567891', 617],
      ['0.001', 0],
    ];
    for (const [amount, cents] of cases) {
      const { providerOrderId } = await gateway.createDepositAddress({
        orderId: nextOrderId(),
        currency: 'TON',
        callbackUrl: hookUrl,
        expiresInSeconds: 3600,
      });
      expect(await gateway.pay(providerOrderId, amount)).toMatchObject({
        amountCents: cents,
        rawAmount: amount,
        rawAsset: 'TON',
        rate: '5.00',
      });
    }
    const callbacks = await waitForCallbacks(3);
    const verified = await gateway.verifyCallback(
      asCallback(callbacks.find((c) => c.body.paidAmount === '2.5')!),
    );
    expect(verified.order).toMatchObject({ amountCents: 1250, rawAsset: 'TON', rate: '5.00' });
  });
});

describe('sandbox invoices', () => {
  it('are paid at their exact amount (or whole), once, before they expire', async () => {
    const time = clock();
    const gateway = sandbox({}, { now: time.now });
    const orderId = nextOrderId();
    const invoice = await gateway.createInvoice({
      orderId,
      amountCents: 1250,
      description: 'Svara deposit',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    expect(invoice.providerOrderId).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect(invoice.payUrl).toBe(`http://127.0.0.1:3000/api/v1/sandbox/invoice/${invoice.providerOrderId}`);
    expect(invoice.expiresAt.getTime()).toBe(time.now().getTime() + 3_600_000);
    expect((await gateway.findOrder(invoice.providerOrderId))?.amount).toBe('12.50');

    await expect(gateway.pay(invoice.providerOrderId, '12.49')).rejects.toMatchObject({
      reason: 'wrong_amount',
    });
    expect(await gateway.pay(invoice.providerOrderId, '12.5')).toMatchObject({
      orderId,
      kind: 'deposit',
      status: 'paid',
      amountCents: 1250,
      rawAmount: '12.50',
      rawAsset: 'USDT',
    });
    const [callback] = await waitForCallbacks(1);
    expect(callback!.body).toMatchObject({ kind: 'invoice', amount: '12.50', paidAmount: '12.50' });
    expect((await gateway.verifyCallback(asCallback(callback!))).order?.amountCents).toBe(1250);

    const whole = await gateway.createInvoice({
      orderId: nextOrderId(),
      amountCents: 700,
      description: 'Svara deposit',
      callbackUrl: hookUrl,
      expiresInSeconds: 60,
    });
    const late = await gateway.createInvoice({
      orderId: nextOrderId(),
      amountCents: 700,
      description: 'Svara deposit',
      callbackUrl: hookUrl,
      expiresInSeconds: 30,
    });
    time.advance(45_000);
    expect((await gateway.pay(whole.providerOrderId)).amountCents).toBe(700);
    await expect(gateway.pay(late.providerOrderId, '7')).rejects.toMatchObject({ reason: 'expired' });
    expect((await gateway.fetchOrder(late.providerOrderId, 'deposit'))?.status).toBe('expired');
  });
});

describe('sandbox callbacks', () => {
  async function paidCallback(gateway: SandboxGateway): Promise<Received> {
    const { providerOrderId } = await gateway.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    await gateway.pay(providerOrderId, '3');
    return (await waitForCallbacks(1))[0]!;
  }

  it('rejects a tampered body, a wrong or missing signature, and a signed body that is not a callback', async () => {
    const gateway = sandbox();
    const callback = await paidCallback(gateway);
    const signatureHeader = callback.headers[SANDBOX_SIGNATURE_HEADER] as string;
    const tampered = Buffer.from(callback.raw.toString('utf8').replace('"3"', '"3000"'));
    expect(tampered.equals(callback.raw)).toBe(false);
    const stranger = sandbox({ secret: 'another-secret-of-some-length' });
    const rejected = [
      callbackRequest(tampered, { [SANDBOX_SIGNATURE_HEADER]: signatureHeader }),
      callbackRequest(callback.raw, { [SANDBOX_SIGNATURE_HEADER]: stranger.signature(callback.raw) }),
      callbackRequest(callback.raw, { [SANDBOX_SIGNATURE_HEADER]: 'not-hex' }),
      callbackRequest(callback.raw, { [SANDBOX_SIGNATURE_HEADER]: signatureHeader.slice(2) }),
      callbackRequest(callback.raw, {}),
      callbackRequest(Buffer.from('not json'), { [SANDBOX_SIGNATURE_HEADER]: gateway.signature('not json') }),
      callbackRequest(Buffer.from('{"uid":"x"}'), {
        [SANDBOX_SIGNATURE_HEADER]: gateway.signature('{"uid":"x"}'),
      }),
    ];
    for (const request of rejected) {
      await expect(gateway.verifyCallback(request)).rejects.toBeInstanceOf(CallbackRejectedError);
    }
    // Upper-case hex is still the same signature.
    const upper = callbackRequest(callback.raw, {
      [SANDBOX_SIGNATURE_HEADER]: signatureHeader.toUpperCase(),
    });
    await expect(gateway.verifyCallback(upper)).resolves.toMatchObject({
      callbackId: callback.body.callbackId,
    });
  });

  it('rejects a callback sent more than 10 minutes ago', async () => {
    const time = clock(new Date());
    const gateway = sandbox({}, { now: time.now });
    const callback = await paidCallback(gateway);
    time.advance(9 * 60_000);
    await expect(gateway.verifyCallback(asCallback(callback))).resolves.toBeTruthy();
    time.advance(2 * 60_000);
    await expect(gateway.verifyCallback(asCallback(callback))).rejects.toThrow(/stale/);
  });

  it('retries after a failure with the same notification, then gives up', async () => {
    answers = [500];
    const gateway = sandbox();
    const [first, second] = await (async () => {
      await paidCallback(gateway);
      return waitForCallbacks(2);
    })();
    expect(second!.body).toEqual(first!.body);
    expect(second!.headers[SANDBOX_SIGNATURE_HEADER]).toBe(first!.headers[SANDBOX_SIGNATURE_HEADER]);
    await gateway.close();
    expect(received).toHaveLength(2);

    received.length = 0;
    answers = [503, 503, 503, 503, 503, 503];
    const stubborn = sandbox({}, { retryDelaysMs: [5, 5] });
    await paidCallback(stubborn);
    await waitForCallbacks(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(3);
    expect(answers).toHaveLength(3);
  });

  it('retries after a network error, with the default backoff', async () => {
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls++;
      return calls === 1 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    };
    const gateway = sandbox({}, { fetch: flaky, retryDelaysMs: undefined });
    const started = Date.now();
    await paidCallback(gateway);
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('waits callbackDelayMs before sending, and close() drops what was not sent yet', async () => {
    const gateway = sandbox({ callbackDelayMs: 60 });
    const { providerOrderId } = await gateway.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    const started = Date.now();
    await gateway.pay(providerOrderId, '1');
    await waitForCallbacks(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);

    const quiet = sandbox({ callbackDelayMs: 10_000 });
    const other = await quiet.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'USDTTON',
      callbackUrl: hookUrl,
      expiresInSeconds: 3600,
    });
    await quiet.pay(other.providerOrderId, '1');
    const closing = Date.now();
    await quiet.close();
    expect(Date.now() - closing).toBeLessThan(1_000);
    expect(received).toHaveLength(1);
  });
});

describe('sandbox withdrawals', () => {
  const ADDRESS = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: false });

  it('settle paid after the delay, with a callback, and are found by our id', async () => {
    const gateway = sandbox({ withdrawDelayMs: 20 });
    const orderId = nextOrderId();
    const accepted = await gateway.withdraw({
      method: 'address',
      orderId,
      amountCents: 4321,
      address: ADDRESS,
      callbackUrl: hookUrl,
    });
    expect(accepted).toEqual({ providerOrderId: expect.stringMatching(/^sbx_/), status: 'pending' });
    const [callback] = await waitForCallbacks(1);
    expect(callback!.body).toMatchObject({
      uid: accepted.providerOrderId,
      kind: 'withdrawal',
      status: 'paid',
      comment: orderId,
      amount: '43.21',
      currency: 'USDTTON',
    });
    const verified = await gateway.verifyCallback(asCallback(callback!));
    expect(verified.order).toMatchObject({ kind: 'withdrawal', status: 'paid', amountCents: 4321 });
    expect(verified.order?.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(await gateway.fetchOrder(accepted.providerOrderId, 'withdrawal')).toEqual(verified.order);
    expect(await gateway.fetchOrder(accepted.providerOrderId, 'deposit')).toBeNull();
    expect(await gateway.findWithdrawal(orderId, 'address')).toEqual(verified.order);
    expect(await gateway.findWithdrawal(orderId, 'cryptobot')).toBeNull();
    expect(await gateway.findWithdrawal(nextOrderId(), 'address')).toBeNull();
    await expect(gateway.pay(accepted.providerOrderId, '1')).rejects.toMatchObject({ reason: 'not_payable' });
  });

  it('fail at failureRate (to @CryptoBot too)', async () => {
    const gateway = sandbox({ failureRate: 1 });
    const orderId = nextOrderId();
    const accepted = await gateway.withdraw({
      method: 'cryptobot',
      orderId,
      amountCents: 500,
      telegramUserId: '1001',
      callbackUrl: hookUrl,
    });
    const [callback] = await waitForCallbacks(1);
    expect(callback!.body).toMatchObject({
      uid: accepted.providerOrderId,
      status: 'failed',
      currency: 'USDT',
    });
    expect((await gateway.verifyCallback(asCallback(callback!))).order).toMatchObject({
      status: 'failed',
      txId: null,
    });
    expect((await gateway.findWithdrawal(orderId, 'cryptobot'))?.status).toBe('failed');
    expect((await gateway.findOrder(accepted.providerOrderId))?.address).toBe('telegram:1001');
  });

  it('draws failures from the injected random source', async () => {
    const draws = [0.9, 0.2]; // timeout draw, then the settlement draw
    const gateway = sandbox({ failureRate: 0.5, timeoutRate: 0.5 }, { random: () => draws.shift() ?? 0.99 });
    await gateway.withdraw({
      method: 'address',
      orderId: nextOrderId(),
      amountCents: 100,
      address: ADDRESS,
      callbackUrl: hookUrl,
    });
    expect((await waitForCallbacks(1))[0]!.body.status).toBe('failed');
  });

  it('lose the answer at timeoutRate, after recording the order; a repeat is the same order', async () => {
    const lossy = sandbox({ timeoutRate: 1, withdrawDelayMs: 60_000 });
    const orderId = nextOrderId();
    const request = {
      method: 'address' as const,
      orderId,
      amountCents: 1000,
      address: ADDRESS,
      callbackUrl: hookUrl,
    };
    const error = await lossy.withdraw(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).outcome).toBe('unknown');
    const found = await lossy.findWithdrawal(orderId, 'address');
    expect(found).toMatchObject({ orderId, kind: 'withdrawal', status: 'pending', amountCents: 1000 });

    const steady = sandbox({ withdrawDelayMs: 60_000 });
    expect(await steady.withdraw(request)).toEqual({
      providerOrderId: found!.providerOrderId,
      status: 'pending',
    });
    await expect(steady.withdraw({ ...request, amountCents: 1001 })).rejects.toMatchObject({
      outcome: 'refused',
    });

    for (const create of [
      () =>
        lossy.createDepositAddress({
          orderId: 'lost-1',
          currency: 'TON',
          callbackUrl: hookUrl,
          expiresInSeconds: 60,
        }),
      () =>
        lossy.createInvoice({
          orderId: 'lost-2',
          amountCents: 100,
          description: 'x',
          callbackUrl: hookUrl,
          expiresInSeconds: 60,
        }),
    ]) {
      await expect(create()).rejects.toMatchObject({ outcome: 'unknown' });
    }
    const recorded = await db.knex.raw<{ rows: { comment: string }[] }>(
      `select comment from sandbox_orders where comment in ('lost-1', 'lost-2') order by comment`,
    );
    expect(recorded.rows.map((row) => row.comment)).toEqual(['lost-1', 'lost-2']);
  });

  it('refuse a bad address or amount', async () => {
    const gateway = sandbox();
    for (const request of [
      { address: 'not-an-address', amountCents: 100 },
      { address: ADDRESS, amountCents: 0 },
    ]) {
      await expect(
        gateway.withdraw({ method: 'address', orderId: nextOrderId(), callbackUrl: hookUrl, ...request }),
      ).rejects.toMatchObject({ outcome: 'refused' });
    }
  });

  it('one left pending by a closed gateway settles when a later one is asked about it', async () => {
    const time = clock(new Date());
    const first = sandbox({ withdrawDelayMs: 5_000 }, { now: time.now });
    const orderId = nextOrderId();
    const { providerOrderId } = await first.withdraw({
      method: 'address',
      orderId,
      amountCents: 250,
      address: ADDRESS,
      callbackUrl: hookUrl,
    });
    await first.close();
    const restarted = sandbox({ withdrawDelayMs: 5_000 }, { now: time.now });
    expect((await restarted.fetchOrder(providerOrderId, 'withdrawal'))?.status).toBe('pending');
    time.advance(5_000);
    expect((await restarted.fetchOrder(providerOrderId, 'withdrawal'))?.status).toBe('paid');
    expect((await waitForCallbacks(1))[0]!.body).toMatchObject({ uid: providerOrderId, status: 'paid' });
  });

  it('count in the merchant balance', async () => {
    const gateway = sandbox({ withdrawDelayMs: 60_000 });
    const before = (await gateway.merchantBalance())!;
    const { providerOrderId } = await gateway.createDepositAddress({
      orderId: nextOrderId(),
      currency: 'TON',
      callbackUrl: hookUrl,
      expiresInSeconds: 60,
    });
    await gateway.pay(providerOrderId, '3.333');
    await gateway.withdraw({
      method: 'cryptobot',
      orderId: nextOrderId(),
      amountCents: 999,
      telegramUserId: '7',
      callbackUrl: hookUrl,
    });
    expect(await gateway.merchantBalance()).toBe(before + 1666 - 999);
  });
});
