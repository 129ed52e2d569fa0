/**
 * The notice outbox, from the bot's side: what the api wrote reaches the player once, in their
 * language, through Telegram being away, the bot restarting, a player blocking the bot, and two
 * drains (two nodes) working at once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxNotice } from '@svara/core';
import { enqueueNotices, noticesFor } from '../../../api/src/notices/outbox.js';
import { createSvaraBot } from '../bot.js';
import { FakeTelegram, TEST_BOT_INFO } from '../test-support/fake-telegram.js';
import { MINIAPP_URL, recordingLogger, TEST_TOKEN, useBotHarness } from '../test-support/harness.js';
import { telegramUser, textUpdate } from '../test-support/updates.js';

const harness = useBotHarness();
let nextKey = 0;

function notice(chatId: number, rest: Omit<OutboxNotice, 'chatId' | 'dedupeKey'>): OutboxNotice {
  return { chatId: String(chatId), dedupeKey: `test:${++nextKey}`, ...rest } as OutboxNotice;
}

const withdrawalSent = (chatId: number, amountCents = 1_000) =>
  notice(chatId, { kind: 'withdrawal_sent', params: { amountCents } });

async function statusesOf(chatId: number) {
  return (await noticesFor(harness.knex, String(chatId))).map((n) => n.status);
}

/** Another node's (or a restarted process's) bot on the same database and the same Telegram. */
function anotherBot(telegram: FakeTelegram) {
  return createSvaraBot({
    token: TEST_TOKEN,
    botInfo: TEST_BOT_INFO,
    client: telegram.client,
    settings: { miniAppUrl: MINIAPP_URL, adminIds: new Set() },
    services: harness.services,
    logger: recordingLogger([]),
    notices: { backoffMs: () => 0 },
  });
}

beforeEach(async () => {
  await harness.knex.raw('delete from bot_notices');
});

