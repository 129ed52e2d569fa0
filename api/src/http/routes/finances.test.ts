/**
 * Money in and out through the REST api, with the sandbox merchant: its callbacks travel over real
 * HTTP to the webhook route, signed, as a provider's would.
 */
import { Address } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { noticesFor } from '../../notices/outbox.js';
import { checkLedger } from '../../ledger/check.js';
import { knexOf } from '../../db/orm.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../payments/sandbox/sandbox-gateway.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({ env: { SANDBOX_WITHDRAW_DELAY_MS: '30' } });
const address = new Address(0, Buffer.alloc(32, 21)).toString({ bounceable: false });
const otherAddress = new Address(0, Buffer.alloc(32, 22)).toString({ bounceable: false });

let alice: string;
let bob: string;

beforeAll(async () => {
  alice = await api.login({ id: 6001, languageCode: 'en' });
  bob = await api.login({ id: 6002, languageCode: 'en' });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const deposit = (token: string, body: Record<string, unknown>) =>
  api.request<Record<string, unknown>>('POST', '/finances/transaction', {
    token,
    body: { type: 'deposit', ...body },
  });
const sandboxPay = (trackerId: string, amount: number | string) =>
  api.request('POST', '/sandbox/pay', { body: { trackerId, amount } });
const balance = (id: string) => api.services.ledger.walletBalance(id);

describe('deposits', () => {
  it('gives a temporary address, credits a payment less 1 % once the signed callback arrives, and tells the player', async () => {
    const methods = await api.request('GET', '/finances/methods', { token: bob });
    expect(methods.body).toEqual({
      depositCurrencies: ['USDTTON', 'TON'],
      invoice: true,
      withdrawMethods: ['address', 'cryptobot'],
      sandbox: true,
    });
    const created = await deposit(bob, { telegramId: '6002', currency: 'USDTTON' });
    expect(created.status).toBe(200);
    const { address: depositAddress, trackerId, expiresAt } = created.body as Record<string, string>;
    expect(depositAddress).toHaveLength(48);
    expect(Date.parse(expiresAt!) - Date.now()).toBeGreaterThan(3_590_000);
    expect(
      (await api.request<{ status: string }[]>('GET', '/finances/history/6002', { token: bob })).body[0],
    ).toMatchObject({
      tracker_id: trackerId,
      status: 'pending',
    });

    const messages: (string | undefined)[] = [];
    const stop = api.services.wallets.onChanged(
      (userId, message) => userId === '6002' && messages.push(message),
    );
    expect((await sandboxPay(trackerId!, '20')).status).toBe(200);
    expect(
      await until(
        () => balance('6002'),
        (b) => b > 0,
      ),
    ).toBe(1_980);
    stop();
    expect(messages).toEqual(['Deposit credited: +$19.80']);
    expect(await noticesFor(knexOf(api.db.orm), '6002')).toMatchObject([
      { kind: 'deposit_credited', params: { amountCents: 1_980, currency: 'USDTTON' }, status: 'pending' },
    ]);
    const history = await api.request<Record<string, unknown>[]>('GET', '/finances/history/6002', {
      token: bob,
    });
    expect(history.body[0]).toMatchObject({ tracker_id: trackerId, amount: 20, fee: 0.2, status: 'success' });
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });

  it('values a TON payment at the merchant rate and stores what arrived', async () => {
    const { trackerId } = (await deposit(bob, { telegramId: '6002', currency: 'TON' })).body as {
      trackerId: string;
    };
    const before = await balance('6002');
    await sandboxPay(trackerId, '2');
    // 2 TON at the sandbox's $5.00 = $10.00, less the 1 % fee.
    expect(
      await until(
        () => balance('6002'),
        (b) => b > before,
      ),
    ).toBe(before + 990);
    const row = await knexOf(api.db.orm).raw<{ rows: Record<string, string>[] }>(
      `select raw_amount, raw_asset, rate, amount_cents from payment_transactions where tracker_id = ?`,
      [trackerId],
    );
    expect(row.rows[0]).toMatchObject({
      raw_amount: '2',
      raw_asset: 'TON',
      rate: '5.00',
      amount_cents: '1000',
    });
  });

  it('records a payment below the $5 minimum as such, without crediting it', async () => {
    const token = await api.login({ id: 6003, languageCode: 'en' });
    const { trackerId } = (await deposit(token, { telegramId: '6003', currency: 'USDTTON' })).body as {
      trackerId: string;
    };
    await sandboxPay(trackerId, '4.99');
    const history = await until(
      async () => (await api.request<{ status: string }[]>('GET', '/finances/history/6003', { token })).body,
      (items) => items[0]?.status !== 'pending',
    );
    expect(history[0]).toMatchObject({ status: 'below_minimum', amount: 4.99 });
    expect(await balance('6003')).toBe(0);
  });

  it('credits a replayed callback once, refuses forged and unsigned ones, and unknown tracker ids', async () => {
    const token = await api.login({ id: 6004, languageCode: 'en' });
    const { trackerId } = (await deposit(token, { telegramId: '6004', currency: 'USDTTON' })).body as {
      trackerId: string;
    };
    const orderId = (
      await knexOf(api.db.orm).raw<{ rows: { id: string }[] }>(
        `select id from payment_transactions where tracker_id = ?`,
        [trackerId],
      )
    ).rows[0]!.id;
    const sandbox = api.services.payments.gateways.sandbox!;
    const body = JSON.stringify({
      callbackId: 'cb_replayed',
      uid: trackerId,
      kind: 'deposit',
      status: 'paid',
      comment: orderId,
      currency: 'USDTTON',
      amount: null,
      paidAmount: '50',
      asset: 'USDT',
      rate: '1',
      txId: null,
      sentAt: new Date().toISOString(),
    });
    const post = (raw: string, headers: Record<string, string>) =>
      api.request('POST', '/payments/callback/sandbox', { body: raw, headers });
    const signed = { [SANDBOX_SIGNATURE_HEADER]: sandbox.signature(body) };

    const forged = await post(body.replace('"50"', '"5000"'), signed);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'callback_rejected' });
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) })).status).toBe(401);
    expect((await post(body, signed)).status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 100 }, () => post(body, signed)));
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(await balance('6004')).toBe(4_950);

    const unknown = JSON.stringify({ ...JSON.parse(body), uid: 'sbx_unknown', callbackId: 'cb_unknown' });
    const answer = await post(unknown, { [SANDBOX_SIGNATURE_HEADER]: sandbox.signature(unknown) });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found' });
    expect((await api.request('POST', '/payments/callback/nobody', { body })).status).toBe(404);
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });

  it("answers the 'more' tab with an invoice whose development page pays it", async () => {
    const token = await api.login({ id: 6005, languageCode: 'en' });
    const invoice = await api.request<Record<string, string | number>>('POST', '/finances/invoice', {
      token,
      body: { amount: 25 },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.payUrl).toBe(`/api/v1/sandbox/invoice/${invoice.body.trackerId}`);
    const page = await api.request('GET', String(invoice.body.payUrl));
    expect(page.status).toBe(200);
    await sandboxPay(String(invoice.body.trackerId), 25);
    expect(
      await until(
        () => balance('6005'),
        (b) => b > 0,
      ),
    ).toBe(2_475);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ telegramId: '6001', currency: 'BTC' }, 400, 'validation_failed'],
      [{ telegramId: '6002', currency: 'TON' }, 403, 'forbidden'],
    ];
    for (const [body, status, code] of cases) {
      const response = await deposit(alice, body);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ code });
    }
    for (const amount of [4.99, 10.001, -5, 'ten']) {
      const response = await api.request('POST', '/finances/invoice', { token: alice, body: { amount } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_amount' });
    }
    expect((await api.request('GET', '/finances/history/6001', { token: alice })).body).toEqual([]);
  });
});

