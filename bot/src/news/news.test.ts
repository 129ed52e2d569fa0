import type { InlineKeyboardButton, InlineKeyboardMarkup, MessageEntity, Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';

const ADMIN = telegramUser(9000, { language_code: 'en' });
const harness = useBotHarness({ adminIds: ['9000'] });

const PLAYERS = [9101, 9102, 9103, 9104, 9105].map((id) => telegramUser(id));
const NEWS = 'Weekend tournament on Saturday!';
const BOLD: MessageEntity[] = [{ type: 'bold', offset: 0, length: 18 }];

function callbackData(payload: Record<string, unknown>): string[] {
  const rows = (payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];
  return rows.flat().map((b: InlineKeyboardButton) => ('callback_data' in b ? b.callback_data : ''));
}

function documentUpdate(updateId: number): Update {
  return {
    update_id: updateId,
    message: {
      message_id: 50_000 + updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: ADMIN.id, type: 'private', first_name: ADMIN.first_name },
      from: ADMIN,
      document: { file_id: 'd', file_unique_id: 'd', file_name: 'news.pdf' },
    },
  };
}

/** The admin's photo message: two sizes, smallest first as Telegram sends them. */
function photoUpdate(caption: string, captionEntities: MessageEntity[]): Update {
  const update = documentUpdate(700_100 + Math.floor(Math.random() * 1000));
  const { document: _document, ...message } = update.message!;
  return {
    ...update,
    message: {
      ...message,
      photo: [
        { file_id: 'photo-small', file_unique_id: 's', width: 90, height: 60 },
        { file_id: 'photo-large', file_unique_id: 'l', width: 1280, height: 853 },
      ],
      caption,
      caption_entities: captionEntities,
    },
  };
}

/** Players who get broadcasts: everyone who has not blocked the bot. */
async function playerCount(): Promise<number> {
  const [row] = await harness.knex('users').whereNull('bot_blocked_at').count({ n: '*' });
  return Number(row!.n);
}

/** /news, then the text: returns the id of the confirmation message, whose buttons the admin presses. */
async function draft(text: string, entities?: MessageEntity[]): Promise<number> {
  await harness.handle(textUpdate(ADMIN, '/news'));
  await harness.handle(textUpdate(ADMIN, text, entities ? { entities } : {}));
  expect(harness.telegram.lastTo(ADMIN.id).text).toMatch(/^Recipients: \d+\. Send the news\?$/);
  return harness.telegram.lastMessageIdTo(ADMIN.id);
}

