/**
 * The operators' desk on a small known dataset: /stats' numbers (days and months in UTC, at a fixed
 * clock), a player's card and the look-up by id or @username.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/check.js';
import { createLedger, type Ledger } from '../ledger/ledger.js';
import { useTestDatabase } from '../test-support/db.js';
import { createDesk } from './desk.js';
import { utcDayStart, utcMonthStart } from './stats.js';

const db = useTestDatabase();
/** The desk's clock: mid-June 2099, so every dated row below is placed exactly around it. */
const NOW = new Date('2099-06-15T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

let ledger: Ledger;
let seq = 0;

async function user(id: string, fields: { username?: string; updatedAt?: Date } = {}) {
  await db.knex.raw(
    `insert into users (telegram_id, username, first_name, created_at, updated_at) values (?, ?, ?, ?, ?)`,
    [id, fields.username ?? null, `Name${id}`, hoursAgo(24 * 40), fields.updatedAt ?? hoursAgo(24 * 30)],
  );
}

async function move(debit: number, credit: number, amount: number, reason: string) {
  await ledger.transfer({
    idempotencyKey: `desk-test:${++seq}`,
    debitAccountId: debit,
    creditAccountId: credit,
    amount,
    reason,
  });
}

async function room(status: 'open' | 'closed'): Promise<string> {
  const id = randomUUID();
  await db.knex.raw(`insert into rooms (id, stake_cents, type, status) values (?, 100, 'public', ?)`, [
    id,
    status,
  ]);
  return id;
}

async function hand(roomId: string, handNumber: number, status: string, startedAt: Date) {
  await db.knex.raw(
    `insert into hands (id, room_id, hand_number, state, status, started_at) values (?, ?, ?, '{}', ?, ?)`,
    [randomUUID(), roomId, handNumber, status, startedAt],
  );
}

/** A player paying into a hand's pot, as the table runtime posts it. */
async function bet(userId: string, roomId: string, handNumber: number, amount: number) {
  await move(
    await ledger.playerWallet(userId),
    await ledger.handEscrow(`hand:${roomId}:${handNumber}`),
    amount,
    'blind_bet',
  );
}

/**
 * A transfer into the house at a given time: the ledger stamps transfers with the database clock,
 * so these dated ones are written as rows (balances are not what they test).
 */
async function houseIncome(amount: number, reason: string, at: Date) {
  await db.knex.raw(
    `insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, reason, created_at)
     values (?, ?, ?, ?, ?, ?)`,
    [
      `desk-test-house:${++seq}`,
      await ledger.systemAccount('faucet'),
      await ledger.systemAccount('house'),
      amount,
      reason,
      at,
    ],
  );
}

async function payment(userId: string, type: string, cents: number, status: string, settledAt: Date | null) {
  const id = randomUUID();
  await db.knex.raw(
    `insert into payment_transactions (id, user_id, type, tracker_id, amount_cents, currency, status, provider, method,
       settled_at, created_at)
     values (?, ?, ?, ?, ?, 'USDTTON', ?, 'sandbox', 'address', ?, ?)`,
    [id, userId, type, id, cents, status, settledAt, settledAt ?? hoursAgo(1)],
  );
}

let openRoom: string;
let closedRoom: string;

beforeAll(async () => {
  ledger = createLedger(db.knex);
  const faucet = await ledger.systemAccount('faucet');
  // 501 signed in today; 502 and 503 did not, but 502 played a hand today; 504 did neither.
  await user('501', { username: 'Alice_501', updatedAt: hoursAgo(2) });
  await user('502', { username: 'bob502' });
  await user('503');
  await user('504');
  await move(faucet, await ledger.playerWallet('501'), 10_000, 'faucet');
  await move(faucet, await ledger.playerWallet('502'), 5_000, 'faucet');
  await move(faucet, await ledger.playerReferral('503'), 1_000, 'faucet');
  await move(faucet, await ledger.playerWallet('504'), 100, 'faucet');

  openRoom = await room('open');
  closedRoom = await room('closed');
  await hand(closedRoom, 1, 'finished', hoursAgo(30));
  await hand(closedRoom, 2, 'finished', hoursAgo(29));
  await hand(openRoom, 1, 'finished', hoursAgo(3));
  await hand(openRoom, 2, 'voided', hoursAgo(2));
  await hand(openRoom, 3, 'running', hoursAgo(1));
  await bet('501', closedRoom, 1, 100);
  await bet('501', closedRoom, 2, 100);
  await bet('504', closedRoom, 2, 100);
  await bet('501', openRoom, 3, 200);
  await bet('502', openRoom, 3, 300);
  // Pots of finished hands were paid out; only the running hand's escrow still holds money.
  await move(
    await ledger.handEscrow(`hand:${closedRoom}:2`),
    await ledger.playerWallet('501'),
    200,
    'payout',
  );
  await move(
    await ledger.handEscrow(`hand:${closedRoom}:1`),
    await ledger.playerWallet('501'),
    100,
    'payout',
  );

  await houseIncome(70, 'house_share', hoursAgo(1));
  await houseIncome(30, 'deposit_fee', hoursAgo(2));
  await houseIncome(500, 'house_share', hoursAgo(24 * 5));
  await houseIncome(9_000, 'house_share', new Date('2099-05-31T23:59:00Z'));

  await payment('501', 'deposit', 2_500, 'success', hoursAgo(3));
  await payment('502', 'deposit', 1_000, 'success', hoursAgo(4));
  await payment('502', 'deposit', 7_000, 'success', hoursAgo(24 * 2));
  await payment('503', 'deposit', 9_900, 'pending', null);
  await payment('501', 'withdrawal', 1_200, 'success', hoursAgo(1));
  await payment('502', 'withdrawal', 800, 'review', null);
  // A withdrawal in review holds its money out of the wallet; it is still owed to the player.
  await move(
    await ledger.playerWallet('502'),
    await ledger.systemShard('withdrawal_hold', 'desk-test-502'),
    800,
    'withdrawal_hold',
  );
  await payment('502', 'withdrawal', 600, 'review', null);
});

function desk(
  merchants: { name: string; merchantBalance(): Promise<number | null> }[],
  seated: string[] = [],
) {
  return createDesk({
    knex: db.knex,
    gateways: merchants,
    seatedRooms: async () => seated,
    now: () => NOW,
    merchantTimeoutMs: 200,
  });
}

describe('/stats', () => {
  it('counts the day and the month in UTC', () => {
    expect(utcDayStart(new Date('2099-06-15T23:30:00-05:00'))).toEqual(new Date('2099-06-16T00:00:00Z'));
    expect(utcMonthStart(NOW)).toEqual(new Date('2099-06-01T00:00:00Z'));
  });

  it('adds up players, tables, the house share, payments and the balances the house owes', async () => {
    const stats = await desk([{ name: 'cryptopay', merchantBalance: async () => 20_000 }]).stats();
    expect(stats).toMatchObject({
      players: { total: 4, activeToday: 2 },
      // The open room with a running hand; the closed one's hands are history.
      tablesRunning: 1,
      // Hands 1 and 3 of the open room: the voided one and yesterday's do not count.
      handsToday: 2,
      onTablesCents: 500,
      house: { todayCents: 100, monthCents: 600, tablesTodayCents: 70, feesTodayCents: 30 },
      depositsToday: { count: 2, cents: 3_500 },
      withdrawalsToday: { count: 1, cents: 1_200 },
      pendingReviews: 2,
      merchants: [{ provider: 'cryptopay', cents: 20_000 }],
      merchantCents: 20_000,
    });
    // Everything owed to players, the same sum ledger:check reports: wallets, referral balances, the
    // held withdrawals and the pots in escrow.
    const { owedToPlayers } = await checkLedger(db.knex);
    expect(stats.liabilitiesCents).toBe(owedToPlayers);
    expect(stats.liabilities.map((l) => l.kind)).toEqual([
      'player_wallet',
      'player_referral',
      'hand_escrow',
      'withdrawal_hold',
    ]);
    expect(stats.liabilities.find((l) => l.kind === 'hand_escrow')!.cents).toBe(500);
    expect(stats.coverage).toBeCloseTo(20_000 / stats.liabilitiesCents, 10);
  });

  it('keeps coverage unchanged when money moves from a wallet into a withdrawal hold', async () => {
    const merchant = [{ name: 'cryptopay', merchantBalance: async () => 20_000 }];
    const before = await desk(merchant).stats();
    await move(
      await ledger.playerWallet('501'),
      await ledger.systemShard('withdrawal_hold', 'desk-test-501'),
      2_100,
      'withdrawal_hold',
    );
    const after = await desk(merchant).stats();
    expect(after.liabilitiesCents).toBe(before.liabilitiesCents);
    expect(after.coverage).toBe(before.coverage);
    const held = (stats: typeof after) => stats.liabilities.find((l) => l.kind === 'withdrawal_hold')!.cents;
    expect(held(after) - held(before)).toBe(2_100);
    // Back to the wallet (a rejection), so the other tests see the dataset as it was.
    await move(
      await ledger.systemShard('withdrawal_hold', 'desk-test-501'),
      await ledger.playerWallet('501'),
      2_100,
      'withdrawal_refund',
    );
  });

  it('counts seated tables the runtime reports, once', async () => {
    const other = await room('open');
    const stats = await desk([], [openRoom, other]).stats();
    expect(stats.tablesRunning).toBe(2);
  });

  it('shows a provider that fails, answers nothing or is too slow as unknown, and sums the others', async () => {
    const stats = await desk([
      { name: 'alfabit', merchantBalance: async () => 3_000 },
      {
        name: 'cryptopay',
        merchantBalance: async () => {
          throw new Error('provider down');
        },
      },
      { name: 'sandbox', merchantBalance: async () => null },
      { name: 'slow', merchantBalance: () => new Promise((resolve) => setTimeout(() => resolve(1), 5_000)) },
    ]).stats();
    expect(stats.merchants).toEqual([
      { provider: 'alfabit', cents: 3_000 },
      { provider: 'cryptopay', cents: null },
      { provider: 'sandbox', cents: null },
      { provider: 'slow', cents: null },
    ]);
    expect(stats.merchantCents).toBe(3_000);
    expect(stats.coverage).toBeLessThan(1);
    const none = await desk([{ name: 'sandbox', merchantBalance: async () => null }]).stats();
    expect(none).toMatchObject({ merchantCents: null, coverage: null });
  });
});

describe('a player as operators see them', () => {
  it('finds a player by Telegram id or @username, whatever the case, and nobody for anything else', async () => {
    const d = desk([]);
    expect(await d.findUser('501')).toBe('501');
    expect(await d.findUser('@alice_501')).toBe('501');
    expect(await d.findUser('BOB502')).toBe('502');
    expect(await d.findUser('999')).toBeNull();
    expect(await d.findUser('@nobody_here')).toBeNull();
    expect(await d.findUser('drop table users;')).toBeNull();
  });

  it('shows balances, payments newest first, the tables played and the suspension', async () => {
    const d = desk([]);
    const card = await d.userCard('501');
    expect(card).toMatchObject({
      player: { telegramId: '501', username: 'Alice_501', firstName: 'Name501' },
      balanceCents: 10_000 - 400 + 300,
      referralCents: 0,
      depositedCents: 2_500,
      withdrawnCents: 1_200,
      tables: {
        rooms: 2,
        hands: 3,
        recent: [
          { roomId: openRoom, stakeCents: 100, hands: 1 },
          { roomId: closedRoom, stakeCents: 100, hands: 2 },
        ],
      },
      suspension: null,
    });
    expect(card!.payments.map((p) => [p.type, p.amountCents, p.status])).toEqual([
      ['withdrawal', 1_200, 'success'],
      ['deposit', 2_500, 'success'],
    ]);

    await db.knex.raw(
      `update users set suspended_at = ?, suspended_reason = 'chargeback', suspended_by = 9000 where telegram_id = '503'`,
      [hoursAgo(1)],
    );
    expect(await d.userCard('503')).toMatchObject({
      referralCents: 1_000,
      tables: { rooms: 0, hands: 0, recent: [] },
      suspension: { at: hoursAgo(1), reason: 'chargeback', by: '9000' },
    });
    expect(await d.userCard('999')).toBeNull();
  });

  it('answers no withdrawal for an id that is not one', async () => {
    const d = desk([]);
    expect(await d.withdrawal('not-a-uuid')).toBeNull();
    expect(await d.withdrawal(randomUUID())).toBeNull();
  });
});
