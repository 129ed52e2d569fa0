/**
 * Player protection over REST (/api/v1/protection) and where it is enforced: the agreement gate, the
 * deposit limits on every deposit path (the Mini App's address and invoice, the bot's invoice), limit
 * raises that wait 24 hours, cool-off and self-exclusion, and "my activity". Two deposits at a
 * limit's edge, sent at once, never both pass.
 */
import { Address } from '@ton/core';
import {
  activitySchema,
  AGREEMENT_VERSION,
  LIMIT_RAISE_DELAY_MS,
  protectionSchema,
  type Protection,
} from '@svara/core';
import { describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { createLogger } from '../../logger.js';
import { createProtection } from '../../protection/protection.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer({ env: { SANDBOX_WITHDRAW_DELAY_MS: '20' } });
const knex = () => knexOf(api.db.orm);
let nextId = 8_100;

/** A signed-in player; with `agreement: false` one who has not accepted the agreement. */
async function player(options: { agreement?: boolean; funds?: number } = {}) {
  const id = nextId++;
  const token = await api.login({ id, languageCode: 'en' }, undefined, {
    agreement: options.agreement ?? true,
  });
  if (options.funds) await api.fund(String(id), options.funds);
  return { id: String(id), token };
}

const get = async (token: string) => {
  const r = await api.request<Protection>('GET', '/protection', { token });
  expect(r.status).toBe(200);
  return protectionSchema.parse(r.body);
};
const post = <T = Record<string, unknown>>(token: string, path: string, body: unknown) =>
  api.request<T>('POST', `/protection${path}`, { token, body });
const invoice = (token: string, amount: number) =>
  api.request<Record<string, unknown>>('POST', '/finances/invoice', { token, body: { amount } });
const address = (token: string, id: string) =>
  api.request<Record<string, unknown>>('POST', '/finances/transaction', {
    token,
    body: { type: 'deposit', telegramId: id, currency: 'USDTTON' },
  });
const createRoom = (token: string) =>
  api.request<Record<string, unknown>>('POST', '/rooms', { token, body: { type: 'public', minBet: 1 } });

describe('GET /protection', () => {
  it('needs a signed-in player and answers the contract’s shape with nothing set', async () => {
    expect((await api.request('GET', '/protection')).status).toBe(401);
    const p = await player({ agreement: false });
    const body = await get(p.token);
    expect(body).toEqual({
      agreement: { currentVersion: AGREEMENT_VERSION, acceptedVersion: null, acceptedAt: null },
      limits: {
        deposit: {
          daily: { amount: null, pending: null },
          weekly: { amount: null, pending: null },
          monthly: { amount: null, pending: null },
        },
        loss: { daily: { amount: null, pending: null }, weekly: { amount: null, pending: null } },
        sessionMinutes: { amount: null, pending: null },
        realityCheckMinutes: 60,
      },
      usage: {
        deposited: { daily: 0, weekly: 0, monthly: 0 },
        lost: { daily: 0, weekly: 0 },
        sessionStartedAt: null,
        playedMinutes: 0,
      },
      exclusion: null,
    });
  });
});

describe('the user agreement', () => {
  it('only the current version is accepted; the acceptance is stored with its version and time', async () => {
    const p = await player({ agreement: false });
    expect((await post(p.token, '/agreement', { version: '1999-01-01' })).body).toMatchObject({
      code: 'validation_failed',
    });
    expect((await post(p.token, '/agreement', {})).status).toBe(400);
    const before = Date.now();
    const accepted = await post(p.token, '/agreement', { version: AGREEMENT_VERSION });
    expect(accepted.status).toBe(204);
    const { agreement } = await get(p.token);
    expect(agreement.acceptedVersion).toBe(AGREEMENT_VERSION);
    expect(Date.parse(agreement.acceptedAt!)).toBeGreaterThanOrEqual(before - 1000);
    // Accepting again changes nothing.
    expect((await post(p.token, '/agreement', { version: AGREEMENT_VERSION })).status).toBe(204);
    expect((await get(p.token)).agreement).toEqual(agreement);
  });

  it('nothing with money works before it is accepted; withdrawals stay possible', async () => {
    const p = await player({ agreement: false, funds: 50_000 });
    const refused = {
      code: 'agreement_required',
      message: 'Please confirm you are 18 or older and accept the user agreement first.',
    };
    for (const call of [
      () => createRoom(p.token),
      () => invoice(p.token, 25),
      () => address(p.token, p.id),
    ]) {
      const r = await call();
      expect(r.status).toBe(403);
      expect(r.body).toEqual(refused);
    }
    // The bot's invoice path goes through the same service.
    await expect(api.services.payments.chatInvoice(p.id, 2_500)).rejects.toMatchObject({
      code: 'agreement_required',
    });
    expect(await knex()('payment_transactions').where('user_id', p.id)).toEqual([]);

    const wallet = new Address(0, Buffer.alloc(32, 81)).toString({ bounceable: false });
    await api.request('POST', '/users/wallet-address', { token: p.token, body: { walletAddress: wallet } });
    const withdrawal = await api.request('POST', '/finances/transaction', {
      token: p.token,
      headers: { 'idempotency-key': 'protection-withdraw-1' },
      body: { type: 'withdraw', telegramId: p.id, currency: 'USDTTON', amount: 20, receiver: wallet },
    });
    expect(withdrawal.status).toBe(200);

    await post(p.token, '/agreement', { version: AGREEMENT_VERSION });
    expect((await createRoom(p.token)).status).toBe(201);
  });

  it('a new agreement version asks again', async () => {
    const p = await player({ agreement: false, funds: 50_000 });
    // Accepted an earlier version only: as if AGREEMENT_VERSION changed since.
    await knex()('protection_agreements').insert({
      user_id: p.id,
      version: '2020-01-01',
      accepted_at: new Date(),
    });
    expect((await get(p.token)).agreement).toMatchObject({
      acceptedVersion: '2020-01-01',
      currentVersion: AGREEMENT_VERSION,
    });
    expect((await createRoom(p.token)).body).toMatchObject({ code: 'agreement_required' });
    // And a service with a newer version refuses a player who accepted the current one.
    const next = createProtection({
      knex: knex(),
      logger: createLogger({ level: 'silent', pretty: false }),
      agreementVersion: '2099-01-01',
    });
    const accepted = await player();
    await expect(next.assertAgreement(accepted.id)).rejects.toMatchObject({ code: 'agreement_required' });
    await expect(api.services.protection.assertAgreement(accepted.id)).resolves.toBeUndefined();
  });
});

describe('deposit limits', () => {
  it('lowering (or setting where none) applies at once; raising or removing waits 24 hours', async () => {
    const p = await player();
    let body = (await post<Protection>(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 100 }))
      .body;
    expect(body.limits.deposit.daily).toEqual({ amount: 100, pending: null });
    body = (await post<Protection>(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 50 }))
      .body;
    expect(body.limits.deposit.daily).toEqual({ amount: 50, pending: null });

    const asked = Date.now();
    body = (await post<Protection>(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 500 }))
      .body;
    expect(body.limits.deposit.daily.amount).toBe(50);
    expect(body.limits.deposit.daily.pending?.amount).toBe(500);
    const effectiveAt = Date.parse(body.limits.deposit.daily.pending!.effectiveAt);
    expect(effectiveAt - asked).toBeGreaterThanOrEqual(LIMIT_RAISE_DELAY_MS - 5_000);
    expect(effectiveAt - asked).toBeLessThanOrEqual(LIMIT_RAISE_DELAY_MS + 5_000);
    // The pending raise does not count yet: $60 is over the $50 in force.
    expect((await invoice(p.token, 60)).body).toMatchObject({
      code: 'deposit_limit_exceeded',
      remaining: 50,
    });

    // Removing waits too; a lowering drops the pending change.
    body = (await post<Protection>(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: null }))
      .body;
    expect(body.limits.deposit.daily).toMatchObject({ amount: 50, pending: { amount: null } });
    body = (await post<Protection>(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 40 }))
      .body;
    expect(body.limits.deposit.daily).toEqual({ amount: 40, pending: null });
  });

  it('a pending raise applies once its 24 hours have passed', async () => {
    const p = await player();
    await post(p.token, '/limits', { kind: 'deposit', period: 'weekly', amount: 20 });
    await post(p.token, '/limits', { kind: 'deposit', period: 'weekly', amount: 80 });
    await knex()('protection_limits')
      .where({ user_id: p.id, kind: 'deposit', period: 'weekly' })
      .update({ effective_at: new Date(Date.now() - 1000) });
    expect((await get(p.token)).limits.deposit.weekly).toEqual({ amount: 80, pending: null });
    expect((await invoice(p.token, 60)).status).toBe(200);
  });

  it('validates the request', async () => {
    const p = await player();
    for (const bad of [
      { kind: 'deposit', amount: 10 },
      { kind: 'deposit', period: 'yearly', amount: 10 },
      { kind: 'loss', period: 'monthly', amount: 10 },
      { kind: 'deposit', period: 'daily', amount: -1 },
      { kind: 'deposit', period: 'daily', amount: 1.234 },
      { kind: 'session', amount: 0 },
      { kind: 'session', amount: 1.5 },
    ]) {
      expect((await post(p.token, '/limits', bad)).body).toMatchObject({ code: 'validation_failed' });
    }
    expect((await post(p.token, '/reality-check', { minutes: 45 })).status).toBe(400);
    expect(
      (await post<Protection>(p.token, '/reality-check', { minutes: 30 })).body.limits.realityCheckMinutes,
    ).toBe(30);
  });

  it('an invoice over what remains is refused with the remaining amount; open invoices count', async () => {
    const p = await player();
    await post(p.token, '/limits', { kind: 'deposit', period: 'monthly', amount: 100 });
    await api.services.payments.creditDeposit({
      userId: p.id,
      trackerId: `limit-credit-${p.id}`,
      amountCents: 3_000,
      currency: 'USDTTON',
    });
    expect((await get(p.token)).usage.deposited).toEqual({ daily: 30, weekly: 30, monthly: 30 });
    expect((await invoice(p.token, 50)).status).toBe(200);
    const refused = await invoice(p.token, 25);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'deposit_limit_exceeded',
      message: 'This deposit is over your deposit limit. You can deposit up to $20.00 now.',
      remaining: 20,
    });
    // The bot's /deposit is the same check.
    await expect(api.services.payments.chatInvoice(p.id, 2_500)).rejects.toMatchObject({
      code: 'deposit_limit_exceeded',
    });
    expect((await invoice(p.token, 20)).status).toBe(200);
  });

  it('two invoices at once at the limit’s edge (two tabs, or the app and the bot): exactly one passes', async () => {
    for (const round of [0, 1, 2]) {
      const p = await player();
      await post(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 30 });
      const results = await Promise.allSettled([
        invoice(p.token, 20 + round).then((r) =>
          r.status === 200 ? 'ok' : String((r.body as { code: string }).code),
        ),
        round === 0
          ? invoice(p.token, 19).then((r) =>
              r.status === 200 ? 'ok' : String((r.body as { code: string }).code),
            )
          : api.services.payments.chatInvoice(p.id, 1_500 + round * 100).then(
              () => 'ok',
              (error: { code: string }) => error.code,
            ),
      ]);
      const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value : 'threw')).sort();
      expect(outcomes).toEqual(['deposit_limit_exceeded', 'ok']);
      const open = await knex()('payment_transactions').where({ user_id: p.id, type: 'deposit' });
      expect(open).toHaveLength(1);
      expect(await knex()('protection_deposit_holds').where('user_id', p.id)).toEqual([]);
    }
  });

  it('an address is given only while room remains; a payment above the limit is credited and recorded', async () => {
    const p = await player();
    await post(p.token, '/limits', { kind: 'deposit', period: 'daily', amount: 10 });
    const given = await address(p.token, p.id);
    expect(given.status).toBe(200);
    // The address is paid $25: the money arrived, so it is credited; the overrun is recorded.
    const balance = await api.services.ledger.walletBalance(p.id);
    await api.services.payments.creditDeposit({
      userId: p.id,
      trackerId: `overrun-${p.id}`,
      amountCents: 2_500,
      currency: 'USDTTON',
    });
    expect(await api.services.ledger.walletBalance(p.id)).toBeGreaterThan(balance);
    const overruns = await knex()('protection_deposit_overruns').where('user_id', p.id);
    expect(
      overruns.map((o: { period: string; limit_cents: string; deposited_cents: string }) => [
        o.period,
        Number(o.limit_cents),
        Number(o.deposited_cents),
      ]),
    ).toEqual([['daily', 1_000, 2_500]]);
    const refused = await address(p.token, p.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'deposit_limit_exceeded', remaining: 0 });
  });
});

