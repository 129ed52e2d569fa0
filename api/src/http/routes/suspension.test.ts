/**
 * Suspension over REST: operators suspend and unsuspend an account under /admin, and a suspended
 * account is refused `account_suspended` when it creates a room, joins one, deposits (address or
 * invoice) or withdraws — with nothing written. The profile tells the Mini App why.
 */
import { Address } from '@ton/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({ env: { BOT_ADMIN_IDS: '7950', SANDBOX_WITHDRAW_DELAY_MS: '20' } });
const address = new Address(0, Buffer.alloc(32, 95)).toString({ bounceable: false });

let operator: string;
let player: string;
let owner: string;
let roomId: string;

beforeAll(async () => {
  operator = await api.login({ id: 7950 });
  player = await api.login({ id: 7951, languageCode: 'en' });
  owner = await api.login({ id: 7952, languageCode: 'en' });
  await api.fund('7951', 50_000);
  await api.fund('7952', 50_000);
  await api.request('POST', '/users/wallet-address', { token: player, body: { walletAddress: address } });
  roomId = (
    await api.request<{ roomId: string }>('POST', '/rooms', {
      token: owner,
      body: { type: 'public', minBet: 1 },
    })
  ).body.roomId;
});

const suspend = (userId: string, body: unknown, token = operator) =>
  api.request<Record<string, unknown>>('POST', `/admin/users/${userId}/suspend`, { token, body });
const unsuspend = (userId: string, token = operator) =>
  api.request<Record<string, unknown>>('POST', `/admin/users/${userId}/unsuspend`, { token, body: {} });
const profile = async (token: string) =>
  (await api.request<{ suspension: unknown }>('GET', '/users/profile', { token })).body.suspension;

/** What a refused request could have left behind: the player's money, orders and rooms. */
async function footprint(userId: string) {
  const knex = knexOf(api.db.orm);
  const [orders, rooms] = await Promise.all([
    knex('payment_transactions').where('user_id', userId).count<{ count: string }[]>('* as count'),
    knex('rooms').where('owner_id', userId).count<{ count: string }[]>('* as count'),
  ]);
  return {
    balance: await api.services.ledger.walletBalance(userId),
    orders: Number(orders[0]!.count),
    rooms: Number(rooms[0]!.count),
  };
}

describe('POST /admin/users/:id/suspend and /unsuspend', () => {
  it('are for operators only', async () => {
    expect((await suspend('7952', { reason: 'x' }, player)).status).toBe(403);
    expect((await unsuspend('7952', player)).status).toBe(403);
    expect((await api.request('POST', '/admin/users/7952/suspend', { body: { reason: 'x' } })).status).toBe(
      401,
    );
    expect(await api.services.suspension.status('7952')).toBeNull();
  });

  it('need a reason of 1 to 500 characters and a known user', async () => {
    expect((await suspend('7951', {})).body).toMatchObject({ code: 'validation_failed' });
    expect((await suspend('7951', { reason: '  ' })).body).toMatchObject({ code: 'validation_failed' });
    expect((await suspend('7951', { reason: 'r'.repeat(501) })).status).toBe(400);
    expect((await suspend('abc', { reason: 'fraud' })).status).toBe(400);
    const unknown = await suspend('123456789', { reason: 'fraud' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found' });
    expect(await api.services.suspension.status('7951')).toBeNull();
  });

  it('suspend records who and why, the profile shows it, unsuspend lifts it', async () => {
    const suspended = await suspend('7952', { reason: 'chargeback' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({
      userId: '7952',
      suspended: true,
      reason: 'chargeback',
      by: '7950',
    });
    expect(Date.parse(String(suspended.body.suspendedAt))).not.toBeNaN();
    // Suspension ends the sessions the player had; signing in again works and shows why.
    expect((await api.request('GET', '/users/profile', { token: owner })).status).toBe(401);
    owner = await api.login({ id: 7952, languageCode: 'en' });
    expect(await profile(owner)).toEqual({ reason: 'chargeback', since: suspended.body.suspendedAt });

    const lifted = await unsuspend('7952');
    expect(lifted.body).toEqual({ userId: '7952', suspended: false });
    expect(await profile(owner)).toBeNull();
  });
});

describe('a suspended account', () => {
  beforeAll(async () => {
    expect((await suspend('7951', { reason: 'multi-accounting' })).status).toBe(200);
    player = await api.login({ id: 7951, languageCode: 'en' });
  });

  it.each([
    [
      'creates no room',
      () => api.request('POST', '/rooms', { token: player, body: { type: 'public', minBet: 1 } }),
    ],
    ['joins no room', () => api.request('POST', `/rooms/${roomId}/join`, { token: player, body: {} })],
    [
      'gets no deposit address',
      () =>
        api.request('POST', '/finances/transaction', {
          token: player,
          body: { type: 'deposit', telegramId: '7951', currency: 'USDTTON' },
        }),
    ],
    [
      'gets no invoice',
      () => api.request('POST', '/finances/invoice', { token: player, body: { amount: 25 } }),
    ],
    [
      'withdraws nothing',
      () =>
        api.request('POST', '/finances/transaction', {
          token: player,
          headers: { 'idempotency-key': 'suspended-withdraw-1' },
          body: { type: 'withdraw', telegramId: '7951', currency: 'USDTTON', amount: 20, receiver: address },
        }),
    ],
  ])('%s: account_suspended (403), nothing written', async (_, call) => {
    const before = await footprint('7951');
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'account_suspended',
      message:
        'Your account is suspended: playing, deposits and withdrawals are unavailable. Contact support.',
    });
    expect(await footprint('7951')).toEqual(before);
  });

  it('the bot’s invoice path (the payments service) is refused too', async () => {
    await expect(api.services.payments.invoice('7951', 2_500)).rejects.toMatchObject({
      code: 'account_suspended',
    });
  });

  it('can do all of it again once unsuspended', async () => {
    await unsuspend('7951');
    const created = await api.request('POST', '/rooms', {
      token: player,
      body: { type: 'public', minBet: 1 },
    });
    expect(created.status).toBe(201);
    const invoice = await api.request('POST', '/finances/invoice', { token: player, body: { amount: 25 } });
    expect(invoice.status).toBe(200);
    const joined = await api.request('POST', `/rooms/${roomId}/join`, { token: player, body: {} });
    expect(joined.status).toBe(200);
  });
});