describe('the notice drain', () => {
  it('sends a notice once, in the player’s language, with the balance as it is now and a Play button', async () => {
    await harness.player(telegramUser(2000, { language_code: 'en' }));
    await harness.services.payments.creditDeposit({
      userId: '2000',
      trackerId: 'drain-2000',
      amountCents: 5_000,
      currency: 'USDTTON',
    });
    expect(await harness.svara.notices.runOnce()).toEqual(['sent']);
    expect(await harness.svara.notices.runOnce()).toEqual([]);
    const sent = harness.telegram.callsOf('sendMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      chat_id: '2000',
      text: 'Deposit credited: $49.50 (USDT). Your balance: $49.50.',
      reply_markup: { inline_keyboard: [[{ web_app: { url: MINIAPP_URL } }]] },
    });
    expect(await statusesOf(2000)).toEqual(['sent']);
  });

  it('writes Russian to a player it does not know', async () => {
    await enqueueNotices(harness.knex, [
      notice(2001, { kind: 'referral_bonus', params: { amountCents: 150 } }),
    ]);
    await harness.svara.notices.runOnce();
    expect(harness.telegram.lastTo(2001).text).toBe('Реферальный бонус: +1,50\u00a0$.');
  });

  it('tells a player their Sit & Go started, with a button that opens the Mini App at its table', async () => {
    await harness.player(telegramUser(2002, { language_code: 'en' }));
    const roomId = '4f0c2d1e-9a8b-4c7d-8e6f-5a4b3c2d1e0f';
    await enqueueNotices(harness.knex, [
      notice(2002, {
        kind: 'tournament_started',
        params: { tournamentId: 't-1', roomId, name: 'Sit & Go Bronze' },
      }),
    ]);
    await harness.svara.notices.runOnce();
    const sent = harness.telegram.lastTo(2002);
    expect(sent.text).toBe(
      'Your Sit & Go “Sit & Go Bronze” has started and your seat is waiting. Tap the button to open the table.',
    );
    const url = new URL(MINIAPP_URL);
    url.searchParams.set('tgWebAppStartParam', `join_${roomId}_2002`);
    expect(sent.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open the table', web_app: { url: url.toString() } }]],
    });
  });

  it('keeps a notice through Telegram being away and a restart of the bot, then sends it once', async () => {
    await harness.player(telegramUser(2010));
    await enqueueNotices(harness.knex, [withdrawalSent(2010)]);
    harness.telegram.offline = true;
    expect(await harness.svara.notices.runOnce()).toEqual(['retry']);
    expect(await statusesOf(2010)).toEqual(['pending']);
    harness.logs.length = 0;

    // The process restarts: a new bot on the same database, Telegram reachable again. The pause
    // before the next attempt has passed (the test's backoff is zero).
    await harness.knex.raw(`update bot_notices set next_attempt_at = now() where chat_id = 2010`);
    const telegram = new FakeTelegram();
    const restarted = anotherBot(telegram);
    expect(await restarted.notices.runOnce()).toEqual(['sent']);
    expect(await restarted.notices.runOnce()).toEqual([]);
    expect(telegram.textsTo(2010)).toEqual(['Вывод 10,00\u00a0$ отправлен.']);
    expect(await statusesOf(2010)).toEqual(['sent']);
  });

  it('waits longer after each failure and gives up after the last attempt', async () => {
    await enqueueNotices(harness.knex, [withdrawalSent(2020)]);
    harness.telegram.offline = true;
    const row = () =>
      harness.knex
        .raw<{ rows: { attempts: number; wait: string }[] }>(
          `select attempts, extract(epoch from next_attempt_at - now()) as wait from bot_notices where chat_id = 2020`,
        )
        .then((r) => r.rows[0]!);
    await harness.svara.notices.runOnce();
    const first = await row();
    await harness.knex.raw(`update bot_notices set next_attempt_at = now() where chat_id = 2020`);
    await harness.svara.notices.runOnce();
    const second = await row();
    expect(second.attempts).toBe(2);
    expect(Number(second.wait)).toBeGreaterThan(Number(first.wait));

    await harness.knex.raw(
      `update bot_notices set attempts = 11, next_attempt_at = now() where chat_id = 2020`,
    );
    expect(await harness.svara.notices.runOnce()).toEqual(['failed']);
    expect(await statusesOf(2020)).toEqual(['failed']);
    expect(harness.logs.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([
      'notice not delivered; giving up',
    ]);
    harness.logs.length = 0;
  });

  it('marks a player who blocked the bot, sends them nothing more, and resumes when they write again', async () => {
    await harness.player(telegramUser(2030));
    await enqueueNotices(harness.knex, [withdrawalSent(2030)]);
    harness.telegram.failFor(2030, {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(await harness.svara.notices.runOnce()).toEqual(['blocked']);
    const blockedAt = async () =>
      (
        await harness.knex.raw<{ rows: { at: Date | null }[] }>(
          `select bot_blocked_at as at from users where telegram_id = 2030`,
        )
      ).rows[0]!.at;
    expect(await blockedAt()).not.toBeNull();

    await enqueueNotices(harness.knex, [withdrawalSent(2030, 2_000)]);
    expect(await harness.svara.notices.runOnce()).toEqual(['blocked']);
    expect(harness.telegram.callsOf('sendMessage')).toHaveLength(1);

    await harness.handle(textUpdate(telegramUser(2030), '/balance'));
    expect(await blockedAt()).toBeNull();
    await enqueueNotices(harness.knex, [withdrawalSent(2030, 3_000)]);
    expect(await harness.svara.notices.runOnce()).toEqual(['sent']);
    expect(await statusesOf(2030)).toEqual(['blocked', 'blocked', 'sent']);
  });

  it('gives up at once on a request Telegram refuses', async () => {
    await enqueueNotices(harness.knex, [withdrawalSent(2040)]);
    harness.telegram.failFor(2040, { error_code: 400, description: 'Bad Request: message text is empty' });
    expect(await harness.svara.notices.runOnce()).toEqual(['failed']);
    expect(await statusesOf(2040)).toEqual(['failed']);
    harness.logs.length = 0;
  });

  it('waits out a 429 inside the API client and then sends', async () => {
    await enqueueNotices(harness.knex, [withdrawalSent(2045)]);
    harness.telegram.failFor(2045, {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    });
    const started = Date.now();
    expect(await harness.svara.notices.runOnce()).toEqual(['sent']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(harness.telegram.callsOf('sendMessage')).toHaveLength(2);
  });

  it('lets a notice too old to matter expire unsent', async () => {
    await enqueueNotices(harness.knex, [withdrawalSent(2050)]);
    await harness.knex.raw(
      `update bot_notices set created_at = now() - interval '4 days' where chat_id = 2050`,
    );
    expect(await harness.svara.notices.runOnce()).toEqual(['expired']);
    expect(harness.telegram.calls).toEqual([]);
  });

  it('never sends one notice twice when two drains (two nodes) run at once', async () => {
    await enqueueNotices(
      harness.knex,
      Array.from({ length: 30 }, (_, i) => withdrawalSent(2100 + i)),
    );
    const other = anotherBot(harness.telegram);
    const outcomes = await Promise.all([
      harness.svara.notices.runOnce(),
      other.notices.runOnce(),
      harness.svara.notices.runOnce(),
      other.notices.runOnce(),
    ]);
    expect(outcomes.flat()).toHaveLength(30);
    const chats = harness.telegram.callsOf('sendMessage').map((p) => String(p.chat_id));
    expect(chats).toHaveLength(30);
    expect(new Set(chats).size).toBe(30);
  });

  it('writes a notice once however often it is enqueued', async () => {
    const once = withdrawalSent(2060);
    await enqueueNotices(harness.knex, [once]);
    await enqueueNotices(harness.knex, [once]);
    await harness.svara.notices.runOnce();
    expect(harness.telegram.textsTo(2060)).toHaveLength(1);
  });

  it('is woken by the api when notices are written, without waiting for its poll', async () => {
    const stop = harness.services.outbox.onWritten(() => harness.svara.notices.wake());
    harness.svara.notices.start();
    try {
      await harness.svara.notices.runOnce();
      await harness.player(telegramUser(2070));
      await harness.services.payments.creditDeposit({
        userId: '2070',
        trackerId: 'drain-2070',
        amountCents: 1_000,
        currency: 'USDTTON',
      });
      await expect.poll(() => harness.telegram.textsTo(2070).length, { timeout: 1_000 }).toBe(1);
    } finally {
      stop();
      await harness.svara.notices.stop();
    }
  });
});

describe('an invoice paid in the bot’s chat', () => {
  it('edits the invoice message rather than sending another', async () => {
    await harness.player(telegramUser(2200, { language_code: 'en' }));
    await enqueueNotices(harness.knex, [
      notice(2200, {
        kind: 'invoice_paid',
        params: { messageId: 77, amountCents: 2_500, creditedCents: 2_475 },
      }),
    ]);
    await harness.svara.notices.runOnce();
    expect(harness.telegram.callsOf('sendMessage')).toEqual([]);
    const [edit] = harness.telegram.callsOf('editMessageText');
    expect(edit).toMatchObject({ chat_id: '2200', message_id: 77 });
    expect(String(edit!.text)).toContain('$24.75');
  });

  it('sends the same text as a new message when the invoice message is gone', async () => {
    await enqueueNotices(harness.knex, [
      notice(2210, {
        kind: 'invoice_paid',
        params: { messageId: 78, amountCents: 2_500, creditedCents: 2_475 },
      }),
    ]);
    harness.telegram.failFor(2210, {
      error_code: 400,
      description: 'Bad Request: message to edit not found',
    });
    expect(await harness.svara.notices.runOnce()).toEqual(['sent']);
    expect(harness.telegram.callsOf('sendMessage')).toHaveLength(1);
  });
});

describe('the outbox’s history', () => {
  it('forgets finished notices after 30 days and keeps pending ones however old', async () => {
    await enqueueNotices(harness.knex, [withdrawalSent(2300), withdrawalSent(2301)]);
    await harness.knex.raw(
      `update bot_notices set created_at = now() - interval '31 days',
         status = case when chat_id = 2300 then 'sent' else 'pending' end,
         next_attempt_at = now() + interval '1 hour'`,
    );
    // A fresh drain prunes on its first round.
    await anotherBot(new FakeTelegram()).notices.runOnce();
    expect(await statusesOf(2300)).toEqual([]);
    expect(await statusesOf(2301)).toEqual(['pending']);
  });
});