describe('/news', () => {
  it('refuses anyone who is not an admin, politely, and starts nothing', async () => {
    const player = telegramUser(9200);
    await harness.handle(textUpdate(player, '/news'));
    expect(harness.telegram.lastTo(9200).text).toBe(
      'Извините, рассылать новости могут только администраторы.',
    );
    await harness.handle(textUpdate(player, 'Free money for everyone'));
    expect(harness.telegram.lastTo(9200).text).toMatch(/^Свара — карточная игра/);
    expect(harness.svara.broadcaster.running).toBe(false);
  });

  it('asks for the post, shows it exactly as players will see it and asks to confirm', async () => {
    for (const player of PLAYERS) await harness.player(player);
    await harness.handle(textUpdate(ADMIN, '/news'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe(
      'Send the news in one message: text, or a photo with a caption. /cancel — stop.',
    );
    await harness.handle(documentUpdate(700_001));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe(
      'I need the news as text or as a photo with a caption. Send it again, or /cancel.',
    );

    await harness.handle(textUpdate(ADMIN, NEWS, { entities: BOLD }));
    const sent = harness.telegram.callsOf('sendMessage').slice(-3);
    expect(sent.map((m) => m.text)).toEqual([
      'Preview: the next message is exactly how the news will look.',
      NEWS,
      `Recipients: ${await playerCount()}. Send the news?`,
    ]);
    expect(sent[1]!.entities).toEqual(BOLD);
    // Without NEWS_CHANNEL_ID, as before the channel existed: to players, or not at all.
    expect(callbackData(sent[2]!)).toEqual(['news:send', 'news:cancel']);

    // Until a button is pressed, other messages get a reminder.
    await harness.handle(textUpdate(ADMIN, 'hello?'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe('Press a button under the preview, or /cancel.');
    await harness.handle(callbackUpdate(ADMIN, 'news:cancel', harness.telegram.lastMessageIdTo(ADMIN.id)));
  });

  it('broadcasts to every player once confirmed, at the rate limit, and reports a summary', async () => {
    const blocked = PLAYERS[2]!;
    harness.telegram.failFor(blocked.id, {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    const confirmation = await draft(NEWS, BOLD);
    const total = await playerCount();
    harness.telegram.clear();

    await harness.handle(callbackUpdate(ADMIN, 'news:send', confirmation));
    expect(harness.telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      { chat_id: ADMIN.id, message_id: confirmation, text: 'Sending… I will report when it is done.' },
    ]);
    await harness.svara.broadcaster.idle();

    const news = harness.telegram.callsOf('sendMessage').filter((m) => m.text === NEWS);
    const recipients = news.map((m) => String(m.chat_id)).sort();
    const everyone = (await harness.knex('users').select('telegram_id'))
      .map((r) => String(r.telegram_id))
      .sort();
    expect(recipients).toEqual(everyone);
    expect(news.map((m) => m.entities)).toEqual(news.map(() => BOLD));
    // Nothing anywhere else: without NEWS_CHANNEL_ID there is no channel post.
    expect(harness.telegram.calls.filter((c) => String(c.payload.chat_id).startsWith('@'))).toEqual([]);
    // The pace (25 a second) is specified with a virtual clock in broadcaster.test.ts.

    const summary = String(harness.telegram.lastTo(ADMIN.id).text);
    expect(summary).toMatch(/^Broadcast finished in \d+(\.\d)? s\./);
    expect(summary).toContain(`Delivered: ${total - 1} of ${total}\nBlocked the bot: 1\nOther failures: 0`);
  });

  it('marks the player who blocked the bot and leaves them out of the next broadcast', async () => {
    const blocked = String(PLAYERS[2]!.id);
    const blockedAt = await harness.knex('users').where({ telegram_id: blocked }).first('bot_blocked_at');
    expect(Date.now() - new Date(blockedAt!.bot_blocked_at).getTime()).toBeLessThan(60_000);
    expect(await harness.knex('users').whereNotNull('bot_blocked_at').pluck('telegram_id')).toEqual([
      blocked,
    ]);

    const confirmation = await draft('Second news');
    const total = await playerCount();
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe(`Recipients: ${total}. Send the news?`);
    harness.telegram.clear();
    await harness.handle(callbackUpdate(ADMIN, 'news:send', confirmation));
    await harness.svara.broadcaster.idle();

    const recipients = harness.telegram
      .callsOf('sendMessage')
      .filter((m) => m.text === 'Second news')
      .map((m) => String(m.chat_id));
    expect(recipients).toHaveLength(total);
    expect(recipients).not.toContain(blocked);
    expect(harness.telegram.lastTo(ADMIN.id).text).toContain(`Delivered: ${total} of ${total}\n`);
  });

  it('broadcasts a photo with its caption and formatting, the largest size by its file id', async () => {
    await harness.handle(textUpdate(ADMIN, '/news'));
    await harness.handle(
      photoUpdate(
        'Tournament!',
        BOLD.map((e) => ({ ...e, length: 11 })),
      ),
    );
    const preview = harness.telegram.callsOf('sendPhoto');
    expect(preview).toEqual([
      {
        chat_id: ADMIN.id,
        photo: 'photo-large',
        caption: 'Tournament!',
        caption_entities: [{ type: 'bold', offset: 0, length: 11 }],
      },
    ]);
    const confirmation = harness.telegram.lastMessageIdTo(ADMIN.id);
    harness.telegram.clear();
    await harness.handle(callbackUpdate(ADMIN, 'news:send', confirmation));
    await harness.svara.broadcaster.idle();

    const sent = harness.telegram.callsOf('sendPhoto');
    expect(sent.map((m) => String(m.chat_id)).sort()).toEqual(
      (await harness.knex('users').whereNull('bot_blocked_at').pluck('telegram_id')).map(String).sort(),
    );
    expect(sent.every((m) => m.photo === 'photo-large' && m.caption === 'Tournament!')).toBe(true);
    expect(harness.telegram.callsOf('sendMessage').filter((m) => m.chat_id !== ADMIN.id)).toEqual([]);
  });

  it('sends nothing when the admin cancels, by button or with /cancel', async () => {
    const confirmation = await draft('Not this one');
    harness.telegram.clear();
    await harness.handle(callbackUpdate(ADMIN, 'news:cancel', confirmation));
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      { chat_id: ADMIN.id, message_id: confirmation, text: 'The news was not sent.' },
    ]);

    await harness.handle(textUpdate(ADMIN, '/news'));
    await harness.handle(textUpdate(ADMIN, '/cancel'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe('The news was not sent.');

    await draft('Nor this one');
    await harness.handle(textUpdate(ADMIN, '/cancel'));
    expect(harness.telegram.callsOf('sendMessage').filter((m) => String(m.text).startsWith('N'))).toEqual([
      expect.objectContaining({ chat_id: ADMIN.id, text: 'Nor this one' }),
    ]);
    expect(harness.svara.broadcaster.running).toBe(false);
    // The conversation is over: the next message is an ordinary one.
    await harness.handle(textUpdate(ADMIN, '/balance'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe('Your balance: $0.00');
  });
});
