/**
 * /user end to end: a player's card for operators, and Suspend (with a reason the bot asks for) and
 * Unsuspend through the api's real suspension service.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';
import { utcDate } from './format.js';

const OPERATOR = telegramUser(9000, { language_code: 'en', username: 'anna_op' });
const harness = useBotHarness({ adminIds: ['9000'] });

let nextPlayer = 8000;

/** A player who deposited $50 ($49.50 after the fee). */
async function fundedPlayer() {
  const player = telegramUser(++nextPlayer, { first_name: 'Olga', username: `olga_${nextPlayer}` });
  await harness.player(player);
  await harness.services.payments.creditDeposit({
    userId: String(player.id),
    trackerId: `seed-${player.id}`,
    amountCents: 5_000,
    currency: 'USDTTON',
  });
  return player;
}

function buttons(payload: Record<string, unknown>): InlineKeyboardButton[] {
  return ((payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []).flat();
}

function lastEdit(chatId: number, messageId: number): Record<string, unknown> {
  const edits = harness.telegram
    .callsOf('editMessageText')
    .filter((p) => String(p.chat_id) === String(chatId) && p.message_id === messageId);
  const last = edits.at(-1);
  if (!last) throw new Error(`message ${messageId} was not edited`);
  return last;
}

describe('/user', () => {
  it('shows a player by @username or id: balances, payments, tables, status, and Suspend', async () => {
    const player = await fundedPlayer();
    await harness.handle(textUpdate(OPERATOR, `/user @${player.username!.toUpperCase()}`));
    const card = harness.telegram.lastTo(OPERATOR.id);
    expect(String(card.text)).toMatch(
      new RegExp(
        `^${[
          `👤 Olga \\(@${player.username}\\), id ${player.id}`,
          `Joined: ${utcDate(new Date())} \\(0 d ago\\)`,
          'Status: active',
          'Balance: \\$49\\.50 · referral balance: \\$0\\.00',
          'Deposited: \\$50\\.00 · withdrawn: \\$0\\.00',
          'Tables played: 0 \\(0 hands\\)',
          'Last payments:',
          '• \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC deposit \\$50\\.00: success',
        ].join('\\n')}$`,
      ),
    );
    expect(buttons(card)).toEqual([{ text: '⛔ Suspend', callback_data: `us:suspend:${player.id}` }]);

    await harness.handle(textUpdate(OPERATOR, `/user ${player.id}`));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(card.text);
  });

  it('answers plainly for nobody and shows how to ask', async () => {
    await harness.handle(textUpdate(OPERATOR, '/user 123456789'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe('No player 123456789.');
    await harness.handle(textUpdate(OPERATOR, '/user @nobody_at_all'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe('No player @nobody_at_all.');
    await harness.handle(textUpdate(OPERATOR, '/user'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(
      'Send /user followed by a Telegram id or @username, e.g. /user 123456789 or /user @name.',
    );
  });

  it('suspends with the reason the operator gives, and shows it on the card; Unsuspend lifts it', async () => {
    const player = await fundedPlayer();
    const userId = String(player.id);
    await harness.handle(textUpdate(OPERATOR, `/user ${player.id}`));
    const cardId = harness.telegram.lastMessageIdTo(OPERATOR.id);

    await harness.handle(callbackUpdate(OPERATOR, `us:suspend:${player.id}`, cardId));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(
      `Why suspend Olga (@${player.username})? Send the reason in one message: the player will see it. /cancel — leave the account as it is.`,
    );
    // Other commands still work while the bot waits for the reason; an empty reason is refused.
    await harness.handle(textUpdate(OPERATOR, '/user 123456789'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe('No player 123456789.');
    await harness.handle(textUpdate(OPERATOR, '   '));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe(
      'The reason must be text of 1 to 500 characters. Send it again, or /cancel.',
    );
    await harness.handle(textUpdate(OPERATOR, 'Chargeback on the last deposit'));

    expect(await harness.services.suspension.status(userId)).toMatchObject({
      reason: 'Chargeback on the last deposit',
      by: '9000',
    });
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe('Suspended.');
    const suspended = lastEdit(OPERATOR.id, cardId);
    expect(String(suspended.text)).toMatch(
      /\n⛔ Suspended \d{4}-\d\d-\d\d \d\d:\d\d UTC by 9000: Chargeback on the last deposit\n/,
    );
    expect(buttons(suspended)).toEqual([
      { text: '✅ Unsuspend', callback_data: `us:unsuspend:${player.id}` },
    ]);
    // The suspension holds in the api: no withdrawal.
    await expect(
      harness.services.payments.withdraw(userId, {
        amountCents: 1_000,
        method: 'cryptobot',
        idempotencyKey: 'k-1',
      }),
    ).rejects.toMatchObject({ code: 'account_suspended' });

    await harness.handle(callbackUpdate(OPERATOR, `us:unsuspend:${player.id}`, cardId));
    expect(await harness.services.suspension.status(userId)).toBeNull();
    const lifted = lastEdit(OPERATOR.id, cardId);
    expect(String(lifted.text)).toContain('\nStatus: active\n');
    expect(buttons(lifted)).toEqual([{ text: '⛔ Suspend', callback_data: `us:suspend:${player.id}` }]);
    expect(harness.telegram.callsOf('answerCallbackQuery').at(-1)).toMatchObject({ text: 'Unsuspended.' });
  });

  it('leaves the account as it is on /cancel', async () => {
    const player = await fundedPlayer();
    await harness.handle(textUpdate(OPERATOR, `/user ${player.id}`));
    const cardId = harness.telegram.lastMessageIdTo(OPERATOR.id);
    await harness.handle(callbackUpdate(OPERATOR, `us:suspend:${player.id}`, cardId));
    await harness.handle(textUpdate(OPERATOR, '/cancel'));
    expect(harness.telegram.lastTo(OPERATOR.id).text).toBe('Not suspended.');
    expect(await harness.services.suspension.status(String(player.id))).toBeNull();
    // The conversation is over: the next text is an ordinary message again.
    await harness.handle(textUpdate(OPERATOR, 'Fraud'));
    expect(await harness.services.suspension.status(String(player.id))).toBeNull();
  });

  it('still takes the reason after a restart of the bot', async () => {
    const player = await fundedPlayer();
    await harness.handle(textUpdate(OPERATOR, `/user ${player.id}`));
    const cardId = harness.telegram.lastMessageIdTo(OPERATOR.id);
    await harness.handle(callbackUpdate(OPERATOR, `us:suspend:${player.id}`, cardId));

    // A new process: a new bot on the same database, which keeps the conversations.
    const { bot, telegram } = harness.botWith({ adminIds: ['9000'] });
    await bot.handleUpdate(textUpdate(OPERATOR, 'Multiple accounts'));
    expect(await harness.services.suspension.status(String(player.id))).toMatchObject({
      reason: 'Multiple accounts',
    });
    expect(telegram.lastTo(OPERATOR.id).text).toBe('Suspended.');
    expect(telegram.callsOf('editMessageText').at(-1)).toMatchObject({
      chat_id: OPERATOR.id,
      message_id: cardId,
    });
  });

  it('refuses a player politely, and their presses change nothing', async () => {
    const player = await fundedPlayer();
    const stranger = telegramUser(8900);
    await harness.handle(textUpdate(stranger, `/user ${player.id}`));
    expect(harness.telegram.textsTo(stranger.id)).toEqual(['Извините, эта команда только для операторов.']);
    await harness.handle(callbackUpdate(stranger, `us:suspend:${player.id}`, 5));
    await harness.handle(textUpdate(stranger, 'Cheater'));
    expect(await harness.services.suspension.status(String(player.id))).toBeNull();
    expect(harness.telegram.callsOf('editMessageText')).toEqual([]);
  });
});
