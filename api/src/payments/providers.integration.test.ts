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

/** Another player of this file, with their own token and requests. */
async function player(id: number) {
  const playerToken = await api.login({ id, languageCode: 'en' });
  return {
    id: String(id),
    token: playerToken,
    balance: () => api.services.ledger.walletBalance(String(id)),
    invoice: async (amount: number) => {
      const answer = await api.request<{ trackerId: string }>('POST', '/finances/invoice', {
        token: playerToken,
        body: { amount },
      });
      expect(answer.status).toBe(200);
      return answer.body.trackerId;
    },
    transaction: (body: Record<string, unknown>, idempotencyKey: string) =>
      api.request<Record<string, unknown>>('POST', '/finances/transaction', {
        token: playerToken,
        headers: { 'idempotency-key': idempotencyKey },
        body: { telegramId: String(id), ...body },
      }),
  };
}

const knex = () => knexOf(api.db.orm);

async function orderRow(id: string) {
  const result = await knex().raw<{ rows: { status: string; provider_order_id: string | null }[] }>(
    `select status, provider_order_id from payment_transactions where id = ?`,
    [id],
  );
  return result.rows[0];
}

/** What every withdrawal hold holds together: nothing, once each withdrawal has closed. */
async function held(): Promise<number> {
  const result = await knex().raw<{ rows: { total: string | null }[] }>(
    `select sum(balance) as total from accounts where kind = 'withdrawal_hold'`,
  );
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Makes every update of one player's orders that meets `condition` fail inside PostgreSQL, as an
 * unexpected error of ours would (a lost connection, a constraint, a bug); `clear` ends it.
 */
async function failUpdates(userId: string, condition: string) {
  await knex().raw(`
    create or replace function svara_test_fault() returns trigger language plpgsql as $$
    begin
      if new.user_id = ${Number(userId)} and (${condition}) then raise exception 'injected fault'; end if;
      return new;
    end $$`);
  await knex().raw(`
    create trigger svara_test_fault before update on payment_transactions
      for each row execute function svara_test_fault()`);
  return {
    clear: () => knex().raw(`drop trigger svara_test_fault on payment_transactions`),
  };
}

/** Old enough for the reconciler to look at. */
const age = (id: string) =>
  knex().raw(`update payment_transactions set created_at = now() - interval '1 hour' where id = ?`, [id]);

const updateIdOf = (webhook: { rawBody: Buffer }) =>
  (JSON.parse(webhook.rawBody.toString()) as { update_id: number }).update_id;

describe('Crypto Pay numbering, which repeats', () => {
  it('credits a payment whose update_id an earlier payment had, and each payment once however it is announced', async () => {
    const p = await player(3102);
    const start = await p.balance();
    cryptopay.restartUpdateIds();
    const first = await cryptopay.payInvoice(await p.invoice(11));
    expect(first.delivered).toBe(200);
    // Crypto Pay starts its update ids over: another invoice, genuinely paid, under the same id.
    cryptopay.restartUpdateIds();
    const secondInvoice = await p.invoice(12);
    const second = await cryptopay.payInvoice(secondInvoice);
    expect(updateIdOf(second)).toBe(updateIdOf(first));
    expect(second.delivered).toBe(200);
    expect(await p.balance()).toBe(start + 1_089 + 1_188);

    // The same payments again: the very webhooks replayed, and announced anew under new update ids.
    for (const webhook of [first, second]) {
      const replay = await api.request('POST', '/payments/callback/cryptopay', {
        body: webhook.rawBody.toString(),
        headers: { 'crypto-pay-api-signature': webhook.signature },
      });
      expect(replay).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    }
    const again = await cryptopay.announceAgain(secondInvoice);
    expect(updateIdOf(again)).not.toBe(updateIdOf(second));
    expect(again.delivered).toBe(200);
    expect(await p.balance()).toBe(start + 1_089 + 1_188);
    expect((await checkLedger(knex())).ok).toBe(true);
  });

  it('closes a transfer whose id an invoice already has into withdrawals: success, never a hold', async () => {
    const p = await player(3103);
    await api.fund(p.id, 5_000);
    // An invoice first: invoices and transfers are numbered apart, so some invoice has the next transfer's id.
    await p.invoice(13);
    const answer = await p.transaction(
      { type: 'withdraw', currency: 'USDTTON', amount: 20, method: 'cryptobot' },
      'collide-0001',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success' });
    const id = String(answer.body.trackerId);
    const transfer = [...cryptopay.transfers.values()].find((t) => t.spend_id === id)!;
    expect(cryptopay.invoices.has(transfer.transfer_id)).toBe(true);
    const sharing = await knex().raw<{ rows: { type: string }[] }>(
      `select type from payment_transactions where provider = 'cryptopay' and provider_order_id = ? order by type`,
      [String(transfer.transfer_id)],
    );
    expect(sharing.rows.map((r) => r.type)).toEqual(['deposit', 'withdrawal']);
    expect(await p.balance()).toBe(3_000);
    expect(await held()).toBe(0);
    expect((await checkLedger(knex())).ok).toBe(true);
  });

  it.each([
    [
      'recording the transfer id',
      'old.provider_order_id is null and new.provider_order_id is not null',
      'sent',
    ],
    ['closing the hold', `new.status = 'success'`, 'credited'],
  ])(
    'answers pending when %s fails after Crypto Pay paid, and the reconciler ends it in success',
    async (_what, condition, reconciled) => {
      const p = await player(condition.includes('status') ? 3105 : 3104);
      await api.fund(p.id, 5_000);
      const fault = await failUpdates(p.id, condition);
      const answer = await p.transaction(
        { type: 'withdraw', currency: 'USDTTON', amount: 15, method: 'cryptobot' },
        'fault-0001',
      );
      await fault.clear();
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'pending' });
      const id = String(answer.body.trackerId);
      const paidOut = () => [...cryptopay.transfers.values()].filter((t) => t.spend_id === id);
      expect(paidOut()).toHaveLength(1);
      expect(await p.balance()).toBe(3_500);
      expect(await held()).toBe(1_500);

      await age(id);
      expect((await api.services.payments.reconcileOnce())[id]).toBe(reconciled);
      expect(await orderRow(id)).toEqual({
        status: 'success',
        provider_order_id: String(paidOut()[0]!.transfer_id),
      });
      expect(paidOut()).toHaveLength(1);
      expect(await held()).toBe(0);
      expect(await p.balance()).toBe(3_500);
      expect((await checkLedger(knex())).ok).toBe(true);
    },
  );
});

