import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALFABIT_CALLBACK_IPS } from '../../config.js';
import { CallbackRejectedError, PaymentProviderError, type PaymentGateway } from '../gateway.js';
import { createAlfabitGateway } from './alfabit-gateway.js';
import { startFakeAlfabit, type FakeAlfabit } from './fake-alfabit.js';

const ORDER_ID = '6f1c2a9e-0b7d-4d1e-9a51-3c0f2e7b8d40';
const CALLBACK_URL = 'https://svara.example/api/v1/payments/callback/alfabit';
const ADDRESS = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';

let fake: FakeAlfabit;
let logs: Array<Record<string, unknown>>;
let gateway: PaymentGateway;

function makeGateway(overrides: { apiKey?: string; callbackIps?: string[]; timeoutMs?: number } = {}) {
  const logger = pino({ level: 'debug' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return createAlfabitGateway(
    {
      apiUrl: `${fake.url}/`,
      apiKey: overrides.apiKey ?? fake.apiKey,
      callbackIps: overrides.callbackIps ?? ['127.0.0.1'],
    },
    { logger, timeoutMs: overrides.timeoutMs ?? 2_000 },
  );
}

const expectProviderError = (outcome: 'refused' | 'unknown') =>
  expect.objectContaining({ name: 'PaymentProviderError', outcome });

const lastRequest = () => fake.requests.at(-1)!;

async function newDeposit(currency: 'USDTTON' | 'TON' = 'USDTTON') {
  return gateway.createDepositAddress({
    orderId: ORDER_ID,
    currency,
    callbackUrl: CALLBACK_URL,
    expiresInSeconds: 3600,
  });
}

async function newWithdrawal(orderId = ORDER_ID) {
  return gateway.withdraw({
    method: 'address',
    orderId,
    amountCents: 12_345,
    address: ADDRESS,
    callbackUrl: CALLBACK_URL,
  });
}

beforeEach(async () => {
  fake = await startFakeAlfabit({ tonUsdRate: '5.123' });
  logs = [];
  gateway = makeGateway();
});

afterEach(async () => {
  await fake.close();
});

describe('the alfabit gateway', () => {
  it('offers USDT-TON and TON deposit addresses and address withdrawals, nothing else', () => {
    expect(gateway.name).toBe('alfabit');
    expect(gateway.capabilities).toEqual({
      depositCurrencies: ['USDTTON', 'TON'],
      invoice: false,
      withdrawToAddress: true,
      withdrawToCryptobot: false,
    });
  });
});

describe('createDepositAddress', () => {
  it('asks for an invoice without amount with the documented body and the key header', async () => {
    const before = Date.now();
    const deposit = await gateway.createDepositAddress({
      orderId: ORDER_ID,
      currency: 'USDTTON',
      callbackUrl: CALLBACK_URL,
      expiresInSeconds: 1800,
    });

    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v1/integration/orders/invoice/without-amount');
    expect(request.headers['x-api-key']).toBe(fake.apiKey);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      currencyInCode: 'USDTTON',
      invoiceAssetCode: 'USDT',
      comment: ORDER_ID,
      publicComment: expect.any(String),
      callbackUrl: CALLBACK_URL,
      isAwaitRequisites: true,
      expiryDurationMinutes: 30,
      isBayerPaysService: false,
    });

    const order = fake.orders.get(deposit.providerOrderId)!;
    expect(deposit.address).toBe(order.requisites);
    expect(deposit.memo).toBeNull();
    expect(deposit.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 1800_000);
    expect(deposit.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1800_000);
  });

  it('gives the memo of a TON address', async () => {
    const deposit = await newDeposit('TON');
    expect(lastRequest().body).toMatchObject({ currencyInCode: 'TON', invoiceAssetCode: 'USDT' });
    expect(deposit.memo).toBe(fake.orders.get(deposit.providerOrderId)!.requisitesMemoTag);
    expect(deposit.memo).toMatch(/^\d+$/);
  });

  it('is not asked for invoices: refused without a request', async () => {
    await expect(
      gateway.createInvoice({
        orderId: ORDER_ID,
        amountCents: 1000,
        description: 'x',
        callbackUrl: CALLBACK_URL,
        expiresInSeconds: 60,
      }),
    ).rejects.toEqual(expectProviderError('refused'));
    expect(fake.requests).toHaveLength(0);
  });
});

