import { Address, Cell } from '@ton/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { WalletPayTransaction } from '@svara/core';
import { knexOf } from '../../db/orm.js';
import { MAINNET_USDT_MASTER } from '../../config.js';
import { fakeJettonWallet, startFakeToncenter } from '../../payments/ton/fake-toncenter.js';
import { JETTON_TRANSFER_OP } from '../../payments/ton/ton-messages.js';
import { useTestServer } from '../../test-support/http.js';
import { testWallet } from '../../test-support/ton-wallet.js';

const TON_API_KEY = 'test-toncenter-key';
const toncenter = await startFakeToncenter({ apiKey: TON_API_KEY });
const api = useTestServer({
  env: { TON_API_URL: toncenter.url, TON_API_KEY, PAYMENTS_TIMEOUT_MS: '400' },
});
afterAll(() => toncenter.close());

const usdtMaster = Address.parse(MAINNET_USDT_MASTER);

type Answer = WalletPayTransaction & { code?: string };

async function openDeposit(id: number, currency: 'USDTTON' | 'TON', memo: string | null = null) {
  const token = await api.login({ id });
  const created = await api.request<{ address: string; trackerId: string; expiresAt: string }>(
    'POST',
    '/finances/transaction',
    { token, body: { type: 'deposit', telegramId: String(id), currency } },
  );
  expect(created.status).toBe(200);
  // The sandbox gives no memo; a provider such as AlfaBit does.
  if (memo)
    await knexOf(api.db.orm).raw(`update payment_transactions set memo = ? where tracker_id = ?`, [
      memo,
      created.body.trackerId,
    ]);
  return { token, ...created.body };
}

function pay(token: string, body: Record<string, unknown>) {
  return api.request<Answer>('POST', '/wallet/ton-connect/deposit-transaction', { token, body });
}

/** Nothing about the order changed: still pending, no amount, no ledger transfer. */
async function unchanged(trackerId: string) {
  const knex = knexOf(api.db.orm);
  const { rows } = await knex.raw<{ rows: Record<string, unknown>[] }>(
    `select status, amount_cents from payment_transactions where tracker_id = ?`,
    [trackerId],
  );
  expect(rows[0]).toEqual({ status: 'pending', amount_cents: null });
}

function comment(cell: Cell): string {
  const slice = cell.beginParse();
  expect(slice.loadUint(32)).toBe(0);
  return slice.loadStringTail();
}

