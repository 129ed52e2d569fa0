/**
 * /withdrawals end to end: the api's real payments service with the sandbox merchant, a withdrawal
 * sent to review (the account is flagged), and operators deciding it with the buttons.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';
import { utcDate, utcDateTime } from './format.js';
import { renderWithdrawalReview } from './review.js';

const OPERATOR = telegramUser(9000, { language_code: 'en', username: 'anna_op', first_name: 'Anna' });
const SECOND_OPERATOR = telegramUser(9001, {
  language_code: 'en',
  username: 'boris_op',
  first_name: 'Boris',
});
const harness = useBotHarness({ adminIds: ['9000', '9001'] });

beforeAll(() => {
  // An approved withdrawal is sent to the sandbox, whose callbacks need an address; nothing listens.
  harness.services.payments.useBaseUrl('http://127.0.0.1:1');
});
afterAll(async () => {
  await harness.services.payments.stop();
});

let nextPlayer = 7000;

/**
 * A player with $200 deposited ($198 after the fee; `depositCents` for another amount) and a
 * withdrawal of `cents` waiting for review.
 */
async function withdrawalInReview(
  cents: number,
  depositCents = 20_000,
): Promise<{ player: User; orderId: string }> {
  const player = telegramUser(++nextPlayer, { first_name: 'Ivan', last_name: 'Petrov' });
  const userId = String(player.id);
  await harness.player(player);
  const { payments } = harness.services;
  await payments.creditDeposit({
    userId,
    trackerId: `seed-${userId}`,
    amountCents: depositCents,
    currency: 'USDTTON',
  });
  await payments.admin.flagForReview(userId, true);
  const answer = await payments.withdraw(userId, {
    amountCents: cents,
    method: 'cryptobot',
    idempotencyKey: `review-${userId}`,
  });
  expect(answer.review).toBe(true);
  const [row] = await harness
    .knex('payment_transactions')
    .where({ tracker_id: answer.trackerId })
    .select('id');
  return { player, orderId: String(row!.id) };
}

/** Withdrawals the sandbox merchant was asked to send, so far. */
async function sentToMerchant(): Promise<number> {
  const [row] = await harness.knex('sandbox_orders').where({ kind: 'withdrawal' }).count({ n: '*' });
  return Number(row?.n ?? 0);
}

