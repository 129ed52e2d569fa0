/**
 * The bot's invoice messages against the sandbox merchant and a real database: which invoice the bot
 * shows, where its message is recorded, and what the bot learns when the invoice settled first.
 */
import { SvaraError } from '@svara/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLedger } from '../ledger/ledger.js';
import { createWalletEvents } from '../ledger/wallet-events.js';
import { createLogger } from '../logger.js';
import { createNoticeOutbox } from '../notices/outbox.js';
import { useTestDatabase } from '../test-support/db.js';
import { INVOICE_REUSE_MIN_REMAINING_MS } from './invoice-messages.js';
import { createPaymentsService, type PaymentsService } from './payments.js';

const db = useTestDatabase();
let payments: PaymentsService;
let clock = new Date();
let nextUser = 7_000;

beforeAll(() => {
  const config = loadConfig({ NODE_ENV: 'test' });
  const fail = (error: unknown) => {
    throw error;
  };
  payments = createPaymentsService({
    // Nothing listens there: the sandbox's callbacks fail, and the tests settle orders themselves.
    config: { ...config.payments, publicUrl: 'http://127.0.0.1:1' },
    knex: db.knex,
    ledger: createLedger(db.knex),
    wallets: createWalletEvents(fail),
    outbox: createNoticeOutbox(fail),
    operators: new Set(),
    logger: createLogger({ level: 'silent', pretty: false }),
    now: () => clock,
  });
});
afterAll(async () => {
  await payments.stop();
});

async function newPlayer(): Promise<string> {
  const id = String(++nextUser);
  await db.knex.raw(`insert into users (telegram_id, first_name) values (?, ?)`, [id, `p${id}`]);
  return id;
}

async function order(trackerId: string) {
  const result = await db.knex.raw<{ rows: Record<string, unknown>[] }>(
    `select id, status, bot_chat_id, bot_message_id from payment_transactions where tracker_id = ?`,
    [trackerId],
  );
  return result.rows[0]!;
}

/** The sandbox takes the payment, then the service settles the order as its callback would. */
async function payInvoice(trackerId: string): Promise<void> {
  const snapshot = await payments.gateways.sandbox!.pay(trackerId);
  expect(await payments.settle(String((await order(trackerId)).id), snapshot)).toBe('credited');
}