describe('withdraw', () => {
  it('sends the amount as a decimal string with our id as comment, and is pending', async () => {
    const accepted = await newWithdrawal();

    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v1/integration/orders/withdraw');
    expect(request.headers['x-api-key']).toBe(fake.apiKey);
    expect(request.body).toEqual({
      amount: '123.45',
      toCurrencyCode: 'USDTTON',
      recipient: ADDRESS,
      callbackUrl: CALLBACK_URL,
      comment: ORDER_ID,
    });
    expect(accepted).toEqual({ providerOrderId: expect.any(String), status: 'pending' });
    expect(fake.orders.get(accepted.providerOrderId)).toMatchObject({ type: 'withdraw', comment: ORDER_ID });
  });

  it('refuses @CryptoBot withdrawals and empty amounts without a request', async () => {
    await expect(
      gateway.withdraw({
        method: 'cryptobot',
        orderId: ORDER_ID,
        amountCents: 100,
        telegramUserId: '42',
        callbackUrl: CALLBACK_URL,
      }),
    ).rejects.toEqual(expectProviderError('refused'));
    await expect(
      gateway.withdraw({
        method: 'address',
        orderId: ORDER_ID,
        amountCents: 0,
        address: ADDRESS,
        callbackUrl: CALLBACK_URL,
      }),
    ).rejects.toEqual(expectProviderError('refused'));
    expect(fake.requests).toHaveLength(0);
  });
});

