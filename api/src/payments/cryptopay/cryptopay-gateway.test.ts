import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallbackRejectedError, PaymentProviderError, type PaymentGateway } from '../gateway.js';
import { createCryptopayGateway, type CryptopayDeps } from './cryptopay-gateway.js';
import { startFakeCryptopay, type FakeCryptopay } from './fake-cryptopay.js';

const ORDER_ID = '0b8f6a4e-8d0c-4d6f-9a51-3f2e1c7b9d10';

/** A logger whose lines the test can read (to prove the token never reaches them). */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

/** Where the fake posts its webhooks: keeps each request's raw bytes and headers. */
async function startReceiver() {
  const received: Array<{ rawBody: Buffer; headers: Record<string, string | undefined> }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      received.push({ rawBody: Buffer.concat(chunks), headers });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/cryptopay`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('cryptopay gateway (against the fake Crypto Pay over loopback HTTP)', () => {
  let fake: FakeCryptopay;
  let logs: ReturnType<typeof capturingLogger>;
  let gateway: PaymentGateway;

  function gatewayWith(
    overrides: Partial<{ token: string; asset: 'USDT' | 'TON' }> = {},
    deps: Partial<CryptopayDeps> = {},
  ) {
    return createCryptopayGateway(
      { apiUrl: fake.url, token: fake.token, asset: 'USDT', ...overrides },
      { logger: logs.logger, timeoutMs: 2_000, ...deps },
    );
  }

  beforeEach(async () => {
    fake = await startFakeCryptopay();
    logs = capturingLogger();
    gateway = gatewayWith();
  });
  afterEach(async () => {
    await fake.close();
    // Whatever happened in the test, the token never reached a log line.
    expect(logs.lines.join('\n')).not.toContain(fake.token);
  });

  function invoiceRequest(amountCents = 1234) {
    return {
      orderId: ORDER_ID,
      amountCents,
      description: 'Svara: deposit',
      callbackUrl: 'https://svara.example/api/v1/payments/callbacks/cryptopay',
      expiresInSeconds: 900,
    };
  }

  function withdrawal(orderId = ORDER_ID, amountCents = 2500) {
    return {
      method: 'cryptobot' as const,
      orderId,
      amountCents,
      telegramUserId: '777000111',
      callbackUrl: 'https://svara.example/cb',
    };
  }

  it('declares what it offers: invoices and @CryptoBot withdrawals only', () => {
    expect(gateway.name).toBe('cryptopay');
    expect(gateway.capabilities).toEqual({
      depositCurrencies: [],
      invoice: true,
      withdrawToAddress: false,
      withdrawToCryptobot: true,
    });
  });

  describe('invoices', () => {
    it('creates a USDT invoice for the amount, with our order id as payload, and returns bot_invoice_url', async () => {
      const before = Date.now();
      const invoice = await gateway.createInvoice(invoiceRequest());

      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toEqual({
        method: 'createInvoice',
        params: expect.objectContaining({
          currency_type: 'crypto',
          asset: 'USDT',
          amount: '12.34',
          description: 'Svara: deposit',
          payload: ORDER_ID,
          expires_in: 900,
        }),
      });
      const stored = fake.invoices.get(Number(invoice.providerOrderId))!;
      expect(invoice.providerOrderId).toBe(String(stored.invoice_id));
      expect(invoice.payUrl).toBe(stored.bot_invoice_url);
      expect(invoice.payUrl).toMatch(/^https:\/\/t\.me\/CryptoTestnetBot\?start=/);
      expect(invoice.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 899_000);
      expect(invoice.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 901_000);
    });

    it('with asset TON, asks USD and accepts TON; the payment is valued at its paid_usd_rate', async () => {
      const ton = gatewayWith({ asset: 'TON' });
      const invoice = await ton.createInvoice(invoiceRequest());
      expect(fake.requests[0]!.params).toMatchObject({
        currency_type: 'fiat',
        fiat: 'USD',
        accepted_assets: 'TON',
        amount: '12.34',
      });
      expect(fake.requests[0]!.params).not.toHaveProperty('asset');

      await fake.payInvoice(invoice.providerOrderId, { amount: '2.5', usdRate: '4.9' });
      const order = await ton.fetchOrder(invoice.providerOrderId, 'deposit');
      expect(order).toMatchObject({
        status: 'paid',
        amountCents: 1225,
        rawAmount: '2.5',
        rawAsset: 'TON',
        rate: '4.9',
      });
    });

    it('maps the invoice status: active → pending, paid → paid (with amounts), expired → expired', async () => {
      const { providerOrderId } = await gateway.createInvoice(invoiceRequest());
      expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toEqual({
        providerOrderId,
        orderId: ORDER_ID,
        kind: 'deposit',
        status: 'pending',
        providerStatus: 'active',
        amountCents: null,
        rawAmount: null,
        rawAsset: null,
        rate: null,
        txId: null,
      });

      // USDT counts as USD one for one, even when Crypto Pay rates it a hair under a dollar.
      await fake.payInvoice(providerOrderId, { usdRate: '0.9998' });
      expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toMatchObject({
        orderId: ORDER_ID,
        status: 'paid',
        providerStatus: 'paid',
        amountCents: 1234,
        rawAmount: '12.34',
        rawAsset: 'USDT',
        rate: '0.9998',
      });

      const second = await gateway.createInvoice({ ...invoiceRequest(), orderId: 'another-order' });
      fake.invoices.get(Number(second.providerOrderId))!.status = 'expired';
      expect(await gateway.fetchOrder(second.providerOrderId, 'deposit')).toMatchObject({
        orderId: 'another-order',
        status: 'expired',
        amountCents: null,
      });
    });

    it('answers null for an invoice the provider does not know', async () => {
      expect(await gateway.fetchOrder('424242', 'deposit')).toBeNull();
      expect(await gateway.fetchOrder('not-a-cryptopay-id', 'deposit')).toBeNull();
    });

    it('offers no deposit address', async () => {
      const error = await refusal(
        gateway.createDepositAddress({
          orderId: ORDER_ID,
          currency: 'USDTTON',
          callbackUrl: 'https://svara.example/cb',
          expiresInSeconds: 900,
        }),
      );
      expect(error.outcome).toBe('refused');
    });
  });

  describe('withdrawals', () => {
    it('sends a transfer with our withdrawal id as spend_id, settled at once', async () => {
      const accepted = await gateway.withdraw(withdrawal());

      expect(fake.requests.at(-1)).toEqual({
        method: 'transfer',
        params: expect.objectContaining({
          user_id: 777000111,
          asset: 'USDT',
          amount: '25.00',
          spend_id: ORDER_ID,
        }),
      });
      const [transfer] = [...fake.transfers.values()];
      expect(accepted).toEqual({ providerOrderId: String(transfer!.transfer_id), status: 'paid' });
      expect(fake.balances.get('USDT')).toBe('975');
    });

    it('sending the same spend_id twice moves the money once', async () => {
      const first = await gateway.withdraw(withdrawal());
      const again = await gateway.withdraw(withdrawal());
      expect(again).toEqual(first);
      expect(fake.transfers.size).toBe(1);
      expect(fake.balances.get('USDT')).toBe('975');
    });

    it('a refusal naming the spend_id after an earlier attempt reports that earlier transfer, not a refusal', async () => {
      const first = await gateway.withdraw(withdrawal());
      fake.failNext('error', 'SPEND_ID_ALREADY_USED');
      expect(await gateway.withdraw(withdrawal())).toEqual(first);
      expect(fake.transfers.size).toBe(1);
    });

    it('finds a withdrawal by spend_id, and fetches it by transfer id', async () => {
      const { providerOrderId } = await gateway.withdraw(withdrawal());
      const expected = {
        providerOrderId,
        orderId: ORDER_ID,
        kind: 'withdrawal',
        status: 'paid',
        providerStatus: 'completed',
        amountCents: 2500,
        rawAmount: '25.00',
        rawAsset: 'USDT',
        rate: null,
        txId: null,
      };
      expect(await gateway.findWithdrawal(ORDER_ID, 'cryptobot')).toEqual(expected);
      expect(await gateway.fetchOrder(providerOrderId, 'withdrawal')).toEqual(expected);
      expect(await gateway.findWithdrawal('never-sent', 'cryptobot')).toBeNull();
      expect(await gateway.fetchOrder('999999', 'withdrawal')).toBeNull();
    });

    it('numbers transfers apart from invoices: one id, two orders, told apart by kind', async () => {
      const invoice = await gateway.createInvoice(invoiceRequest());
      const { providerOrderId } = await gateway.withdraw(withdrawal());
      expect(providerOrderId).toBe(invoice.providerOrderId);
      expect(await gateway.fetchOrder(providerOrderId, 'deposit')).toMatchObject({
        kind: 'deposit',
        status: 'pending',
        providerStatus: 'active',
      });
      expect(await gateway.fetchOrder(providerOrderId, 'withdrawal')).toMatchObject({
        kind: 'withdrawal',
        status: 'paid',
        providerStatus: 'completed',
      });
    });

    it('refuses USER_NOT_FOUND and INSUFFICIENT_FUNDS, naming the error', async () => {
      fake.unknownUsers.add(777000111);
      const notFound = await refusal(gateway.withdraw(withdrawal('w-1')));
      expect(notFound.outcome).toBe('refused');
      expect(notFound.message).toContain('USER_NOT_FOUND');

      fake.unknownUsers.clear();
      const tooMuch = await refusal(gateway.withdraw(withdrawal('w-2', 5_000_000)));
      expect(tooMuch.outcome).toBe('refused');
      expect(tooMuch.message).toContain('INSUFFICIENT_FUNDS');
      expect(fake.transfers.size).toBe(0);
    });

    it('refuses withdrawals to an address without asking the provider', async () => {
      const error = await refusal(
        gateway.withdraw({
          method: 'address',
          orderId: ORDER_ID,
          amountCents: 2500,
          address: 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG',
          callbackUrl: 'https://svara.example/cb',
        }),
      );
      expect(error.outcome).toBe('refused');
      expect(fake.requests).toHaveLength(0);
      expect(await gateway.findWithdrawal(ORDER_ID, 'address')).toBeNull();
    });

    it('with asset TON, converts the cents at the current TON/USD rate, rounded down', async () => {
      const ton = gatewayWith({ asset: 'TON' });
      await ton.withdraw(withdrawal());
      // $25.00 at $5.50 a TON = 4.5454545… TON
      expect(fake.requests.at(-1)!.params).toMatchObject({ asset: 'TON', amount: '4.545454' });
      expect(fake.balances.get('TON')).toBe('95.454546');
    });
  });

  describe('when the provider fails', () => {
    it('a time-out is unknown (the transfer may have been made: findWithdrawal then sees it)', async () => {
      const impatient = gatewayWith({}, { timeoutMs: 200 });
      fake.failNext('timeout');
      const error = await refusal(impatient.withdraw(withdrawal()));
      expect(error.outcome).toBe('unknown');
      expect(await impatient.findWithdrawal(ORDER_ID, 'cryptobot')).toMatchObject({ status: 'paid' });
    });

    it('a 5xx is unknown', async () => {
      fake.failNext('5xx');
      expect((await refusal(gateway.createInvoice(invoiceRequest()))).outcome).toBe('unknown');
    });

    it('ok:false is refused, with the error name', async () => {
      fake.failNext('error', 'AMOUNT_TOO_SMALL');
      const error = await refusal(gateway.createInvoice(invoiceRequest()));
      expect(error.outcome).toBe('refused');
      expect(error.message).toContain('AMOUNT_TOO_SMALL');
    });

    it('a wrong token is refused (UNAUTHORIZED)', async () => {
      const stranger = gatewayWith({ token: '999:WrongToken' });
      const error = await refusal(stranger.createInvoice(invoiceRequest()));
      expect(error.outcome).toBe('refused');
      expect(error.message).toContain('UNAUTHORIZED');
      expect(fake.invoices.size).toBe(0);
    });

    it('an unreadable answer or a network failure is unknown', async () => {
      const garbled = gatewayWith(
        {},
        { fetch: async () => new Response('<html>gateway</html>', { status: 200 }) },
      );
      expect((await refusal(garbled.createInvoice(invoiceRequest()))).outcome).toBe('unknown');
      const offline = gatewayWith(
        {},
        {
          fetch: async () => {
            throw new TypeError('fetch failed');
          },
        },
      );
      expect((await refusal(offline.withdraw(withdrawal()))).outcome).toBe('unknown');
    });
  });

  it('values the merchant balance in cents: USDT one for one, others at their USD rate', async () => {
    fake.balances.set('TON', '100');
    fake.balances.set('JET', '5'); // no rate: left out
    expect(await gateway.merchantBalance()).toBe(100_000 + 55_000);
  });

  describe('webhooks', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeEach(async () => {
      receiver = await startReceiver();
      fake.setWebhookUrl(receiver.url);
    });
    afterEach(() => receiver.close());

    async function paidWebhook(options: Parameters<FakeCryptopay['payInvoice']>[1] = {}) {
      const invoice = await gateway.createInvoice(invoiceRequest());
      const sent = await fake.payInvoice(invoice.providerOrderId, options);
      expect(sent.delivered).toBe(200);
      const { rawBody, headers } = receiver.received.at(-1)!;
      return { invoice, rawBody, headers };
    }
    const verify = (rawBody: Buffer, headers: Record<string, string | undefined>) =>
      gateway.verifyCallback({ rawBody, headers, ip: '127.0.0.1' });

    it('accepts a genuine invoice_paid webhook, with the order in cents', async () => {
      const { invoice, rawBody, headers } = await paidWebhook();
      const verified = await verify(rawBody, headers);
      expect(verified).toEqual({
        callbackId: '1',
        providerOrderId: invoice.providerOrderId,
        order: expect.objectContaining({
          providerOrderId: invoice.providerOrderId,
          orderId: ORDER_ID,
          kind: 'deposit',
          status: 'paid',
          amountCents: 1234,
          rawAmount: '12.34',
          rawAsset: 'USDT',
        }),
      });
    });

    it('reads update_id as the callback id only: a restart repeats it on another payment, a resend of one payment has a new one', async () => {
      const first = await paidWebhook();
      fake.restartUpdateIds();
      const second = await paidWebhook();
      const again = await fake.announceAgain(first.invoice.providerOrderId);
      const [a, b, c] = await Promise.all([
        verify(first.rawBody, first.headers),
        verify(second.rawBody, second.headers),
        verify(again.rawBody, receiver.received.at(-1)!.headers),
      ]);
      expect(b.callbackId).toBe(a.callbackId);
      expect(b.order?.providerOrderId).not.toBe(a.order?.providerOrderId);
      expect(c.callbackId).not.toBe(a.callbackId);
      expect(c.order).toEqual(a.order);
    });

    it('rejects a forged signature', async () => {
      const { rawBody, headers } = await paidWebhook();
      const forged = { ...headers, 'crypto-pay-api-signature': randomBytes(32).toString('hex') };
      await expect(verify(rawBody, forged)).rejects.toBeInstanceOf(CallbackRejectedError);
    });

    it('rejects a body signed with another token', async () => {
      const { rawBody, headers } = await paidWebhook();
      const other = { ...headers, 'crypto-pay-api-signature': fake.signBody(rawBody, '777:SomeoneElsesApp') };
      await expect(verify(rawBody, other)).rejects.toBeInstanceOf(CallbackRejectedError);
    });

    it('rejects a body changed after signing', async () => {
      const { rawBody, headers } = await paidWebhook();
      const changed = Buffer.from(rawBody.toString('utf8').replaceAll('"12.34"', '"99.99"'));
      expect(changed.equals(rawBody)).toBe(false);
      await expect(verify(changed, headers)).rejects.toBeInstanceOf(CallbackRejectedError);
    });

    it('rejects a missing or malformed signature header', async () => {
      const { rawBody, headers } = await paidWebhook();
      const { 'crypto-pay-api-signature': _signature, ...unsigned } = headers;
      await expect(verify(rawBody, unsigned)).rejects.toBeInstanceOf(CallbackRejectedError);
      await expect(verify(rawBody, { ...headers, 'crypto-pay-api-signature': 'abc' })).rejects.toBeInstanceOf(
        CallbackRejectedError,
      );
    });

    it('rejects a stale request_date, and one too far in the future', async () => {
      const stale = await paidWebhook({ requestDate: new Date(Date.now() - 10 * 60_000) });
      await expect(verify(stale.rawBody, stale.headers)).rejects.toThrow(/stale/);
      const future = await paidWebhook({ requestDate: new Date(Date.now() + 5 * 60_000) });
      await expect(verify(future.rawBody, future.headers)).rejects.toThrow(/future/);
      // Within the allowed age it is accepted.
      const recent = await paidWebhook({ requestDate: new Date(Date.now() - 60_000) });
      await expect(verify(recent.rawBody, recent.headers)).resolves.toMatchObject({ callbackId: '3' });
    });

    it('rejects an update_type other than invoice_paid, and a signed body that is not JSON', async () => {
      const { rawBody } = await paidWebhook();
      const update = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      const other = Buffer.from(JSON.stringify({ ...update, update_type: 'invoice_created' }));
      await expect(verify(other, { 'crypto-pay-api-signature': fake.signBody(other) })).rejects.toThrow(
        /update_type/,
      );
      const garbage = Buffer.from('{not json');
      await expect(
        verify(garbage, { 'crypto-pay-api-signature': fake.signBody(garbage) }),
      ).rejects.toBeInstanceOf(CallbackRejectedError);
    });
  });
});