describe('AlfaBit, with the same two shapes', () => {
  it('applies a callback whose very bytes came before, once the order they name is paid', async () => {
    const p = await player(3106);
    const created = await p.transaction({ type: 'deposit', currency: 'USDTTON' }, 'alfabit-dep-01');
    const uid = String(created.body.trackerId);
    // AlfaBit's order API can lag behind its callbacks: the first one finds the order still unpaid.
    const early = { ...alfabit.orders.get(uid)!, status: 'success', amountInFact: '30' };
    expect(await alfabit.sendCallback(uid, early)).toBe(200);
    expect(await p.balance()).toBe(0);
    alfabit.pay(uid, '30');
    expect(await alfabit.sendCallback(uid, early)).toBe(200);
    expect(await p.balance()).toBe(2_970);
    expect(await alfabit.sendCallback(uid, early)).toBe(200);
    expect(await p.balance()).toBe(2_970);
  });

  it('never sends a withdrawal twice when recording its acceptance failed: the reconciler finds it by our id', async () => {
    const p = await player(3107);
    await api.fund(p.id, 5_000);
    const address = new Address(0, Buffer.alloc(32, 37)).toString({ bounceable: false });
    await api.request('POST', '/users/wallet-address', { token: p.token, body: { walletAddress: address } });
    const fault = await failUpdates(
      p.id,
      'old.provider_order_id is null and new.provider_order_id is not null',
    );
    const answer = await p.transaction(
      { type: 'withdraw', currency: 'USDTTON', amount: 10, receiver: address },
      'alfabit-fault-01',
    );
    await fault.clear();
    expect(answer.body).toMatchObject({ status: 'pending' });
    const id = String(answer.body.trackerId);
    const sent = () => [...alfabit.orders.values()].filter((o) => o.type === 'withdraw' && o.comment === id);
    expect(sent()).toHaveLength(1);

    await age(id);
    expect((await api.services.payments.reconcileOnce())[id]).toBe('sent');
    expect(sent()).toHaveLength(1);
    const uid = sent()[0]!.uid;
    expect(await orderRow(id)).toEqual({ status: 'pending', provider_order_id: uid });
    alfabit.setStatus(uid, 'success');
    expect(await alfabit.sendCallback(uid)).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'success' });
    expect(await p.balance()).toBe(4_000);
    expect((await checkLedger(knex())).ok).toBe(true);
  });
});