describe('fetchOrder', () => {
  it.each([
    ['created', 'pending'],
    ['inProgress', 'pending'],
    ['success', 'paid'],
    ['paid', 'paid'],
    ['completed', 'paid'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
    ['invoiceNotPayed', 'expired'],
  ])('maps a deposit in status %s to %s', async (providerStatus, status) => {
    const { providerOrderId } = await newDeposit();
    const order = fake.setStatus(providerOrderId, providerStatus);
    order.invoiceAmountInFact = '10'; // so that "paid" can be valued

    const snapshot = await gateway.fetchOrder(providerOrderId, 'deposit');
    expect(lastRequest().path).toBe(`/api/v1/integration/orders/${providerOrderId}`);
    expect(snapshot).toMatchObject({
      providerOrderId,
      orderId: ORDER_ID,
      kind: 'deposit',
      status,
      providerStatus,
    });
  });

  it.each([
    ['created', 'pending'],
    ['inProgress', 'pending'],
    ['success', 'paid'],
    ['paid', 'paid'],
    ['completed', 'paid'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
  ])('maps a withdrawal in status %s to %s', async (providerStatus, status) => {
    const { providerOrderId } = await newWithdrawal();
    fake.setStatus(providerOrderId, providerStatus);

    const snapshot = await gateway.fetchOrder(providerOrderId, 'withdrawal');
    expect(snapshot).toMatchObject({
      providerOrderId,
      orderId: ORDER_ID,
      kind: 'withdrawal',
      status,
      providerStatus,
    });
    expect(snapshot!.amountCents).toBeNull();
    expect(snapshot!.rawAmount).toBe('123.45');
  });

  it('keeps an order in a status it does not know pending, and logs it', async () => {
    const { providerOrderId } = await newWithdrawal();
    fake.setStatus(providerOrderId, 'invoiceNotPayed'); // a deposit's word, meaningless for a withdrawal
    const deposit = await newDeposit();
    fake.setStatus(deposit.providerOrderId, 'refundedPartially');

    expect(await gateway.fetchOrder(providerOrderId, 'withdrawal')).toMatchObject({ status: 'pending' });
    expect(await gateway.fetchOrder(deposit.providerOrderId, 'deposit')).toMatchObject({
      status: 'pending',
      providerStatus: 'refundedPartially',
    });
    const warnings = logs.filter(
      (line) => line.level === 40 && /unknown order status/.test(String(line.msg)),
    );
    expect(warnings.map((line) => line.providerStatus)).toEqual(['invoiceNotPayed', 'refundedPartially']);
  });

  it('values a paid USDT deposit at what arrived, rounded down to the cent', async () => {
    const { providerOrderId } = await newDeposit();
    const order = fake.pay(providerOrderId, '12.349999');

    expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toEqual({
      providerOrderId,
      orderId: ORDER_ID,
      kind: 'deposit',
      status: 'paid',
      providerStatus: 'success',
      amountCents: 1234,
      rawAmount: '12.349999',
      rawAsset: 'USDTTON',
      rate: '1',
      txId: order.txId,
    });
  });

  it("values a paid TON deposit at AlfaBit's USDT amount, keeping the TON amount and the rate", async () => {
    const { providerOrderId } = await newDeposit('TON');
    fake.pay(providerOrderId, '2.5'); // at 5.123 USD: 12.8075 USDT

    expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toMatchObject({
      status: 'paid',
      amountCents: 1280,
      rawAmount: '2.5',
      rawAsset: 'TON',
      rate: '5.123',
    });
  });

  it('falls back to the rate when the USDT amount is missing, and never credits a guess', async () => {
    const { providerOrderId } = await newDeposit('TON');
    const order = fake.pay(providerOrderId, '2.5');
    order.invoiceAmountInFact = null;
    expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toMatchObject({
      status: 'paid',
      amountCents: 1280,
    });

    order.rate = null;
    expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toMatchObject({
      status: 'pending',
      providerStatus: 'success',
      amountCents: null,
    });
    expect(logs.some((line) => line.level === 50 && line.uid === providerOrderId)).toBe(true);
  });

  it('is null for an order AlfaBit does not know', async () => {
    expect(await gateway.fetchOrder('no-such-order', 'deposit')).toBeNull();
  });

  it('does not take a bare 404 (a wrong URL, a proxy) for "no such order"', async () => {
    fake.setNextResponse(404, '<html>Not Found</html>');
    await expect(gateway.fetchOrder('some-order', 'withdrawal')).rejects.toEqual(
      expectProviderError('unknown'),
    );
  });

  it('refuses an answer about another order', async () => {
    const first = await newDeposit();
    const second = await newDeposit();
    fake.setNextResponse(200, { message: 'ok', data: fake.orders.get(second.providerOrderId) });
    await expect(gateway.fetchOrder(first.providerOrderId, 'deposit')).rejects.toEqual(
      expectProviderError('unknown'),
    );
  });
});

describe('findWithdrawal', () => {
  it('finds a withdrawal by our id in the comment', async () => {
    await newWithdrawal('a0000000-0000-4000-8000-000000000001');
    const { providerOrderId } = await newWithdrawal(ORDER_ID);
    await newDeposit();

    const found = await gateway.findWithdrawal(ORDER_ID, 'address');
    expect(lastRequest().path).toBe(`/api/v1/integration/orders?comment=${ORDER_ID}`);
    expect(found).toMatchObject({
      providerOrderId,
      orderId: ORDER_ID,
      kind: 'withdrawal',
      status: 'pending',
    });
  });

  it('is null when AlfaBit never received it', async () => {
    await newWithdrawal('a0000000-0000-4000-8000-000000000001');
    expect(await gateway.findWithdrawal(ORDER_ID, 'address')).toBeNull();
    expect(await gateway.findWithdrawal(ORDER_ID, 'cryptobot')).toBeNull();
  });

  it('does not answer null when the search ignored the comment', async () => {
    const other = await newWithdrawal('a0000000-0000-4000-8000-000000000001');
    fake.setNextResponse(200, { message: 'ok', data: [fake.orders.get(other.providerOrderId)] });
    await expect(gateway.findWithdrawal(ORDER_ID, 'address')).rejects.toEqual(expectProviderError('unknown'));
  });
});

describe('when AlfaBit fails', () => {
  it('a time-out is unknown, and the withdrawal it hid is found by comment', async () => {
    gateway = makeGateway({ timeoutMs: 150 });
    fake.failNext('timeout');
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('unknown'));

    expect(await gateway.findWithdrawal(ORDER_ID, 'address')).toMatchObject({
      orderId: ORDER_ID,
      status: 'pending',
    });
  });

  it('a 5xx is unknown', async () => {
    fake.failNext('5xx');
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('unknown'));
  });

  it('a 4xx with an error answer is refused', async () => {
    fake.failNext('4xx');
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('refused'));
    expect(fake.orders.size).toBe(0);
  });

  it("AlfaBit's own validation error is refused", async () => {
    fake.setNextResponse(422, { message: 'recipient is invalid' });
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('refused'));
  });

  it('an unparsable or not-ok answer is unknown', async () => {
    fake.setNextResponse(200, 'not json');
    await expect(newDeposit()).rejects.toEqual(expectProviderError('unknown'));
    fake.setNextResponse(200, { message: 'error', data: null });
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('unknown'));
    fake.setNextResponse(200, { message: 'ok', data: {} });
    await expect(newWithdrawal()).rejects.toEqual(expectProviderError('unknown'));
  });

  it('a wrong key is refused', async () => {
    gateway = makeGateway({ apiKey: 'not-the-key' });
    await expect(newDeposit()).rejects.toEqual(expectProviderError('refused'));
    expect(lastRequest().headers['x-api-key']).toBe('not-the-key');
    expect(fake.orders.size).toBe(0);
  });

  it('no server at all is unknown', async () => {
    await fake.close();
    await expect(gateway.merchantBalance()).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(gateway.merchantBalance()).rejects.toEqual(expectProviderError('unknown'));
    fake = await startFakeAlfabit(); // for afterEach
  });
});

