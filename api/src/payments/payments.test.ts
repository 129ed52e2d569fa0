/**
 * The payments service against a scriptable gateway and a real database: what moves, when, and how
 * often, whatever the provider answers.
 */
import { Address } from '@ton/core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createNoticeOutbox, noticesFor } from '../notices/outbox.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger, type Ledger } from '../ledger/ledger.js';
import { createWalletEvents } from '../ledger/wallet-events.js';
import { createLogger } from '../logger.js';
import { useTestDatabase } from '../test-support/db.js';
import {
  PaymentProviderError,
  type DepositAddressRequest,
  type OrderSnapshot,
  type PaymentGateway,
  type VerifiedCallback,
  type WithdrawalRequest,
} from './gateway.js';
import { createPaymentsService, type PaymentsService } from './payments.js';
import { gatewaysOf } from './providers.js';

const db = useTestDatabase();

/** Provider ids are unique across the file's tests, which share one database. */
let providerIds = 0;

/** A provider whose every answer the test decides; it records what it was asked. */
class ScriptedGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly capabilities = {
    depositCurrencies: ['USDTTON', 'TON'] as const,
    invoice: true,
    withdrawToAddress: true,
    withdrawToCryptobot: true,
  };
  withdrawals: WithdrawalRequest[] = [];
  known = new Map<string, OrderSnapshot>();
  withdrawAnswer: () => Promise<{ providerOrderId: string; status: OrderSnapshot['status'] }> = async () => ({
    providerOrderId: `w-${++providerIds}`,
    status: 'pending',
  });
  findAnswer: (orderId: string) => Promise<OrderSnapshot | null> = async () => null;
  verifyAnswer: () => Promise<VerifiedCallback> = async () => {
    throw new Error('no callback scripted');
  };

  async createDepositAddress(request: DepositAddressRequest) {
    const n = ++providerIds;
    return {
      providerOrderId: `dep-${n}`,
      address: `address-${n}`,
      memo: request.currency === 'TON' ? `memo-${n}` : null,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
  }
  async createInvoice() {
    return {
      providerOrderId: `inv-${++providerIds}`,
      payUrl: 'https://t.me/pay',
      expiresAt: new Date(Date.now() + 3_600_000),
    };
  }
  async withdraw(request: WithdrawalRequest) {
    this.withdrawals.push(request);
    return this.withdrawAnswer();
  }
  /** As the adapters do, the order is read as the kind it is asked for. */
  async fetchOrder(id: string, kind: OrderSnapshot['kind']) {
    const order = this.known.get(id);
    return order ? { ...order, kind } : null;
  }
  async findWithdrawal(orderId: string) {
    return this.findAnswer(orderId);
  }
  async verifyCallback() {
    return this.verifyAnswer();
  }
  async merchantBalance() {
    return null;
  }
}

function paid(
  providerOrderId: string,
  amountCents: number,
  kind: 'deposit' | 'withdrawal' = 'deposit',
): OrderSnapshot {
  return {
    providerOrderId,
    orderId: null,
    kind,
    status: 'paid',
    providerStatus: 'success',
    amountCents,
    rawAmount: String(amountCents / 100),
    rawAsset: 'USDT',
    rate: null,
    txId: null,
  };
}

let ledger: Ledger;
let gateway: ScriptedGateway;
let payments: PaymentsService;
let nextUser = 100;

function makeService(env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  gateway = new ScriptedGateway();
  payments = createPaymentsService({
    config: { ...config.payments, publicUrl: 'http://127.0.0.1:1' },
    knex: db.knex,
    ledger,
    wallets: createWalletEvents((error) => {
      throw error;
    }),
    outbox: createNoticeOutbox((error) => {
      throw error;
    }),
    operators: new Set(['9001', '9002']),
    logger: createLogger({ level: 'silent', pretty: false }),
    gateways: gatewaysOf([gateway]),
  });
}