describe('POST /wallet/ton-connect/deposit-transaction', () => {
  it('TON: one message of the amount in nanotons to the deposit address, the memo as its comment', async () => {
    const wallet = testWallet('v4R2');
    const order = await openDeposit(7101, 'TON', 'MEMO-7101');
    const before = toncenter.requests.length;
    const response = await pay(order.token, {
      trackerId: order.trackerId,
      amount: '1.5',
      walletAddress: wallet.address.toRawString(),
      network: '-239',
    });
    expect(response.status).toBe(200);
    const { messages, validUntil, network, from } = response.body;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.address).toBe(order.address);
    expect(messages[0]!.amount).toBe('1500000000');
    expect(comment(Cell.fromBase64(messages[0]!.payload!))).toBe('MEMO-7101');
    expect(network).toBe('-239');
    expect(from).toBe(wallet.address.toRawString());
    const left = validUntil - Date.now() / 1000;
    expect(left).toBeGreaterThan(290);
    expect(left).toBeLessThanOrEqual(300);
    // A TON transfer needs no jetton wallet: the TON API is not asked.
    expect(toncenter.requests.length).toBe(before);
    await unchanged(order.trackerId);
  });

  it('USDT: a jetton transfer to the player’s own USDT jetton wallet (found through the TON API with the key), 0.05 TON attached', async () => {
    const wallet = testWallet('v5R1');
    const order = await openDeposit(7102, 'USDTTON', 'MEMO-7102');
    const response = await pay(order.token, {
      trackerId: order.trackerId,
      amount: '12.34',
      walletAddress: wallet.address.toRawString(),
      network: '-239',
    });
    expect(response.status).toBe(200);
    const asked = toncenter.requests.at(-1)!;
    expect(asked).toMatchObject({
      path: '/api/v3/jetton/wallets',
      apiKey: TON_API_KEY,
      query: { owner_address: wallet.address.toRawString(), jetton_address: usdtMaster.toRawString() },
    });
    const [message] = response.body.messages;
    expect(Address.parse(message!.address).equals(fakeJettonWallet(wallet.address, usdtMaster))).toBe(true);
    expect(message!.amount).toBe('50000000');
    const body = Cell.fromBase64(message!.payload!).beginParse();
    expect(body.loadUint(32)).toBe(JETTON_TRANSFER_OP);
    body.loadUintBig(64);
    expect(body.loadCoins()).toBe(12_340_000n);
    expect(body.loadAddress()!.equals(Address.parse(order.address))).toBe(true);
    expect(body.loadAddress()!.equals(wallet.address)).toBe(true);
    expect(body.loadMaybeRef()).toBeNull();
    expect(body.loadCoins()).toBe(1n);
    expect(body.loadBit()).toBe(true);
    expect(comment(body.loadRef())).toBe('MEMO-7102');
    await unchanged(order.trackerId);
  });

  it('refuses an amount under the minimum or with too many decimals (wallet_pay_amount)', async () => {
    const wallet = testWallet('v4R2').address.toRawString();
    const usdt = await openDeposit(7103, 'USDTTON');
    for (const amount of ['4.99', '5.001', '0', 'abc', '-5']) {
      const response = await pay(usdt.token, {
        trackerId: usdt.trackerId,
        amount,
        walletAddress: wallet,
        network: '-239',
      });
      expect(response.status, amount).toBe(400);
      expect(response.body.code, amount).toBe('wallet_pay_amount');
    }
    expect(
      (
        await pay(usdt.token, {
          trackerId: usdt.trackerId,
          amount: '5',
          walletAddress: wallet,
          network: '-239',
        })
      ).status,
    ).toBe(200);
    const ton = await openDeposit(7104, 'TON');
    const tooFine = await pay(ton.token, {
      trackerId: ton.trackerId,
      amount: '1.00001',
      walletAddress: wallet,
      network: '-239',
    });
    expect(tooFine.body.code).toBe('wallet_pay_amount');
  });

  it('refuses a body that is not a request (validation_failed), and needs a token', async () => {
    const order = await openDeposit(7105, 'TON');
    const response = await pay(order.token, {
      trackerId: order.trackerId,
      amount: '1',
      walletAddress: 'EQ…',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect((await api.request('POST', '/wallet/ton-connect/deposit-transaction', { body: {} })).status).toBe(
      401,
    );
  });

  it("refuses another player's order, an unknown one and an expired one (wallet_pay_order_closed)", async () => {
    const wallet = testWallet('v4R2').address.toRawString();
    const order = await openDeposit(7106, 'TON');
    const stranger = await api.login({ id: 7107 });
    const body = { trackerId: order.trackerId, amount: '1', walletAddress: wallet, network: '-239' };
    expect((await pay(stranger, body)).body.code).toBe('wallet_pay_order_closed');
    expect((await pay(order.token, { ...body, trackerId: 'nope' })).body.code).toBe(
      'wallet_pay_order_closed',
    );
    await knexOf(api.db.orm).raw(
      `update payment_transactions set expires_at = now() - interval '1 second' where tracker_id = ?`,
      [order.trackerId],
    );
    const expired = await pay(order.token, body);
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe('wallet_pay_order_closed');
  });

  it('a wallet that never held USDT: ton_usdt_wallet_missing', async () => {
    const wallet = testWallet('v4R2');
    toncenter.holdsNothing(wallet.address);
    const order = await openDeposit(7108, 'USDTTON');
    const response = await pay(order.token, {
      trackerId: order.trackerId,
      amount: '10',
      walletAddress: wallet.address.toRawString(),
      network: '-239',
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('ton_usdt_wallet_missing');
    await unchanged(order.trackerId);
  });

  it('the TON API down or not answering in time: ton_api_unavailable (503), and nothing changes', async () => {
    const wallet = testWallet('v4R2').address.toRawString();
    const order = await openDeposit(7109, 'USDTTON');
    const body = { trackerId: order.trackerId, amount: '10', walletAddress: wallet, network: '-239' };
    toncenter.fail('down');
    const down = await pay(order.token, body);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('ton_api_unavailable');
    toncenter.fail('timeout');
    const started = Date.now();
    const late = await pay(order.token, body);
    expect(late.status).toBe(503);
    expect(late.body.code).toBe('ton_api_unavailable');
    expect(Date.now() - started).toBeLessThan(3_000);
    await unchanged(order.trackerId);
    // Once it answers again, so does the route.
    expect((await pay(order.token, body)).status).toBe(200);
  });
});