describe('cool-off and self-exclusion', () => {
  it('refuses seats, rooms and every deposit path; withdrawals work; it cannot be shortened', async () => {
    const p = await player({ funds: 50_000 });
    const owner = await player({ funds: 50_000 });
    const roomId = String((await createRoom(owner.token)).body.roomId);
    const asked = Date.now();
    const excluded = await post<Protection>(p.token, '/exclusion', { kind: 'cool_off', duration: '7d' });
    expect(excluded.status).toBe(200);
    expect(excluded.body.exclusion?.kind).toBe('cool_off');
    const until = Date.parse(excluded.body.exclusion!.until);
    expect(Math.abs(until - asked - 7 * 24 * 3600_000)).toBeLessThan(10_000);

    // Every session open so far is cut (like a suspension): a new sign-in shows the exclusion.
    expect((await api.request('GET', '/protection', { token: p.token })).status).toBe(401);
    const token = await api.login({ id: Number(p.id), languageCode: 'en' });
    expect((await get(token)).exclusion).toEqual(excluded.body.exclusion);

    for (const call of [
      () => createRoom(token),
      () => api.request('POST', `/rooms/${roomId}/join`, { token, body: {} }),
      () => invoice(token, 25),
      () => address(token, p.id),
    ]) {
      const r = await call();
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'self_excluded' });
      expect(String((r.body as { message: string }).message)).toMatch(
        /^You are taking a break from play until \d{1,2} \w+ \d{4}(,| at) \d\d:\d\d UTC/,
      );
    }
    await expect(api.services.payments.chatInvoice(p.id, 2_500)).rejects.toMatchObject({
      code: 'self_excluded',
    });

    const wallet = new Address(0, Buffer.alloc(32, 82)).toString({ bounceable: false });
    await api.request('POST', '/users/wallet-address', { token, body: { walletAddress: wallet } });
    const withdrawal = await api.request('POST', '/finances/transaction', {
      token,
      headers: { 'idempotency-key': 'protection-withdraw-2' },
      body: { type: 'withdraw', telegramId: p.id, currency: 'USDTTON', amount: 20, receiver: wallet },
    });
    expect(withdrawal.status).toBe(200);

    // Not shortened, not replaced by a shorter one; a longer one extends it.
    const shorter = await post(token, '/exclusion', { kind: 'cool_off', duration: '24h' });
    expect(shorter.status).toBe(403);
    expect(shorter.body).toMatchObject({ code: 'self_excluded' });
    const token2 = await api.login({ id: Number(p.id), languageCode: 'en' });
    expect((await get(token2)).exclusion).toEqual(excluded.body.exclusion);
    const longer = await post<Protection>(token2, '/exclusion', { kind: 'self_exclusion', duration: '6m' });
    expect(longer.body.exclusion?.kind).toBe('self_exclusion');
    expect(Date.parse(longer.body.exclusion!.until)).toBeGreaterThan(until);
  });

  it('an operator can only extend it', async () => {
    const p = await player();
    await api.services.protection.exclude(p.id, { kind: 'cool_off', duration: '24h' });
    const current = (await api.services.protection.exclusion(p.id))!;
    await expect(
      api.services.protection.extendExclusion(p.id, '1', new Date(current.until.getTime() - 3_600_000)),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    const later = new Date(current.until.getTime() + 86_400_000);
    await api.services.protection.extendExclusion(p.id, '1', later);
    expect((await api.services.protection.exclusion(p.id))!.until.getTime()).toBe(later.getTime());
  });

  it('two exclusions asked at once both end at the longest; nothing ends early', async () => {
    const p = await player();
    await Promise.allSettled([
      api.services.protection.exclude(p.id, { kind: 'self_exclusion', duration: '1y' }),
      api.services.protection.exclude(p.id, { kind: 'cool_off', duration: '24h' }),
    ]);
    const active = (await api.services.protection.exclusion(p.id))!;
    expect(active.until.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
  });

  it('validates the durations', async () => {
    const p = await player();
    for (const bad of [
      { kind: 'cool_off', duration: '6m' },
      { kind: 'self_exclusion', duration: '7d' },
      { kind: 'forever' },
    ]) {
      expect((await post(p.token, '/exclusion', bad)).body).toMatchObject({ code: 'validation_failed' });
    }
    expect((await get(p.token)).exclusion).toBeNull();
  });
});

