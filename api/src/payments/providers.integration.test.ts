/**
 * The api configured for production's providers (AlfaBit for addresses and withdrawals, Crypto Pay
 * for invoices and @CryptoBot transfers), each replaced by its loopback fake: the whole path from a
 * player's request to the provider's callback on our webhook and the ledger.
 */
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { checkLedger } from '../ledger/check.js';
import { useTestServer } from '../test-support/http.js';
import { startFakeAlfabit, type FakeAlfabit } from './alfabit/fake-alfabit.js';
import { startFakeCryptopay, type FakeCryptopay } from './cryptopay/fake-cryptopay.js';

let alfabit: FakeAlfabit;
let cryptopay: FakeCryptopay;
const env: Record<string, string> = {};

// Registered before the server's own hooks, so the fakes' addresses are in its configuration.
beforeAll(async () => {
  alfabit = await startFakeAlfabit();
  cryptopay = await startFakeCryptopay();
  Object.assign(env, {
    PAYMENTS_PROVIDER: 'alfabit,cryptopay',
    ALFABIT_API_URL: alfabit.url,
    ALFABIT_API_KEY: alfabit.apiKey,
    ALFABIT_CALLBACK_IPS: '127.0.0.1',
    CRYPTOPAY_API_URL: cryptopay.url,
    CRYPTOPAY_TOKEN: cryptopay.token,
    PAYMENTS_TIMEOUT_MS: '500',
  });
});
afterAll(async () => {
  await alfabit?.close();
  await cryptopay?.close();
});

const api = useTestServer({ env });
const wallet = new Address(0, Buffer.alloc(32, 31)).toString({ bounceable: false });
let token: string;

beforeAll(async () => {
  token = await api.login({ id: 3101, languageCode: 'en' });
  cryptopay.setWebhookUrl(`${api.baseUrl}/api/v1/payments/callback/cryptopay`);
});

const balance = () => api.services.ledger.walletBalance('3101');
const transaction = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request<Record<string, unknown>>('POST', '/finances/transaction', {
    token,
    headers,
    body: { telegramId: '3101', ...body },
  });

describe('with AlfaBit and Crypto Pay', () => {
  it('offers each screen only what its provider does', async () => {
    expect((await api.request('GET', '/finances/methods', { token })).body).toEqual({
      depositCurrencies: ['USDTTON', 'TON'],
      invoice: true,
      withdrawMethods: ['address', 'cryptobot'],
      sandbox: false,
    });
  });

  it('credits an AlfaBit deposit only from what the re-fetched order says, once, whatever the callbacks claim', async () => {
    const created = await transaction({ type: 'deposit', currency: 'USDTTON' });
    expect(created.status).toBe(200);
    const uid = String(created.body.trackerId);
    expect(alfabit.orders.get(uid)?.requisites).toBe(created.body.address);

    // A callback claiming a payment that the order does not show changes nothing.
    expect(await alfabit.sendCallback(uid, { uid, status: 'success', amountInFact: '1000' })).toBe(200);
    expect(await balance()).toBe(0);

    alfabit.pay(uid, '30');
    expect(await alfabit.sendCallback(uid)).toBe(200);
    expect(await balance()).toBe(2_970);
    // Duplicate, late and out-of-order callbacks: the order is settled, nothing moves again.
    for (const status of ['success', 'inProgress', 'created']) {
      expect(await alfabit.sendCallback(uid, { ...alfabit.orders.get(uid), status })).toBe(200);
    }
    expect(await balance()).toBe(2_970);
    // Unknown tracker id: refused.
    expect(await alfabit.sendCallback(uid, { uid: 'no-such-order' })).toBe(404);
  });

  it('answers 503 while the provider is down, and changes nothing', async () => {
    alfabit.failNext('5xx');
    const refused = await transaction({ type: 'deposit', currency: 'TON' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'payment_provider_unavailable' });
    alfabit.failNext('timeout');
    expect((await transaction({ type: 'deposit', currency: 'TON' })).status).toBe(503);
  });

  it('credits a Crypto Pay invoice from its signed webhook, once, and refuses a forged one', async () => {
    const invoice = await api.request<Record<string, string>>('POST', '/finances/invoice', {
      token,
      body: { amount: 10 },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.payUrl).toMatch(/^https:\/\//);
    const before = await balance();
    const paid = await cryptopay.payInvoice(invoice.body.trackerId!);
    expect(paid.delivered).toBe(200);
    expect(await balance()).toBe(before + 990);

    const replay = await api.request('POST', '/payments/callback/cryptopay', {
      body: paid.rawBody.toString(),
      headers: { 'crypto-pay-api-signature': paid.signature },
    });
    expect(replay.status).toBe(200);
    const forged = await api.request('POST', '/payments/callback/cryptopay', {
      body: paid.rawBody.toString().replace('"10', '"99'),
      headers: { 'crypto-pay-api-signature': paid.signature },
    });
    expect(forged.status).toBe(401);
    expect(await balance()).toBe(before + 990);
  });

  it('withdraws to the saved address through AlfaBit and to @CryptoBot through Crypto Pay', async () => {
    await api.request('POST', '/users/wallet-address', { token, body: { walletAddress: wallet } });
    const start = await balance();
    const toAddress = await transaction(
      { type: 'withdraw', currency: 'USDTTON', amount: 10, receiver: wallet },
      { 'idempotency-key': 'alfabit-withdraw-1' },
    );
    expect(toAddress.body).toMatchObject({ status: 'pending', review: false });
    const order = [...alfabit.orders.values()].find((o) => o.type === 'withdraw')!;
    expect(order).toMatchObject({ requisites: wallet, amount: '10.00', comment: expect.any(String) });
    alfabit.setStatus(order.uid, 'success');
    expect(await alfabit.sendCallback(order.uid)).toBe(200);

    const toCryptobot = await transaction(
      { type: 'withdraw', currency: 'USDTTON', amount: 12.5, method: 'cryptobot' },
      { 'idempotency-key': 'cryptobot-withdraw-1' },
    );
    // A Crypto Pay transfer is final when answered.
    expect(toCryptobot.body).toMatchObject({ status: 'success' });
    expect(await balance()).toBe(start - 2_250);
    const history = await api.request<{ type: string; status: string }[]>('GET', '/finances/history/3101', {
      token,
    });
    expect(history.body.filter((h) => h.type === 'withdrawal').map((h) => h.status)).toEqual([
      'success',
      'success',
    ]);
    expect((await checkLedger(knexOf(api.db.orm))).ok).toBe(true);
  });
});
