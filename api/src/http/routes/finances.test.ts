import { Address } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayerNotice } from '../../finances/notices.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer();
const address = new Address(0, Buffer.alloc(32, 21)).toString({ bounceable: false });
const otherAddress = new Address(0, Buffer.alloc(32, 22)).toString({ bounceable: false });

let alice: string;
let bob: string;

beforeAll(async () => {
  alice = await api.login({ id: 6001, languageCode: 'en' });
  bob = await api.login({ id: 6002, languageCode: 'en' });
  await api.fund('6001', 5_000); // $50
});

describe('GET /finances/history/:id', () => {
  it('lists the caller own deposits and withdrawals, newest first', async () => {
    expect((await api.request('GET', '/finances/history/6001', { token: alice })).body).toEqual([]);
    await api.services.finances.creditDeposit({
      userId: '6001',
      trackerId: 'trk-1',
      amountCents: 1234,
      currency: 'TON',
    });
    await api.services.finances.creditDeposit({
      userId: '6001',
      trackerId: 'trk-2',
      amountCents: 500,
      currency: 'USDTTON',
    });
    const response = await api.request<{ tracker_id: string }[]>('GET', '/finances/history/6001', {
      token: alice,
    });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body[1]).toMatchObject({
      type: 'deposit',
      tracker_id: 'trk-1',
      amount: 12.34,
      status: 'success',
      currency: 'TON',
    });
    expect(Date.parse((response.body[1] as unknown as { createdAt: string }).createdAt)).not.toBeNaN();
  });

  it('tells the player of a credited deposit once, with the new balance', async () => {
    const notices: PlayerNotice[] = [];
    const unsubscribe = api.services.notices.subscribe((notice) => notices.push(notice));
    const before = await api.services.ledger.walletBalance('6002');
    const credit = { userId: '6002', trackerId: 'trk-notice', amountCents: 700, currency: 'TON' } as const;
    expect(await api.services.finances.creditDeposit(credit)).toEqual({ credited: true });
    expect(await api.services.finances.creditDeposit(credit)).toEqual({ credited: false });
    unsubscribe();
    expect(notices).toEqual([
      {
        kind: 'deposit_credited',
        userId: '6002',
        amountCents: 700,
        currency: 'TON',
        balanceCents: before + 700,
      },
    ]);
  });

  it("refuses another user's history with 403 and needs a token", async () => {
    const refused = await api.request('GET', '/finances/history/6001', { token: bob });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', message: 'You are not allowed to do that.' });
    expect((await api.request('GET', '/finances/history/6001')).status).toBe(401);
  });
});

describe('POST /finances/transaction', () => {
  it('refuses a deposit as not available: no payment provider, no made-up address', async () => {
    const response = await api.request('POST', '/finances/transaction', {
      token: alice,
      body: { type: 'deposit', telegramId: '6001', currency: 'USDTTON' },
    });
    expect(response.status).toBe(501);
    expect(response.body).toEqual({ code: 'not_available', message: 'This feature is not available yet.' });
  });

  it('validates a withdrawal in order: address on file, receiver, minimum, balance', async () => {
    const withdraw = (token: string, body: Record<string, unknown>) =>
      api.request('POST', '/finances/transaction', {
        token,
        body: {
          type: 'withdraw',
          telegramId: '6001',
          currency: 'USDTTON',
          amount: 20,
          receiver: address,
          ...body,
        },
      });
    const noAddress = await withdraw(alice, {});
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({ code: 'wallet_address_required' });
    expect((await withdraw(alice, { receiver: undefined })).body).toMatchObject({
      code: 'wallet_address_required',
    });

    await api.request('POST', '/users/wallet-address', { token: alice, body: { walletAddress: address } });
    expect((await withdraw(alice, { receiver: otherAddress })).body).toMatchObject({
      code: 'invalidAddress',
    });
    const small = await withdraw(alice, { amount: 9.99 });
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({ code: 'invalid_amount' });
    expect((await withdraw(alice, { amount: -5 })).body).toMatchObject({ code: 'invalid_amount' });
    const balance = await api.services.ledger.walletBalance('6001');
    const over = await withdraw(alice, { amount: balance / 100 + 0.01 });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'insufficientBalance' });

    // A valid request still ends refused: there is no provider to send it to, and nothing moved.
    const valid = await withdraw(alice, { amount: balance / 100 });
    expect(valid.status).toBe(501);
    expect(valid.body).toMatchObject({ code: 'withdraw_failed' });
    expect(await api.services.ledger.walletBalance('6001')).toBe(balance);
  });

  it("refuses a request made for another user's account", async () => {
    const response = await api.request('POST', '/finances/transaction', {
      token: bob,
      body: { type: 'deposit', telegramId: '6001', currency: 'TON' },
    });
    expect(response.status).toBe(403);
  });

  it('refuses a malformed request', async () => {
    const response = await api.request('POST', '/finances/transaction', {
      token: alice,
      body: { type: 'deposit', telegramId: '6001', currency: 'BTC' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed' });
  });
});