async function newPlayer(options: { fundCents?: number; withAddress?: boolean; referrer?: string } = {}) {
  const id = String(++nextUser);
  // One address belongs to one account: each player gets their own.
  const wallet = options.withAddress ? new Address(0, Buffer.alloc(32, nextUser % 250)) : null;
  const friendly = wallet?.toString({ bounceable: false }) ?? null;
  await db.knex.raw(
    `insert into users (telegram_id, first_name, wallet_address, wallet_address_raw) values (?, ?, ?, ?)`,
    [id, `p${id}`, friendly, wallet?.toRawString() ?? null],
  );
  if (options.referrer) {
    await db.knex.raw(`insert into referrals (referred_id, referrer_id) values (?, ?)`, [
      id,
      options.referrer,
    ]);
  }
  if (options.fundCents) {
    await ledger.transfer({
      idempotencyKey: `fund:${id}`,
      debitAccountId: await ledger.systemAccount('faucet'),
      creditAccountId: await ledger.playerWallet(id),
      amount: options.fundCents,
      reason: 'faucet',
    });
  }
  return { id, address: friendly };
}

async function statusOf(trackerId: string) {
  const row = (
    await db.knex.raw<{ rows: { status: string }[] }>(
      `select status from payment_transactions where tracker_id = ?`,
      [trackerId],
    )
  ).rows[0];
  return row?.status;
}

beforeAll(() => {
  ledger = createLedger(db.knex);
});

/** What the bot will tell one chat, as written to the outbox. */
async function noticesOf(chatId: string) {
  return (await noticesFor(db.knex, chatId)).map(({ kind, params }) => ({ kind, params }));
}

beforeEach(() => {
  makeService();
});

