/**
 * /deposit in the bot's chat, end to end: the api's real payments service with the sandbox merchant
 * on a fresh database, the Bot API faked. The sandbox's callbacks go nowhere here; a test that needs
 * an invoice paid pays it at the sandbox and settles the order as the callback would.
 */
import { SvaraError } from '@svara/core';
import type { InlineKeyboardButton, InlineKeyboardMarkup, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSvaraBot } from '../bot.js';
import { FakeTelegram, TEST_BOT_INFO } from '../test-support/fake-telegram.js';
import { MINIAPP_URL, recordingLogger, TEST_TOKEN, useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';

const harness = useBotHarness();

beforeAll(() => {
  // The sandbox's callbacks need an address; nothing listens there.
  harness.services.payments.useBaseUrl('http://127.0.0.1:1');
});
afterAll(async () => {
  await harness.services.payments.stop();
});

const ASK_EN =
  'How much do you want to deposit? Pick an amount or type it in dollars (from $5.00). /cancel — stop.';

function buttons(payload: Record<string, unknown>): InlineKeyboardButton[] {
  return ((payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []).flat();
}

function payUrl(payload: Record<string, unknown>): string {
  const pay = buttons(payload).find((b) => 'url' in b);
  if (!pay || !('url' in pay) || !pay.url) throw new Error('no url button');
  return pay.url;
}

interface OrderRow {
  tracker_id: string;
  id: string;
  status: string;
  amount_cents: string;
  pay_url: string;
  bot_chat_id: string | null;
  bot_message_id: string | null;
}

async function invoicesOf(userId: number): Promise<OrderRow[]> {
  const result = await harness.knex.raw<{ rows: OrderRow[] }>(
    `select tracker_id, id, status, amount_cents, pay_url, bot_chat_id, bot_message_id
       from payment_transactions where user_id = ? and method = 'invoice' order by created_at`,
    [userId],
  );
  return result.rows;
}

/** "/deposit": answers the id of the question, under which the presets are pressed. */
async function askDeposit(player: User): Promise<number> {
  await harness.handle(textUpdate(player, '/deposit'));
  return harness.telegram.lastMessageIdTo(player.id);
}

/** Invoice text in English, for an amount and its fee, payable until `expiresAt`. */
function invoiceText(amount: string, fee: string, credited: string, expiresAt: Date): string {
  return (
    `Deposit invoice\nAmount: ${amount}\nFee 1%: ${fee}\nTo your balance: ${credited}\n` +
    `Pay by ${expiresAt.toISOString().slice(11, 16)} UTC.\n\nTap “Pay” to open the payment.`
  );
}

describe('/deposit', () => {
  it('asks for the amount with the preset buttons', async () => {
    const player = telegramUser(3001, { language_code: 'en' });
    await askDeposit(player);
    const question = harness.telegram.lastTo(player.id);
    expect(question.text).toBe(ASK_EN);
    expect(buttons(question)).toEqual([
      { text: '$10.00', callback_data: 'deposit:amount:1000' },
      { text: '$25.00', callback_data: 'deposit:amount:2500' },
      { text: '$50.00', callback_data: 'deposit:amount:5000' },
      { text: '$100.00', callback_data: 'deposit:amount:10000' },
    ]);
  });

  it('speaks Russian by default', async () => {
    const player = telegramUser(3002);
    await askDeposit(player);
    expect(harness.telegram.lastTo(player.id).text).toBe(
      'На сколько пополнить баланс? Выберите сумму или напишите её в долларах (от 5,00\u00a0$). /cancel — отмена.',
    );
    await harness.handle(textUpdate(player, '/cancel'));
    expect(harness.telegram.lastTo(player.id).text).toBe('Пополнение отменено.');
  });

  it('sends one invoice message for a preset, with a Pay button to the order, and records it on the order', async () => {
    const player = telegramUser(3003, { language_code: 'en' });
    const question = await askDeposit(player);
    harness.telegram.clear();
    await harness.handle(callbackUpdate(player, 'deposit:amount:2500', question));

    expect(harness.telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    const sent = harness.telegram.callsOf('sendMessage');
    expect(sent).toHaveLength(1);
    const [order] = await invoicesOf(player.id);
    expect(order).toMatchObject({ status: 'pending', amount_cents: '2500' });
    const expiresAt = (await harness.services.payments.gateways.sandbox!.findOrder(order!.tracker_id))!
      .expiresAt!;
    expect(sent[0]!.text).toBe(invoiceText('$25.00', '$0.25', '$24.75', expiresAt));
    expect(buttons(sent[0]!)).toEqual([{ text: 'Pay', url: order!.pay_url }]);
    expect(order!.pay_url).toContain(`/sandbox/invoice/${order!.tracker_id}`);
    expect(order).toMatchObject({
      bot_chat_id: String(player.id),
      bot_message_id: String(harness.telegram.lastMessageIdTo(player.id)),
    });

    // The conversation is over: a number now is not an amount.
    await harness.handle(textUpdate(player, '40'));
    expect(await invoicesOf(player.id)).toHaveLength(1);
  });

  it('takes a typed amount: "15,5", "$20", "12.50 usd"', async () => {
    const player = telegramUser(3004, { language_code: 'en' });
    for (const [typed, cents] of [
      ['15,5', '1550'],
      ['$20', '2000'],
      ['12.50 usd', '1250'],
    ] as const) {
      await askDeposit(player);
      await harness.handle(textUpdate(player, typed));
      expect((await invoicesOf(player.id)).at(-1)!.amount_cents).toBe(cents);
    }
    expect(harness.telegram.lastTo(player.id).text).toMatch(
      /^Deposit invoice\nAmount: \$12\.50\nFee 1%: \$0\.12\n/,
    );
  });

  it('answers a bad amount clearly and asks again, until a good one', async () => {
    const player = telegramUser(3005, { language_code: 'en' });
    await askDeposit(player);
    const answers: [string, string][] = [
      ['ten dollars', 'I did not understand that amount. Type it in dollars, for example 15 or 12.50.'],
      ['4.99', 'The minimum deposit is $5.00.'],
      ['15.555', 'Dollars and cents only: at most two digits after the point.'],
      ['20000', 'One deposit can be at most $10,000.00.'],
      ['-10', 'I did not understand that amount. Type it in dollars, for example 15 or 12.50.'],
    ];
    for (const [typed, problem] of answers) {
      await harness.handle(textUpdate(player, typed));
      const reply = harness.telegram.lastTo(player.id);
      expect(reply.text).toBe(`${problem}\n\n${ASK_EN}`);
      expect(buttons(reply)).toHaveLength(4);
    }
    expect(await invoicesOf(player.id)).toEqual([]);

    await harness.handle(textUpdate(player, '5'));
    expect((await invoicesOf(player.id)).map((o) => o.amount_cents)).toEqual(['500']);
  });

  it('stops on /cancel, and leaves the question for another command', async () => {
    const player = telegramUser(3006, { language_code: 'en' });
    await askDeposit(player);
    await harness.handle(textUpdate(player, '/cancel'));
    expect(harness.telegram.lastTo(player.id).text).toBe('Deposit cancelled.');
    await harness.handle(textUpdate(player, '25'));

    await askDeposit(player);
    await harness.handle(textUpdate(player, '/balance'));
    expect(harness.telegram.lastTo(player.id).text).toBe('Your balance: $0.00');
    await harness.handle(textUpdate(player, '25'));
    expect(await invoicesOf(player.id)).toEqual([]);
  });

  it('starts from the Deposit button under /balance', async () => {
    const player = telegramUser(3007, { language_code: 'en' });
    await harness.handle(textUpdate(player, '/balance'));
    const balance = harness.telegram.lastTo(player.id);
    expect(buttons(balance)).toEqual([
      { text: 'Play', web_app: { url: MINIAPP_URL } },
      { text: 'Deposit', callback_data: 'deposit:start' },
    ]);
    await harness.handle(
      callbackUpdate(player, 'deposit:start', harness.telegram.lastMessageIdTo(player.id)),
    );
    expect(harness.telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(harness.telegram.lastTo(player.id).text).toBe(ASK_EN);
    await harness.handle(textUpdate(player, '50'));
    expect((await invoicesOf(player.id)).map((o) => o.amount_cents)).toEqual(['5000']);
  });

  it('gives an open invoice of the same amount again and retires its older message', async () => {
    const player = telegramUser(3008, { language_code: 'en' });
    await harness.handle(callbackUpdate(player, 'deposit:amount:2500', await askDeposit(player)));
    const first = harness.telegram.lastTo(player.id);
    const firstId = harness.telegram.lastMessageIdTo(player.id);
    harness.telegram.clear();

    await askDeposit(player);
    await harness.handle(textUpdate(player, '25'));
    const second = harness.telegram.lastTo(player.id);
    const secondId = harness.telegram.lastMessageIdTo(player.id);
    expect(second.text).toBe(first.text);
    expect(payUrl(second)).toBe(payUrl(first));

    const orders = await invoicesOf(player.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ bot_message_id: String(secondId) });
    // The older message keeps no Pay button and says where the invoice went.
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      {
        chat_id: String(player.id),
        message_id: firstId,
        text: 'The invoice for $25.00 is now in the newer message below.',
      },
    ]);

    // Another amount is another invoice.
    await harness.handle(callbackUpdate(player, 'deposit:amount:1000', await askDeposit(player)));
    expect(await invoicesOf(player.id)).toHaveLength(2);
  });

  it('edits the message at once when the invoice was paid before it was recorded', async () => {
    const player = telegramUser(3009, { language_code: 'en' });
    await harness.player(player);
    await harness.services.payments.creditDeposit({
      userId: String(player.id),
      trackerId: 'seed-3009',
      amountCents: 1_000,
      currency: 'USDTTON',
    });
    // A payer faster than the bot: the invoice is paid as soon as its message is sent.
    const telegram = new FakeTelegram();
    const fakeFetch = telegram.client.fetch!;
    const services = harness.services;
    const client = {
      fetch: (async (url: string, init: { body?: unknown }) => {
        const answer = await fakeFetch(url as never, init as never);
        if (url.endsWith('/sendMessage') && String(init.body).includes('Deposit invoice')) {
          const [order] = await invoicesOf(player.id);
          const snapshot = await services.payments.gateways.sandbox!.pay(order!.tracker_id);
          await services.payments.settle(order!.id, snapshot);
        }
        return answer;
      }) as unknown as typeof fakeFetch,
    };
    const { bot, notices } = createSvaraBot({
      token: TEST_TOKEN,
      botInfo: TEST_BOT_INFO,
      client,
      settings: { miniAppUrl: MINIAPP_URL, adminIds: new Set() },
      services,
      logger: recordingLogger(harness.logs),
    });
    await bot.handleUpdate(textUpdate(player, '/deposit'));
    await bot.handleUpdate(textUpdate(player, '100'));

    const [order] = await invoicesOf(player.id);
    expect(order).toMatchObject({ status: 'success' });
    const invoiceMessage = telegram.lastMessageIdTo(player.id);
    expect(order).toMatchObject({ bot_message_id: String(invoiceMessage) });
    const edits = telegram.callsOf('editMessageText');
    expect(edits).toHaveLength(1);
    // $9.90 seeded, then $100 less the 1 % fee.
    expect(edits[0]).toMatchObject({
      chat_id: player.id,
      message_id: invoiceMessage,
      text: 'Invoice for $100.00 paid ✓\n+$99.00, balance $108.90',
    });
    expect(buttons(edits[0]!)).toEqual([{ text: 'Play', web_app: { url: MINIAPP_URL } }]);
    // The plain "deposit credited" notice written at the credit is not sent as well: the deposit
    // shows once, in its invoice message.
    await notices.runOnce();
    expect(telegram.textsTo(player.id).filter((text) => text.startsWith('Deposit credited: $99.00'))).toEqual(
      [],
    );
  });

  it('says so when no provider issues invoices, before asking anything', async () => {
    const player = telegramUser(3010, { language_code: 'en' });
    const payments = harness.services.payments;
    const { bot, telegram } = harness.botWith({
      services: {
        ...harness.services,
        payments: {
          ...payments,
          methods: () => ({ ...payments.methods(), invoice: false }),
          chatInvoice: () => Promise.reject(new SvaraError('not_available', 'no provider issues invoices')),
          attachInvoiceMessage: payments.attachInvoiceMessage,
        },
      },
    });
    await bot.handleUpdate(textUpdate(player, '/deposit'));
    expect(telegram.lastTo(player.id).text).toBe('Deposits through the bot are not available right now.');
    // A preset button from an earlier question gets the same answer.
    await bot.handleUpdate(callbackUpdate(player, 'deposit:amount:1000'));
    expect(telegram.textsTo(player.id)).toEqual([
      'Deposits through the bot are not available right now.',
      'Deposits through the bot are not available right now.',
    ]);
  });

  it('still makes the invoice from a preset pressed after its question ended', async () => {
    const player = telegramUser(3011, { language_code: 'en' });
    const question = await askDeposit(player);
    await harness.handle(textUpdate(player, '/cancel'));
    await harness.handle(callbackUpdate(player, 'deposit:amount:5000', question));
    expect(harness.telegram.lastTo(player.id).text).toMatch(/^Deposit invoice\nAmount: \$50\.00\n/);
    expect((await invoicesOf(player.id)).map((o) => o.amount_cents)).toEqual(['5000']);
    // Only the amounts the bot offers.
    await harness.handle(callbackUpdate(player, 'deposit:amount:1', question));
    expect(await invoicesOf(player.id)).toHaveLength(1);
  });
});