describe('chatInvoice', () => {
  it('makes a new invoice through the same path as the Mini App, then gives it again for the same amount', async () => {
    clock = new Date();
    const player = await newPlayer();
    const first = await payments.chatInvoice(player, 2_500);
    expect(first).toMatchObject({ amountCents: 2_500, reused: false });
    expect(first.payUrl).toContain(`/sandbox/invoice/${first.trackerId}`);
    expect(new Date(first.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const again = await payments.chatInvoice(player, 2_500);
    expect(again).toEqual({ ...first, reused: true });

    // Another amount, or another player, is another invoice.
    const other = await payments.chatInvoice(player, 1_000);
    expect(other.trackerId).not.toBe(first.trackerId);
    expect((await payments.chatInvoice(await newPlayer(), 2_500)).trackerId).not.toBe(first.trackerId);
  });

  it('does not give again an invoice with 10 minutes or less left, nor one already paid', async () => {
    clock = new Date();
    const player = await newPlayer();
    const first = await payments.chatInvoice(player, 5_000);
    clock = new Date(new Date(first.expiresAt).getTime() - INVOICE_REUSE_MIN_REMAINING_MS);
    const late = await payments.chatInvoice(player, 5_000);
    expect(late.reused).toBe(false);
    expect(late.trackerId).not.toBe(first.trackerId);

    clock = new Date();
    const payer = await newPlayer();
    const paid = await payments.chatInvoice(payer, 5_000);
    await payInvoice(paid.trackerId);
    const afterPaying = await payments.chatInvoice(payer, 5_000);
    expect(afterPaying.reused).toBe(false);
    expect(afterPaying.trackerId).not.toBe(paid.trackerId);
  });

  it('refuses an amount below the minimum deposit', async () => {
    await expect(payments.chatInvoice(await newPlayer(), 499)).rejects.toMatchObject({
      code: 'invalid_amount',
    });
  });
});

describe('attachInvoiceMessage', () => {
  it('records the message on the order and answers that the invoice is open', async () => {
    clock = new Date();
    const player = await newPlayer();
    const invoice = await payments.chatInvoice(player, 2_000);
    expect(await payments.attachInvoiceMessage(player, invoice.trackerId, player, 41)).toEqual({
      status: 'open',
      amountCents: 2_000,
      previous: null,
    });
    expect(await order(invoice.trackerId)).toMatchObject({
      status: 'pending',
      bot_chat_id: player,
      bot_message_id: '41',
    });
    // The same message again replaces nothing.
    expect((await payments.attachInvoiceMessage(player, invoice.trackerId, player, 41)).previous).toBeNull();
  });

  it('moves the reference to a newer message and answers the one it replaced', async () => {
    clock = new Date();
    const player = await newPlayer();
    const invoice = await payments.chatInvoice(player, 3_000);
    await payments.attachInvoiceMessage(player, invoice.trackerId, player, 50);
    const moved = await payments.attachInvoiceMessage(player, invoice.trackerId, player, 51);
    expect(moved.previous).toEqual({ chatId: player, messageId: 50 });
    expect(await order(invoice.trackerId)).toMatchObject({ bot_message_id: '51' });
  });

  it('answers the final state when the invoice was paid before its message was recorded', async () => {
    clock = new Date();
    const player = await newPlayer();
    const invoice = await payments.chatInvoice(player, 10_000);
    await payInvoice(invoice.trackerId);
    expect(await payments.attachInvoiceMessage(player, invoice.trackerId, player, 60)).toEqual({
      status: 'paid',
      amountCents: 10_000,
      creditedCents: 9_900,
      previous: null,
    });
  });

  it('answers expired for an invoice that expired at the provider', async () => {
    clock = new Date();
    const player = await newPlayer();
    const invoice = await payments.chatInvoice(player, 1_500);
    const { id } = await order(invoice.trackerId);
    await payments.settle(String(id), {
      providerOrderId: invoice.trackerId,
      orderId: String(id),
      kind: 'deposit',
      status: 'expired',
      providerStatus: 'expired',
      amountCents: null,
      rawAmount: null,
      rawAsset: null,
      rate: null,
      txId: null,
    });
    expect(await payments.attachInvoiceMessage(player, invoice.trackerId, player, 70)).toMatchObject({
      status: 'expired',
      amountCents: 1_500,
    });
  });

  it("touches only the player's own invoice deposits", async () => {
    clock = new Date();
    const owner = await newPlayer();
    const stranger = await newPlayer();
    const invoice = await payments.chatInvoice(owner, 2_000);
    const notFound = (promise: Promise<unknown>) =>
      expect(promise).rejects.toSatisfy(
        (error: unknown) => error instanceof SvaraError && error.code === 'not_found',
      );

    await notFound(payments.attachInvoiceMessage(stranger, invoice.trackerId, stranger, 80));
    expect(await order(invoice.trackerId)).toMatchObject({ bot_chat_id: null, bot_message_id: null });

    // A deposit address is a deposit, but not an invoice.
    const address = await payments.deposit(owner, 'USDTTON');
    await notFound(payments.attachInvoiceMessage(owner, address.trackerId, owner, 81));
    expect(await order(address.trackerId)).toMatchObject({ bot_message_id: null });

    await notFound(payments.attachInvoiceMessage(owner, 'no-such-tracker', owner, 82));
  });

  it('refuses malformed input before touching the database', async () => {
    const invalid = { code: 'validation_failed' };
    await expect(payments.attachInvoiceMessage('not-an-id', 'x', 1, 1)).rejects.toMatchObject(invalid);
    await expect(payments.attachInvoiceMessage('1', 'x', 1, 0)).rejects.toMatchObject(invalid);
  });
});