describe('merchantBalance', () => {
  it('reads balanceUsd as cents', async () => {
    await fake.close();
    fake = await startFakeAlfabit({ balanceUsd: '1234.567' });
    gateway = makeGateway();
    expect(await gateway.merchantBalance()).toBe(123_456);
    expect(lastRequest().path).toBe('/api/v1/integration/merchant');
  });

  it('is null when the answer has no readable balance', async () => {
    fake.setNextResponse(200, { message: 'ok', data: { balanceUsd: 'lots' } });
    expect(await gateway.merchantBalance()).toBeNull();
  });
});

describe('verifyCallback', () => {
  /** A webhook on loopback that hands what it received to the gateway, as the api's route would. */
  async function receiveCallbacks(target: PaymentGateway) {
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        target
          .verifyCallback({ rawBody, headers, ip: req.socket.remoteAddress ?? '' })
          .then((value) => {
            results.push({ ok: true, value });
            res.writeHead(200).end('OK');
          })
          .catch((error: unknown) => {
            results.push({ ok: false, error });
            res.writeHead(error instanceof CallbackRejectedError ? 401 : 500).end();
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return { url, results, close };
  }

  it('accepts a callback from an allowed address, as a hint only', async () => {
    const webhook = await receiveCallbacks(gateway);
    try {
      const { providerOrderId } = await gateway.createDepositAddress({
        orderId: ORDER_ID,
        currency: 'USDTTON',
        callbackUrl: webhook.url,
        expiresInSeconds: 600,
      });
      fake.pay(providerOrderId, '50');

      expect(await fake.sendCallback(providerOrderId)).toBe(200);
      const body = JSON.stringify(fake.orders.get(providerOrderId));
      expect(webhook.results).toEqual([
        {
          ok: true,
          value: {
            callbackId: createHash('sha256').update(body).digest('hex'),
            providerOrderId,
            order: null,
          },
        },
      ]);
    } finally {
      await webhook.close();
    }
  });

  it('rejects a callback from any other address', async () => {
    const webhook = await receiveCallbacks(makeGateway({ callbackIps: ALFABIT_CALLBACK_IPS }));
    try {
      const { providerOrderId } = await gateway.createDepositAddress({
        orderId: ORDER_ID,
        currency: 'TON',
        callbackUrl: webhook.url,
        expiresInSeconds: 600,
      });
      expect(await fake.sendCallback(providerOrderId)).toBe(401);
      expect(webhook.results).toEqual([{ ok: false, error: expect.any(CallbackRejectedError) }]);
    } finally {
      await webhook.close();
    }
  });

  it('reads IPv4 clients seen through a dual-stack socket as IPv4', async () => {
    const published = makeGateway({ callbackIps: ALFABIT_CALLBACK_IPS });
    const rawBody = Buffer.from(JSON.stringify({ uid: 'abc', status: 'success' }));
    await expect(
      published.verifyCallback({ rawBody, headers: {}, ip: '::ffff:3.70.205.120' }),
    ).resolves.toMatchObject({
      providerOrderId: 'abc',
    });
    await expect(
      published.verifyCallback({ rawBody, headers: {}, ip: '::ffff:3.70.205.121' }),
    ).rejects.toBeInstanceOf(CallbackRejectedError);
    await expect(published.verifyCallback({ rawBody, headers: {}, ip: '' })).rejects.toBeInstanceOf(
      CallbackRejectedError,
    );
  });

  it.each([
    ['not JSON', 'uid=abc'],
    ['JSON without uid', '{"status":"success"}'],
    ['a uid that is not a string', '{"uid":42}'],
    ['an empty uid', '{"uid":"  "}'],
    ['an array', '[{"uid":"abc"}]'],
  ])('rejects a malformed callback: %s', async (_case, body) => {
    await expect(
      gateway.verifyCallback({ rawBody: Buffer.from(body), headers: {}, ip: '127.0.0.1' }),
    ).rejects.toBeInstanceOf(CallbackRejectedError);
  });

  it("never passes on a callback's claimed status or amount: the order is fetched again", async () => {
    const { providerOrderId } = await newDeposit();
    const forged = { ...fake.orders.get(providerOrderId), status: 'success', amountInFact: '1000000' };
    const rawBody = Buffer.from(JSON.stringify(forged));

    const verified = await gateway.verifyCallback({ rawBody, headers: {}, ip: '127.0.0.1' });
    expect(verified.order).toBeNull();
    expect(verified.providerOrderId).toBe(providerOrderId);
    expect(await gateway.fetchOrder(verified.providerOrderId, 'deposit')).toMatchObject({
      status: 'pending',
      amountCents: null,
    });
  });

  it('gives one callback id per distinct body', async () => {
    const verify = (body: object) =>
      gateway.verifyCallback({ rawBody: Buffer.from(JSON.stringify(body)), headers: {}, ip: '127.0.0.1' });
    const a = await verify({ uid: 'abc', status: 'created' });
    const again = await verify({ uid: 'abc', status: 'created' });
    const b = await verify({ uid: 'abc', status: 'success' });
    expect(again.callbackId).toBe(a.callbackId);
    expect(b.callbackId).not.toBe(a.callbackId);
  });
});

describe('the API key', () => {
  it('never reaches the logs or the errors', async () => {
    const errors: unknown[] = [];
    const attempts: Array<() => Promise<unknown>> = [
      () => newDeposit(),
      () => (fake.failNext('5xx'), newWithdrawal()),
      () => (fake.failNext('4xx'), newWithdrawal()),
      () => (fake.setNextResponse(200, 'garbage'), gateway.merchantBalance()),
      () => gateway.fetchOrder('missing', 'deposit'),
    ];
    for (const attempt of attempts) await attempt().catch((error: unknown) => errors.push(error));

    expect(logs.length).toBeGreaterThan(0);
    expect(errors.length).toBeGreaterThan(0);
    const everything =
      JSON.stringify(logs) + errors.map((error) => `${String(error)} ${JSON.stringify(error)}`).join();
    expect(everything).not.toContain(fake.apiKey);
  });
});