describe('withdrawals', () => {
  const withdraw = (token: string, body: Record<string, unknown>, key: string | null = 'key-00000001') =>
    api.request<Record<string, unknown>>('POST', '/finances/transaction', {
      token,
      headers: key ? { 'idempotency-key': key } : {},
      body: {
        type: 'withdraw',
        telegramId: '6001',
        currency: 'USDTTON',
        amount: 20,
        receiver: address,
        ...body,
      },
    });

  it('validates in order: key, address on file, receiver, minimum, decimals, balance', async () => {
    await api.fund('6001', 5_000);
    expect((await withdraw(alice, {})).body).toMatchObject({ code: 'wallet_address_required' });
    expect((await withdraw(alice, { receiver: undefined })).body).toMatchObject({
      code: 'wallet_address_required',
    });
    await api.request('POST', '/users/wallet-address', { token: alice, body: { walletAddress: address } });
    expect((await withdraw(alice, {}, null)).body).toMatchObject({ code: 'validation_failed' });
    expect((await withdraw(alice, { receiver: otherAddress })).body).toMatchObject({
      code: 'invalidAddress',
    });
    const small = await withdraw(alice, { amount: 9.99 });
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({ code: 'invalid_amount' });
    expect((await withdraw(alice, { amount: -5 })).body).toMatchObject({ code: 'invalid_amount' });
    expect((await withdraw(alice, { amount: 10.001 })).body).toMatchObject({ code: 'invalid_amount' });
    const over = await withdraw(alice, { amount: 50.01 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'insufficientBalance' });
    expect(await balance('6001')).toBe(5_000);
  });

  it('holds $20 at once, shows it pending, then success when the merchant settles it', async () => {
    const first = await withdraw(alice, {}, 'withdraw-20-a');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ amount: 20, status: 'pending', review: false });
    expect(await balance('6001')).toBe(3_000);
    // The same key again: the same answer, nothing held twice.
    expect((await withdraw(alice, {}, 'withdraw-20-a')).body).toMatchObject({
      trackerId: first.body.trackerId,
    });
    expect(await balance('6001')).toBe(3_000);
    const settled = await until(
      async () =>
        (await api.request<{ status: string }[]>('GET', '/finances/history/6001', { token: alice })).body,
      (items) => items[0]?.status === 'success',
    );
    expect(settled[0]).toMatchObject({ type: 'withdrawal', amount: 20, status: 'success' });
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });

  it("refuses a request made for another user's account", async () => {
    const response = await api.request('POST', '/finances/transaction', {
      token: bob,
      body: { type: 'deposit', telegramId: '6001', currency: 'TON' },
    });
    expect(response.status).toBe(403);
  });

  it("refuses another user's history with 403 and needs a token", async () => {
    const refused = await api.request('GET', '/finances/history/6001', { token: bob });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'You are not allowed to do that.' });
    expect((await api.request('GET', '/finances/history/6001')).status).toBe(401);
  });
});
