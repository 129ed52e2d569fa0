import { Address } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';
import { signedProof, testWallet } from '../../test-support/ton-wallet.js';

const api = useTestServer({
  env: { BOT_ADMIN_IDS: '7900, 7901', WITHDRAW_REVIEW_OVER: '50', SANDBOX_WITHDRAW_DELAY_MS: '20' },
});
const address = new Address(0, Buffer.alloc(32, 79)).toString({ bounceable: false });

let operator: string;
let player: string;

beforeAll(async () => {
  operator = await api.login({ id: 7900 });
  player = await api.login({ id: 7910 });
  await api.fund('7910', 20_000);
  await api.request('POST', '/users/wallet-address', { token: player, body: { walletAddress: address } });
});

const withdraw = (amount: number, key: string) =>
  api.request<{ trackerId: string; review: boolean }>('POST', '/finances/transaction', {
    token: player,
    headers: { 'idempotency-key': key },
    body: { type: 'withdraw', telegramId: '7910', currency: 'USDTTON', amount, receiver: address },
  });

describe('the operators’ withdrawal review', () => {
  it('is closed to anyone not in BOT_ADMIN_IDS', async () => {
    expect((await api.request('GET', '/admin/withdrawals', { token: player })).status).toBe(403);
    expect((await api.request('GET', '/admin/withdrawals')).status).toBe(401);
    expect(
      (
        await api.request('POST', '/admin/users/7910/withdrawal-review', {
          token: player,
          body: { flagged: true },
        })
      ).status,
    ).toBe(403);
  });

  it('lists withdrawals over the limit, and decides each once', async () => {
    const big = await withdraw(60, 'admin-big-1');
    expect(big.body.review).toBe(true);
    const queue = await api.request<{ id: string; userId: string; amount: number; reviewReason: string }[]>(
      'GET',
      '/admin/withdrawals',
      { token: operator },
    );
    expect(queue.body).toMatchObject([{ userId: '7910', amount: 60, reviewReason: 'over_limit' }]);
    const id = queue.body[0]!.id;
    const approved = await api.request('POST', `/admin/withdrawals/${id}/approve`, {
      token: operator,
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'pending', decidedBy: '7900' });
    const again = await api.request('POST', `/admin/withdrawals/${id}/reject`, { token: operator, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'withdrawal_already_decided' });
  });

  it('flags an account so that every withdrawal waits, and a rejection returns the money', async () => {
    const flagged = await api.request('POST', '/admin/users/7910/withdrawal-review', {
      token: operator,
      body: { flagged: true },
    });
    expect(flagged.status).toBe(200);
    const small = await withdraw(10, 'admin-flagged-1');
    expect(small.body.review).toBe(true);
    const before = await api.services.ledger.walletBalance('7910');
    const queue = await api.request<{ id: string; trackerId: string }[]>('GET', '/admin/withdrawals', {
      token: operator,
    });
    const id = queue.body.find((w) => w.trackerId === small.body.trackerId)!.id;
    const rejected = await api.request('POST', `/admin/withdrawals/${id}/reject`, {
      token: operator,
      body: { reason: 'documents needed' },
    });
    expect(rejected.body).toMatchObject({ status: 'canceled' });
    expect(await api.services.ledger.walletBalance('7910')).toBe(before + 1_000);
    // The reason reaches the player's history.
    const history = await api.request<{ tracker_id: string; rejection?: unknown }[]>(
      'GET',
      '/finances/history/7910',
      { token: player },
    );
    expect(history.body.find((item) => item.tracker_id === small.body.trackerId)).toMatchObject({
      status: 'canceled',
      rejection: { preset: null, note: 'documents needed' },
    });
  });

  it("refuses with 409 player_suspended to approve a suspended player's withdrawal", async () => {
    const waiting = await withdraw(10, 'admin-suspended-1');
    expect(waiting.body.review).toBe(true);
    await api.request('POST', '/admin/users/7910/suspend', {
      token: operator,
      body: { reason: 'Fraud check pending' },
    });
    const queue = await api.request<{ id: string; trackerId: string }[]>('GET', '/admin/withdrawals', {
      token: operator,
    });
    const id = queue.body.find((w) => w.trackerId === waiting.body.trackerId)!.id;
    const refused = await api.request('POST', `/admin/withdrawals/${id}/approve`, {
      token: operator,
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'player_suspended' });
    const unknownPreset = await api.request('POST', `/admin/withdrawals/${id}/reject`, {
      token: operator,
      body: { preset: 'because' },
    });
    expect(unknownPreset.status).toBe(400);
    const rejected = await api.request('POST', `/admin/withdrawals/${id}/reject`, {
      token: operator,
      body: { preset: 'terms' },
    });
    expect(rejected.body).toMatchObject({ status: 'canceled' });
  });
});

describe('where a withdrawal goes, as the operators see it', () => {
  it('says whether the address was proven with TON Connect or typed, as it was when asked', async () => {
    const verifiedPlayer = await api.login({ id: 7920 });
    await api.fund('7920', 20_000);
    const wallet = testWallet('v4R2');
    const { body: issued } = await api.request<{ payload: string }>('POST', '/wallet/ton-proof/payload', {
      token: verifiedPlayer,
    });
    const proven = await api.request<{ walletAddress: string }>('POST', '/wallet/ton-proof/verify', {
      token: verifiedPlayer,
      body: signedProof(wallet, issued.payload),
    });
    expect(proven.status).toBe(200);
    const asked = await api.request<{ trackerId: string }>('POST', '/finances/transaction', {
      token: verifiedPlayer,
      headers: { 'idempotency-key': 'admin-verified-1' },
      body: {
        type: 'withdraw',
        telegramId: '7920',
        currency: 'USDTTON',
        amount: 60,
        receiver: proven.body.walletAddress,
      },
    });
    const typedPlayer = await api.login({ id: 7921 });
    await api.fund('7921', 20_000);
    const typedAddress = new Address(0, Buffer.alloc(32, 21)).toString({ bounceable: false });
    await api.request('POST', '/users/wallet-address', {
      token: typedPlayer,
      body: { walletAddress: typedAddress },
    });
    const typed = await api.request<{ trackerId: string }>('POST', '/finances/transaction', {
      token: typedPlayer,
      headers: { 'idempotency-key': 'admin-typed-1' },
      body: { type: 'withdraw', telegramId: '7921', currency: 'USDTTON', amount: 60, receiver: typedAddress },
    });
    const queue = await api.request<{ id: string; trackerId: string; addressSource: string | null }[]>(
      'GET',
      '/admin/withdrawals',
      { token: operator },
    );
    const verifiedRow = queue.body.find((w) => w.trackerId === asked.body.trackerId)!;
    expect(verifiedRow.addressSource).toBe('ton_connect');
    expect(queue.body.find((w) => w.trackerId === typed.body.trackerId)?.addressSource).toBe('typed');
    // The bot's review card reads the same from the desk; disconnecting later does not rewrite history.
    await api.request('DELETE', '/wallet/ton-proof', { token: verifiedPlayer });
    expect((await api.services.desk.withdrawal(verifiedRow.id))?.addressSource).toBe('ton_connect');
  });
});