describe('loss and session limits at room creation', () => {
  it('a loss limit reached (net of wins) refuses a new room until the period ends', async () => {
    const p = await player({ funds: 50_000 });
    await post(p.token, '/limits', { kind: 'loss', period: 'daily', amount: 10 });
    const ledger = api.services.ledger;
    const wallet = await ledger.playerWallet(p.id);
    const escrow = await ledger.handEscrow(`hand:test-${p.id}:1`);
    // Staked $15 and won $3 back: $12 lost, net.
    await ledger.transfer({
      idempotencyKey: `loss-a-${p.id}`,
      debitAccountId: wallet,
      creditAccountId: escrow,
      amount: 1_500,
      reason: 'call',
    });
    await ledger.transfer({
      idempotencyKey: `loss-b-${p.id}`,
      debitAccountId: escrow,
      creditAccountId: wallet,
      amount: 300,
      reason: 'payout',
    });
    expect((await get(p.token)).usage.lost).toEqual({ daily: 12, weekly: 12 });
    const refused = await createRoom(p.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'loss_limit_reached' });
    expect(String((refused.body as { message: string }).message)).toMatch(
      /after \d{1,2} \w+ \d{4}(,| at) 00:00 UTC/,
    );
  });

  it('a session limit reached refuses a new room', async () => {
    const p = await player({ funds: 50_000 });
    await post(p.token, '/limits', { kind: 'session', amount: 1 });
    const startOfDay = new Date(new Date().setUTCHours(0, 0, 0, 0));
    const start = new Date(Math.max(startOfDay.getTime(), Date.now() - 90_000));
    await knex()('protection_sessions').insert({ user_id: p.id, started_at: start, ended_at: new Date() });
    expect((await get(p.token)).usage.playedMinutes).toBeGreaterThanOrEqual(1);
    expect((await createRoom(p.token)).body).toMatchObject({ code: 'session_limit_reached' });
  });
});