function buttons(payload: Record<string, unknown>): InlineKeyboardButton[] {
  return ((payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []).flat();
}

/** The operator's copy of the review message of `orderId` (their /withdrawals lists it). */
async function reviewCopy(operator: User, orderId: string): Promise<{ messageId: number; text: string }> {
  harness.telegram.clear();
  await harness.handle(textUpdate(operator, '/withdrawals'));
  const sent = harness.telegram.calls.filter(
    (c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(operator.id),
  );
  const copy = sent.find((c) =>
    buttons(c.payload).some((b) => 'callback_data' in b && b.callback_data === `wd:approve:${orderId}`),
  );
  if (!copy) throw new Error(`no review message of ${orderId} for ${operator.id}`);
  return { messageId: (copy.result as { message_id: number }).message_id, text: String(copy.payload.text) };
}

/** The last edit of a message, with its markup. */
function lastEdit(chatId: number, messageId: number): Record<string, unknown> {
  const edits = harness.telegram
    .callsOf('editMessageText')
    .filter((p) => String(p.chat_id) === String(chatId) && p.message_id === messageId);
  const last = edits[edits.length - 1];
  if (!last) throw new Error(`message ${messageId} in ${chatId} was not edited`);
  return last;
}

function answers(): Record<string, unknown>[] {
  return harness.telegram.callsOf('answerCallbackQuery');
}

describe('/withdrawals', () => {
  it('says so when nothing waits for review', async () => {
    await harness.handle(textUpdate(OPERATOR, '/withdrawals'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(
      'Nothing to review: no withdrawal is waiting for a decision.',
    );
  });

  it('shows each withdrawal under review with the player, the money and the buttons', async () => {
    const { player, orderId } = await withdrawalInReview(5_000);
    const today = new Date();
    const copy = await reviewCopy(OPERATOR, orderId);
    expect(copy.text).toMatch(
      new RegExp(
        `^${[
          '💸 Withdrawal for review: \\$50\\.00',
          `Player: Ivan Petrov \\(@player${player.id}\\), id ${player.id}`,
          `To @CryptoBot, Telegram id ${player.id}`,
          `Account age: 0 d \\(since ${utcDate(today)}\\)`,
          'Deposited: \\$200\\.00 · withdrawn: \\$0\\.00',
          'Recent tables: none',
          'Why review: account flagged for review',
          'Requested: \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC',
        ].join('\\n')}$`,
      ),
    );
    const sent = harness.telegram.lastTo(OPERATOR.id);
    expect(buttons(sent)).toEqual([
      { text: '✅ Approve', callback_data: `wd:approve:${orderId}` },
      { text: '❌ Reject', callback_data: `wd:reject:${orderId}` },
    ]);

    // The same message, for the notice outbox to post when a withdrawal enters review.
    const rendered = await renderWithdrawalReview(harness.services.desk, orderId, 'en');
    expect(rendered).toEqual({ text: copy.text, reply_markup: sent.reply_markup });
    const russian = await renderWithdrawalReview(harness.services.desk, orderId, 'ru');
    expect(russian?.text).toMatch(/^💸 Вывод на проверке: 50,00\u00a0\$\nИгрок: Ivan Petrov/);
  });

  it('approves with a press: the message shows who decided and when, without the buttons', async () => {
    const { orderId } = await withdrawalInReview(3_000);
    const copy = await reviewCopy(OPERATOR, orderId);
    await harness.handle(callbackUpdate(OPERATOR, `wd:approve:${orderId}`, copy.messageId));

    const [row] = await harness
      .knex('payment_transactions')
      .where({ id: orderId })
      .select('status', 'decided_by');
    expect(row).toMatchObject({ status: 'pending', decided_by: '9000' });
    const edit = lastEdit(OPERATOR.id, copy.messageId);
    expect(String(edit.text)).toMatch(
      new RegExp(
        `^${escape(copy.text)}\\n\\n✅ Approved by @anna_op \\(9000\\), \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`,
      ),
    );
    expect(edit.reply_markup).toBeUndefined();
    expect(answers().at(-1)).toMatchObject({
      text: 'Approved: the withdrawal is being sent.',
      show_alert: false,
    });
    // No longer in review: nothing for the outbox to post, and the queue no longer lists it.
    expect(await renderWithdrawalReview(harness.services.desk, orderId, 'en')).toBeNull();
  });

  it('decides once when two operators press Approve at once; both messages show that one decision', async () => {
    const { orderId } = await withdrawalInReview(2_500);
    const first = await reviewCopy(OPERATOR, orderId);
    const second = await reviewCopy(SECOND_OPERATOR, orderId);
    const sentBefore = await sentToMerchant();
    harness.telegram.clear();

    const presses = new Map([
      [OPERATOR, callbackUpdate(OPERATOR, `wd:approve:${orderId}`, first.messageId)],
      [SECOND_OPERATOR, callbackUpdate(SECOND_OPERATOR, `wd:approve:${orderId}`, second.messageId)],
    ]);
    await Promise.all([...presses.values()].map((update) => harness.handle(update)));

    const [row] = await harness
      .knex('payment_transactions')
      .where({ id: orderId })
      .select('status', 'decided_by');
    expect(row!.status).toBe('pending');
    const winner = row!.decided_by === '9000' ? OPERATOR : SECOND_OPERATOR;
    const loser = winner === OPERATOR ? SECOND_OPERATOR : OPERATOR;
    // Sent to the merchant once.
    expect((await sentToMerchant()) - sentBefore).toBe(1);

    const shown = [lastEdit(OPERATOR.id, first.messageId), lastEdit(SECOND_OPERATOR.id, second.messageId)];
    expect(shown[0]!.text).toBe(shown[1]!.text);
    expect(String(shown[0]!.text)).toContain(`\n\n✅ Approved by @${winner.username} (${winner.id}), `);
    expect(shown.map((edit) => edit.reply_markup)).toEqual([undefined, undefined]);
    const answerTo = (operator: User) =>
      answers().find((a) => a.callback_query_id === presses.get(operator)!.callback_query!.id);
    expect(answerTo(winner)).toMatchObject({
      text: 'Approved: the withdrawal is being sent.',
      show_alert: false,
    });
    expect(answerTo(loser)).toMatchObject({
      text: `Already decided by @${winner.username} (${winner.id}).`,
      show_alert: true,
    });
  });

  it('rejects with the reason chosen, returns the money and tells the player why', async () => {
    const { player, orderId } = await withdrawalInReview(4_000);
    const userId = String(player.id);
    expect(await harness.services.ledger.walletBalance(userId)).toBe(19_800 - 4_000);
    const copy = await reviewCopy(OPERATOR, orderId);
    // Reject first asks why: the preset reasons, the operator's own words, or back.
    await harness.handle(callbackUpdate(OPERATOR, `wd:reject:${orderId}`, copy.messageId));
    expect(await harness.services.ledger.walletBalance(userId)).toBe(19_800 - 4_000);
    const markup = harness.telegram.callsOf('editMessageReplyMarkup').at(-1)!;
    expect(buttons(markup).map((b) => b.text)).toEqual([
      'Identity check needed',
      'Problem with the address',
      'Breaks the user agreement',
      'Duplicate request',
      '✍️ In my own words',
      '← Back',
    ]);
    expect(answers().at(-1)).toMatchObject({ text: 'Choose the reason the player will read.' });
    await harness.handle(callbackUpdate(OPERATOR, `wd:rj:verification:${orderId}`, copy.messageId));

    expect(await harness.services.ledger.walletBalance(userId)).toBe(19_800);
    const [row] = await harness
      .knex('payment_transactions')
      .where({ id: orderId })
      .select('status', 'decided_by', 'reject_preset');
    expect(row).toMatchObject({ status: 'canceled', decided_by: '9000', reject_preset: 'verification' });
    expect(String(lastEdit(OPERATOR.id, copy.messageId).text)).toMatch(
      /\n\n❌ Rejected by @anna_op \(9000\), \d{4}-\d\d-\d\d \d\d:\d\d UTC\nReason given to the player: Identity check needed$/,
    );
    // The player reads the reason in their language (Russian here, the default).
    await harness.svara.notices.runOnce();
    expect(harness.telegram.lastTo(player.id).text).toBe(
      'Вывод 40,00\u00a0$ отклонён после проверки. Деньги вернулись на ваш баланс.\n' +
        'Причина: Нужно подтвердить вашу личность: напишите в поддержку.',
    );
    expect(answers().at(-1)).toMatchObject({ text: "Rejected: the money is back on the player's balance." });

    // A later press on an old copy decides nothing and shows the outcome.
    await harness.handle(callbackUpdate(SECOND_OPERATOR, `wd:approve:${orderId}`, 4242));
    expect(answers().at(-1)).toMatchObject({
      text: 'Already decided by @anna_op (9000).',
      show_alert: true,
    });
    expect(String(lastEdit(SECOND_OPERATOR.id, 4242).text)).toContain('❌ Rejected by @anna_op (9000)');
    expect(await harness.services.ledger.walletBalance(userId)).toBe(19_800);
  });

  it('rejects in the operator’s own words, which the player reads as written', async () => {
    const { player, orderId } = await withdrawalInReview(1_500);
    const copy = await reviewCopy(OPERATOR, orderId);
    await harness.handle(callbackUpdate(OPERATOR, `wd:reject:${orderId}`, copy.messageId));
    await harness.handle(callbackUpdate(OPERATOR, `wd:note:${orderId}`, copy.messageId));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toMatch(/^Why is the withdrawal rejected\?/);
    await harness.handle(textUpdate(OPERATOR, 'Send it to a wallet you own, not an exchange'));

    const [row] = await harness
      .knex('payment_transactions')
      .where({ id: orderId })
      .select('status', 'reject_note');
    expect(row).toMatchObject({
      status: 'canceled',
      reject_note: 'Send it to a wallet you own, not an exchange',
    });
    expect(String(lastEdit(OPERATOR.id, copy.messageId).text)).toMatch(
      /\nReason given to the player: Send it to a wallet you own, not an exchange$/,
    );
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(
      "Rejected: the money is back on the player's balance.",
    );
    const [item] = await harness.services.payments.history(String(player.id), String(player.id));
    expect(item).toMatchObject({
      status: 'canceled',
      rejection: { preset: null, note: 'Send it to a wallet you own, not an exchange' },
    });
  });

  it('asks once more before approving a large withdrawal', async () => {
    // Over the review limit ($500): it waits for review whatever the account.
    const { orderId } = await withdrawalInReview(60_000, 70_000);
    const copy = await reviewCopy(OPERATOR, orderId);
    const sentBefore = await sentToMerchant();
    await harness.handle(callbackUpdate(OPERATOR, `wd:approve:${orderId}`, copy.messageId));
    const status = async () =>
      (await harness.knex('payment_transactions').where({ id: orderId }).first('status'))!.status;
    expect(await status()).toBe('review');
    expect(buttons(harness.telegram.callsOf('editMessageReplyMarkup').at(-1)!)).toEqual([
      { text: '✅ Yes, send $600.00', callback_data: `wd:confirm:${orderId}` },
      { text: '← Back', callback_data: `wd:back:${orderId}` },
    ]);
    expect(answers().at(-1)).toMatchObject({ text: 'A large amount: press once more to approve.' });

    // Back shows the card's buttons again; nothing was decided.
    await harness.handle(callbackUpdate(OPERATOR, `wd:back:${orderId}`, copy.messageId));
    expect(buttons(lastEdit(OPERATOR.id, copy.messageId)).map((b) => b.text)).toEqual([
      '✅ Approve',
      '❌ Reject',
    ]);
    expect(await status()).toBe('review');

    await harness.handle(callbackUpdate(OPERATOR, `wd:approve:${orderId}`, copy.messageId));
    await harness.handle(callbackUpdate(OPERATOR, `wd:confirm:${orderId}`, copy.messageId));
    expect(await status()).toBe('pending');
    expect((await sentToMerchant()) - sentBefore).toBe(1);
    expect(String(lastEdit(OPERATOR.id, copy.messageId).text)).toContain('✅ Approved by @anna_op (9000)');
  });

  it("shows a suspension on the card and refuses to approve a suspended player's withdrawal", async () => {
    const { player, orderId } = await withdrawalInReview(2_100);
    const copy = await reviewCopy(OPERATOR, orderId);
    await harness.services.suspension.suspend(String(player.id), '9001', 'Fraud check pending');
    const sentBefore = await sentToMerchant();

    // The Approve of the copy posted before the suspension is refused, and says why.
    await harness.handle(callbackUpdate(OPERATOR, `wd:approve:${orderId}`, copy.messageId));
    expect(answers().at(-1)).toMatchObject({
      text: "Not approved: the player's account is suspended. Unsuspend them with /user first, or reject the withdrawal.",
      show_alert: true,
    });
    expect((await harness.knex('payment_transactions').where({ id: orderId }).first('status'))!.status).toBe(
      'review',
    );
    expect((await sentToMerchant()) - sentBefore).toBe(0);
    const shown = lastEdit(OPERATOR.id, copy.messageId);
    expect(String(shown.text)).toMatch(
      /\n\n⛔ The account is suspended \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\): Fraud check pending\. Approval is blocked/,
    );
    // Only Reject is left.
    expect(buttons(shown)).toEqual([{ text: '❌ Reject', callback_data: `wd:reject:${orderId}` }]);
    // A new copy (/withdrawals) says so from the start.
    harness.telegram.clear();
    await harness.handle(textUpdate(SECOND_OPERATOR, '/withdrawals'));
    const listed = harness.telegram
      .callsOf('sendMessage')
      .find((p) =>
        buttons(p).some((b) => 'callback_data' in b && b.callback_data === `wd:reject:${orderId}`),
      );
    expect(String(listed?.text)).toContain('⛔ The account is suspended');
    expect(buttons(listed!)).toHaveLength(1);
  });

  it('edits every copy of the review message, every operator’s, to the decision', async () => {
    const { orderId } = await withdrawalInReview(2_200);
    // Each operator was told when it entered review; Anna also listed it with /withdrawals.
    harness.telegram.clear();
    await harness.svara.notices.runOnce();
    const noticeCopy = (operator: User) => {
      const call = harness.telegram.calls
        .filter((c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(operator.id))
        .find((c) =>
          buttons(c.payload).some((b) => 'callback_data' in b && b.callback_data === `wd:approve:${orderId}`),
        );
      if (!call) throw new Error(`no review notice for ${operator.id}`);
      return (call.result as { message_id: number }).message_id;
    };
    const annaNotice = noticeCopy(OPERATOR);
    const borisNotice = noticeCopy(SECOND_OPERATOR);
    const annaListed = await reviewCopy(OPERATOR, orderId);

    await harness.handle(callbackUpdate(OPERATOR, `wd:reject:${orderId}`, annaListed.messageId));
    await harness.handle(callbackUpdate(OPERATOR, `wd:rj:duplicate:${orderId}`, annaListed.messageId));
    await harness.svara.notices.runOnce();

    for (const [operator, messageId] of [
      [OPERATOR, annaListed.messageId],
      [OPERATOR, annaNotice],
      [SECOND_OPERATOR, borisNotice],
    ] as const) {
      const edit = lastEdit(operator.id, messageId);
      expect(String(edit.text)).toContain('❌ Rejected by @anna_op (9000)');
      expect(edit.reply_markup).toBeUndefined();
    }
  });

  it('refuses a player politely, shows them nothing and lets their presses decide nothing', async () => {
    const { orderId } = await withdrawalInReview(1_000);
    const stranger = telegramUser(7900);
    harness.telegram.clear();
    await harness.handle(textUpdate(stranger, '/withdrawals'));
    expect(harness.telegram.textsTo(stranger.id)).toEqual(['Извините, эта команда только для операторов.']);

    await harness.handle(callbackUpdate(stranger, `wd:approve:${orderId}`, 77));
    expect(answers()).toEqual([
      { callback_query_id: expect.any(String), text: 'Извините, эта команда только для операторов.' },
    ]);
    expect(harness.telegram.callsOf('editMessageText')).toEqual([]);
    const [row] = await harness
      .knex('payment_transactions')
      .where({ id: orderId })
      .select('status', 'decided_by');
    expect(row).toMatchObject({ status: 'review', decided_by: null });
    // Times are shown in UTC.
    expect(utcDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04 UTC');
  });
});

/** `text` as a literal part of a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