describe('deposits', () => {
  it('credits the amount less the 1 % fee once, with the fee to the house, however often it is confirmed', async () => {
    const player = await newPlayer();
    const answer = await payments.deposit(player.id, 'USDTTON');
    expect(answer).toMatchObject({ trackerId: 'dep-1', address: 'address-1' });
    const houseBefore = await kindTotal('house');
    const row = (
      await db.knex.raw<{ rows: { id: string }[] }>(
        `select id from payment_transactions where tracker_id = 'dep-1'`,
      )
    ).rows[0]!;
    const settle = () => payments.settle(row.id, paid('dep-1', 10_000));
    const outcomes = await Promise.all(Array.from({ length: 20 }, settle));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(await ledger.walletBalance(player.id)).toBe(9_900);
    expect((await kindTotal('house')) - houseBefore).toBe(100);
    // One notice, however often the credit was attempted.
    expect(await noticesOf(player.id)).toEqual([
      { kind: 'deposit_credited', params: { amountCents: 9_900, currency: 'USDTTON' } },
    ]);
    expect((await payments.history(player.id, player.id))[0]).toMatchObject({
      type: 'deposit',
      tracker_id: answer.trackerId,
      amount: 100,
      fee: 1,
      status: 'success',
    });
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('gives an unexpired address again, memo included, instead of a new one', async () => {
    const player = await newPlayer();
    const first = await payments.deposit(player.id, 'TON');
    expect(first.memo).toMatch(/^memo-/);
    expect(await payments.deposit(player.id, 'TON')).toEqual(first);
    expect((await payments.deposit(player.id, 'USDTTON')).trackerId).not.toBe(first.trackerId);
  });

  it('records a payment below the $5 minimum without crediting it', async () => {
    const player = await newPlayer();
    const { trackerId } = await payments.deposit(player.id, 'USDTTON');
    const id = await orderId(trackerId);
    expect(await payments.settle(id, paid(trackerId, 499))).toBe('below_minimum');
    expect(await ledger.walletBalance(player.id)).toBe(0);
    expect(await statusOf(trackerId)).toBe('below_minimum');
    expect(await noticesOf(player.id)).toContainEqual({
      kind: 'deposit_below_minimum',
      params: { amountCents: 499 },
    });
  });

  it('credits a lost callback through the reconciler, and marks an unpaid address expired', async () => {
    const player = await newPlayer();
    const a = await payments.deposit(player.id, 'USDTTON');
    const b = await payments.deposit(player.id, 'TON');
    gateway.known.set(a.trackerId, paid(a.trackerId, 2_000));
    gateway.known.set(b.trackerId, { ...paid(b.trackerId, 0), status: 'expired', amountCents: null });
    await ageOrders(player.id);
    const results = await payments.reconcileOnce();
    expect(Object.values(results).sort()).toEqual(['credited', 'expired']);
    expect(await ledger.walletBalance(player.id)).toBe(1_980);
    expect(await statusOf(b.trackerId)).toBe('expired');
    // A payment that arrives after the address expired is still the player's.
    expect(await payments.settle(await orderId(b.trackerId), paid(b.trackerId, 1_000))).toBe('credited');
    expect(await ledger.walletBalance(player.id)).toBe(2_970);
  });

  it('pays the referrer its share in the same transaction and sweeps $10 of earnings to the balance', async () => {
    const referrer = await newPlayer();
    const player = await newPlayer({ referrer: referrer.id });
    const { trackerId } = await payments.deposit(player.id, 'USDTTON');
    await payments.settle(await orderId(trackerId), paid(trackerId, 40_000));
    // 3 % of $400 = $12: over the $10 sweep, so it is on the game balance.
    expect(await ledger.walletBalance(referrer.id)).toBe(1_200);
    expect(await ledger.ownedBalance(referrer.id, 'player_referral')).toBe(0);
    const qualified = await db.knex.raw<{ rows: { qualified: boolean }[] }>(
      `select qualified from referrals where referred_id = ?`,
      [player.id],
    );
    expect(qualified.rows[0]?.qualified).toBe(true);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });
});

/** What all accounts of a kind hold together (system kinds are spread over shards). */
async function kindTotal(kind: string): Promise<number> {
  const result = await db.knex.raw<{ rows: { total: string | null }[] }>(
    `select sum(balance) as total from accounts where kind = ?`,
    [kind],
  );
  return Number(result.rows[0]?.total ?? 0);
}

/** Makes a player's orders old enough for the reconciler to look at. */
async function ageOrders(userId: string) {
  await db.knex.raw(
    `update payment_transactions set created_at = now() - interval '1 hour' where user_id = ?`,
    [userId],
  );
}

async function orderId(trackerId: string): Promise<string> {
  return (
    await db.knex.raw<{ rows: { id: string }[] }>(
      `select id from payment_transactions where tracker_id = ?`,
      [trackerId],
    )
  ).rows[0]!.id;
}

describe('withdrawals', () => {
  it('holds the money before asking the provider, and closes the hold when it is delivered', async () => {
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    const answer = await payments.withdraw(player.id, {
      amountCents: 2_000,
      method: 'address',
      receiver: player.address!,
      idempotencyKey: 'key-0000001',
    });
    expect(answer).toMatchObject({ amount: 20, status: 'pending', review: false });
    expect(await ledger.walletBalance(player.id)).toBe(3_000);
    expect(await kindTotal('withdrawal_hold')).toBe(2_000);
    expect(gateway.withdrawals).toHaveLength(1);
    const id = await orderId(answer.trackerId);
    expect(await payments.settle(id, paid('w-1', 2_000, 'withdrawal'))).toBe('credited');
    expect(await payments.settle(id, paid('w-1', 2_000, 'withdrawal'))).toBe('unchanged');
    expect(await kindTotal('withdrawal_hold')).toBe(0);
    expect(await statusOf(answer.trackerId)).toBe('success');
    expect(await noticesOf(player.id)).toContainEqual({
      kind: 'withdrawal_sent',
      params: { amountCents: 2_000 },
    });
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('answers a repeated idempotency key with the first result and moves nothing again', async () => {
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    const request = {
      amountCents: 1_000,
      method: 'address' as const,
      receiver: player.address!,
      idempotencyKey: 'same-key-1',
    };
    const answers = await Promise.all([
      payments.withdraw(player.id, request),
      payments.withdraw(player.id, request),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(await ledger.walletBalance(player.id)).toBe(4_000);
    expect(gateway.withdrawals).toHaveLength(1);
    await expect(payments.withdraw(player.id, { ...request, amountCents: 1_100 })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });

  it('never overdraws one balance under 1,000 concurrent requests', async () => {
    const player = await newPlayer({ fundCents: 10_000, withAddress: true });
    const results = await Promise.allSettled(
      Array.from({ length: 1_000 }, (_, i) =>
        payments.withdraw(player.id, {
          amountCents: 1_000,
          method: 'address',
          receiver: player.address!,
          idempotencyKey: `burst-${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    const refusals = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
    );
    expect(new Set(refusals)).toEqual(new Set(['insufficientBalance']));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await ledger.walletBalance(player.id)).toBe(0);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  }, 60_000);

  it('returns the money when the provider refuses, and when it later fails', async () => {
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    gateway.withdrawAnswer = async () => {
      throw new PaymentProviderError('INSUFFICIENT_FUNDS', 'refused');
    };
    const request = {
      amountCents: 1_500,
      method: 'address' as const,
      receiver: player.address!,
      idempotencyKey: 'refused-01',
    };
    await expect(payments.withdraw(player.id, request)).rejects.toMatchObject({ code: 'withdraw_failed' });
    await expect(payments.withdraw(player.id, request)).rejects.toMatchObject({ code: 'withdraw_failed' });
    expect(await ledger.walletBalance(player.id)).toBe(5_000);

    gateway.withdrawAnswer = async () => ({ providerOrderId: 'w-fail', status: 'pending' });
    const sent = await payments.withdraw(player.id, { ...request, idempotencyKey: 'later-fail' });
    const failed: OrderSnapshot = {
      ...paid('w-fail', 1_500, 'withdrawal'),
      status: 'failed',
      providerStatus: 'failed',
    };
    expect(await payments.settle(await orderId(sent.trackerId), failed)).toBe('canceled');
    expect(await payments.settle(await orderId(sent.trackerId), paid('w-fail', 1_500, 'withdrawal'))).toBe(
      'unchanged',
    );
    expect(await ledger.walletBalance(player.id)).toBe(5_000);
    expect(await noticesOf(player.id)).toContainEqual({
      kind: 'withdrawal_failed',
      params: { amountCents: 1_500 },
    });
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('looks a timed-out withdrawal up by our id before sending it again', async () => {
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    gateway.withdrawAnswer = async () => {
      throw new PaymentProviderError('timed out', 'unknown');
    };
    gateway.findAnswer = async (id) => paid(`found-${id}`, 1_000, 'withdrawal');
    const found = await payments.withdraw(player.id, {
      amountCents: 1_000,
      method: 'address',
      receiver: player.address!,
      idempotencyKey: 'timeout-found',
    });
    // Found delivered: sent once, settled, never sent again.
    expect(gateway.withdrawals).toHaveLength(1);
    expect(await statusOf(found.trackerId)).toBe('success');

    // Not found: sent again, once; still unknown after that, it is left for the reconciler.
    gateway.findAnswer = async () => null;
    const lost = await payments.withdraw(player.id, {
      amountCents: 1_000,
      method: 'address',
      receiver: player.address!,
      idempotencyKey: 'timeout-lost',
    });
    expect(gateway.withdrawals).toHaveLength(3);
    expect(lost.status).toBe('pending');
    gateway.withdrawAnswer = async () => ({ providerOrderId: 'w-late', status: 'pending' });
    await ageOrders(player.id);
    await payments.reconcileOnce();
    expect(gateway.withdrawals).toHaveLength(4);
    const row = await db.knex.raw<{ rows: { provider_order_id: string }[] }>(
      `select provider_order_id from payment_transactions where tracker_id = ?`,
      [lost.trackerId],
    );
    expect(row.rows[0]?.provider_order_id).toBe('w-late');
  });

  it('sends large withdrawals, flagged accounts and, when asked, new addresses to review', async () => {
    makeService({ WITHDRAW_REVIEW_OVER: '100', WITHDRAW_REVIEW_NEW_ADDRESS: 'true' });
    const player = await newPlayer({ fundCents: 50_000, withAddress: true });
    const base = { method: 'address' as const, receiver: player.address! };
    const first = await payments.withdraw(player.id, {
      ...base,
      amountCents: 1_000,
      idempotencyKey: 'new-address',
    });
    expect(first).toMatchObject({ status: 'pending', review: true });
    expect(gateway.withdrawals).toHaveLength(0);
    const queue = (await payments.admin.withdrawals('review')).filter((w) => w.userId === player.id);
    expect(queue.map((w) => w.reviewReason)).toEqual(['new_address']);
    // Every operator is told in the bot, in the same transaction as the hold.
    for (const operator of ['9001', '9002']) {
      expect(await noticesOf(operator)).toContainEqual({
        kind: 'withdrawal_review',
        params: { orderId: queue[0]!.id },
      });
    }

    // Two operators approve at once: it is decided and sent once.
    const decisions = await Promise.allSettled([
      payments.admin.decide('9001', queue[0]!.id, 'approve'),
      payments.admin.decide('9002', queue[0]!.id, 'approve'),
    ]);
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    expect(decisions.find((d) => d.status === 'rejected')).toMatchObject({
      reason: { code: 'withdrawal_already_decided' },
    });
    expect(gateway.withdrawals).toHaveLength(1);
    await payments.settle(queue[0]!.id, paid('w-1', 1_000, 'withdrawal'));

    // The address has been paid to before: no review for it now, unless the amount is large.
    expect(
      (await payments.withdraw(player.id, { ...base, amountCents: 1_000, idempotencyKey: 'known-addr' }))
        .review,
    ).toBe(false);
    const big = await payments.withdraw(player.id, {
      ...base,
      amountCents: 10_001,
      idempotencyKey: 'big-amount',
    });
    expect(big.review).toBe(true);
    const rejected = await payments.admin.decide('9001', await orderId(big.trackerId), 'reject', {
      note: 'documents needed',
    });
    expect(rejected).toMatchObject({ status: 'canceled', decidedBy: '9001' });
    expect(await noticesOf(player.id)).toContainEqual({
      kind: 'withdrawal_rejected',
      params: { amountCents: 10_001, note: 'documents needed' },
    });

    await payments.admin.flagForReview(player.id, true);
    expect(
      (await payments.withdraw(player.id, { ...base, amountCents: 1_000, idempotencyKey: 'flagged-01' }))
        .review,
    ).toBe(true);
    expect(await ledger.walletBalance(player.id)).toBe(50_000 - 1_000 - 1_000 - 1_000);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('refuses bad requests and changes nothing', async () => {
    const noAddress = await newPlayer({ fundCents: 5_000 });
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    const other = new Address(0, Buffer.alloc(32, 251)).toString({ bounceable: false });
    const cases: [string, Parameters<PaymentsService['withdraw']>[1], string][] = [
      [
        noAddress.id,
        { amountCents: 1_000, method: 'address', receiver: other, idempotencyKey: 'bad-00001' },
        'wallet_address_required',
      ],
      [
        player.id,
        { amountCents: 1_000, method: 'address', receiver: other, idempotencyKey: 'bad-00002' },
        'invalidAddress',
      ],
      [
        player.id,
        { amountCents: 999, method: 'address', receiver: player.address!, idempotencyKey: 'bad-00003' },
        'invalid_amount',
      ],
      [
        player.id,
        { amountCents: 5_001, method: 'address', receiver: player.address!, idempotencyKey: 'bad-00004' },
        'insufficientBalance',
      ],
    ];
    for (const [userId, request, code] of cases) {
      await expect(payments.withdraw(userId, request)).rejects.toMatchObject({ code });
    }
    expect(await ledger.walletBalance(player.id)).toBe(5_000);
    expect(await ledger.walletBalance(noAddress.id)).toBe(5_000);
    expect(gateway.withdrawals).toHaveLength(0);
  });
});

describe('callbacks', () => {
  const callback = () =>
    payments.handleCallback('sandbox', { rawBody: Buffer.from('{}'), headers: {}, ip: '127.0.0.1' });

  it('settles, of a deposit and a withdrawal with one provider id, the one whose order echoes our id', async () => {
    const player = await newPlayer({ fundCents: 5_000, withAddress: true });
    const deposit = await payments.deposit(player.id, 'USDTTON');
    const shared = deposit.trackerId;
    const heldBefore = await kindTotal('withdrawal_hold');
    gateway.withdrawAnswer = async () => ({ providerOrderId: shared, status: 'pending' });
    const withdrawal = await payments.withdraw(player.id, {
      amountCents: 2_000,
      method: 'address',
      receiver: player.address!,
      idempotencyKey: 'shared-id-1',
    });
    const withdrawalId = await orderId(withdrawal.trackerId);

    // An unsigned hint names only the id: the provider's order must say which of ours it is.
    gateway.verifyAnswer = async () => ({ callbackId: 'cb-1', providerOrderId: shared, order: null });
    gateway.known.set(shared, { ...paid(shared, 2_000, 'withdrawal'), orderId: null });
    await expect(callback()).rejects.toMatchObject({ code: 'callback_rejected' });
    gateway.known.set(shared, { ...paid(shared, 2_000, 'withdrawal'), orderId: withdrawalId });
    expect(await callback()).toBe('credited');
    expect(await statusOf(withdrawal.trackerId)).toBe('success');
    expect(await statusOf(shared)).toBe('pending');
    expect(await callback()).toBe('duplicate');

    // A signed callback says its kind, and its id decides nothing: the same id, a new payment.
    const depositId = await orderId(shared);
    gateway.verifyAnswer = async () => ({
      callbackId: 'cb-1',
      providerOrderId: shared,
      order: { ...paid(shared, 1_000), orderId: depositId },
    });
    expect(await callback()).toBe('credited');
    expect(await callback()).toBe('duplicate');
    expect(await ledger.walletBalance(player.id)).toBe(5_000 - 2_000 + 990);
    expect(await kindTotal('withdrawal_hold')).toBe(heldBefore);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });
});

describe("operators' decisions", () => {
  /** A withdrawal of $20 from a flagged account, waiting for review; its order id. */
  async function inReview(player: { id: string }, key: string): Promise<string> {
    await payments.admin.flagForReview(player.id, true);
    const answer = await payments.withdraw(player.id, {
      amountCents: 2_000,
      method: 'cryptobot',
      idempotencyKey: key,
    });
    expect(answer.review).toBe(true);
    const queue = await payments.admin.withdrawals('review');
    return queue.find((w) => w.trackerId === answer.trackerId)!.id;
  }

  it("refuses to approve a suspended player's withdrawal, and lets it be rejected", async () => {
    const player = await newPlayer({ fundCents: 5_000 });
    const id = await inReview(player, 'suspended-01');
    // Suspended after asking: the request waits in review, held.
    await db.knex.raw(
      `update users set suspended_at = now(), suspended_reason = 'Fraud check pending', suspended_by = 9001
        where telegram_id = ?`,
      [player.id],
    );
    await expect(payments.admin.decide('9002', id, 'approve')).rejects.toMatchObject({
      code: 'player_suspended',
    });
    expect(gateway.withdrawals).toHaveLength(0);
    expect((await payments.admin.withdrawals('review')).map((w) => w.id)).toContain(id);
    expect(await ledger.walletBalance(player.id)).toBe(3_000);

    await payments.admin.decide('9002', id, 'reject', { preset: 'verification' });
    expect(await ledger.walletBalance(player.id)).toBe(5_000);
    expect((await checkLedger(db.knex)).ok).toBe(true);
  });

  it('tells the player why it was rejected, in the notice and in their history', async () => {
    const player = await newPlayer({ fundCents: 5_000 });
    const id = await inReview(player, 'reasoned-01');
    const waiting = await payments.history(player.id, player.id);
    expect(waiting[0]).toMatchObject({ type: 'withdrawal', status: 'pending', review: true });
    expect(waiting[0]).not.toHaveProperty('rejection');

    await payments.admin.decide('9001', id, 'reject', { preset: 'address', note: ' Memo wallets only ' });
    expect(await noticesOf(player.id)).toContainEqual({
      kind: 'withdrawal_rejected',
      params: { amountCents: 2_000, preset: 'address', note: 'Memo wallets only' },
    });
    const [item] = await payments.history(player.id, player.id);
    expect(item).toMatchObject({
      status: 'canceled',
      rejection: { preset: 'address', note: 'Memo wallets only' },
    });
    expect(item).not.toHaveProperty('review');
  });

  it('tells every operator of each decision, so every copy of the review message shows it', async () => {
    const player = await newPlayer({ fundCents: 9_000 });
    const approved = await inReview(player, 'told-ops-1');
    const rejected = await inReview(player, 'told-ops-2');
    await payments.admin.decide('9001', approved, 'approve');
    await payments.admin.decide('9002', rejected, 'reject');
    for (const operator of ['9001', '9002']) {
      const told = await noticesOf(operator);
      expect(told).toContainEqual({ kind: 'withdrawal_decided', params: { orderId: approved } });
      expect(told).toContainEqual({ kind: 'withdrawal_decided', params: { orderId: rejected } });
    }
    // A decision refused (decided already) tells nobody again.
    await expect(payments.admin.decide('9002', approved, 'approve')).rejects.toMatchObject({
      code: 'withdrawal_already_decided',
    });
    const again = (await noticesOf('9002')).filter(
      (n) => n.kind === 'withdrawal_decided' && n.params.orderId === approved,
    );
    expect(again).toHaveLength(1);
  });
});