describe('GET /protection/activity', () => {
  it('lists the last 30 periods, newest first, with deposits, withdrawals and the table result', async () => {
    const p = await player({ funds: 10_000 });
    await api.services.payments.creditDeposit({
      userId: p.id,
      trackerId: `activity-${p.id}`,
      amountCents: 4_000,
      currency: 'USDTTON',
    });
    const ledger = api.services.ledger;
    const wallet = await ledger.playerWallet(p.id);
    const escrow = await ledger.handEscrow(`hand:activity-${p.id}:1`);
    await ledger.transfer({
      idempotencyKey: `act-a-${p.id}`,
      debitAccountId: wallet,
      creditAccountId: escrow,
      amount: 700,
      reason: 'call',
    });
    for (const period of ['day', 'week', 'month'] as const) {
      const r = await api.request('GET', `/protection/activity?period=${period}`, { token: p.token });
      expect(r.status).toBe(200);
      const rows = activitySchema.parse(r.body);
      expect(rows).toHaveLength(30);
      expect(Date.parse(rows[0]!.start)).toBeGreaterThan(Date.parse(rows[1]!.start));
      expect(rows[0]).toMatchObject({ deposited: 40, withdrawn: 0, net: -7 });
      expect(rows.slice(1).every((row) => row.deposited === 0 && row.net === 0)).toBe(true);
    }
    expect((await api.request('GET', '/protection/activity?period=year', { token: p.token })).status).toBe(
      400,
    );
  });
});
