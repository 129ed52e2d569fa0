import type { InlineKeyboardButton, InlineKeyboardMarkup, MessageEntity, Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../test-support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../test-support/updates.js';

const CHANNEL = '@svara_news';
const ADMIN = telegramUser(9000, { language_code: 'en' });
const harness = useBotHarness({ adminIds: ['9000'], newsChannelId: CHANNEL });

const PLAYERS = [9301, 9302, 9303].map((id) => telegramUser(id));
const NEWS = 'New tables tonight';
const BOLD: MessageEntity[] = [{ type: 'bold', offset: 0, length: 10 }];

function buttons(payload: Record<string, unknown>): InlineKeyboardButton[] {
  return ((payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []).flat();
}

let nextPhotoUpdate = 800_000;
/** The admin's photo with a caption; Telegram lists the sizes smallest first. */
function photoUpdate(caption: string, captionEntities: MessageEntity[]): Update {
  const id = nextPhotoUpdate++;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: ADMIN.id, type: 'private', first_name: ADMIN.first_name },
      from: ADMIN,
      photo: [
        { file_id: 'poster-small', file_unique_id: 's', width: 90, height: 60 },
        { file_id: 'poster', file_unique_id: 'l', width: 1280, height: 853 },
      ],
      caption,
      caption_entities: captionEntities,
    },
  };
}

/** Calls addressed to the channel. */
function channelCalls() {
  return harness.telegram.calls.filter((c) => c.payload.chat_id === CHANNEL);
}

async function playerCount(): Promise<number> {
  const [row] = await harness.knex('users').whereNull('bot_blocked_at').count({ n: '*' });
  return Number(row!.n);
}

/** /news and the post; returns the id of the question whose buttons choose where it goes. */
async function draft(post: Update): Promise<number> {
  await harness.handle(textUpdate(ADMIN, '/news'));
  await harness.handle(post);
  return harness.telegram.lastMessageIdTo(ADMIN.id);
}

describe('/news with a news channel', () => {
  it('offers the channel alone or the channel and every player, and posts a text to the channel only', async () => {
    for (const player of PLAYERS) await harness.player(player);
    const question = await draft(textUpdate(ADMIN, NEWS, { entities: BOLD }));
    const count = await playerCount();
    const asked = harness.telegram.lastTo(ADMIN.id);
    expect(asked.text).toBe(`Channel ${CHANNEL}, players: ${count}. Where should the news go?`);
    expect(buttons(asked)).toEqual([
      { text: 'Channel only', callback_data: 'news:channel' },
      { text: 'Channel and every player', callback_data: 'news:all' },
      { text: 'Cancel', callback_data: 'news:cancel' },
    ]);
    expect(channelCalls()).toEqual([]);
    harness.telegram.clear();

    await harness.handle(callbackUpdate(ADMIN, 'news:channel', question));
    expect(channelCalls()).toEqual([
      expect.objectContaining({
        method: 'sendMessage',
        payload: { chat_id: CHANNEL, text: NEWS, entities: BOLD },
      }),
    ]);
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      { chat_id: ADMIN.id, message_id: question, text: `Posted to the channel ${CHANNEL}.` },
    ]);
    expect(harness.svara.broadcaster.running).toBe(false);
    for (const player of PLAYERS) expect(harness.telegram.textsTo(player.id)).toEqual([]);
  });

  it('posts a photo to the channel first, then to every player, with caption and formatting', async () => {
    const caption = 'Tournament on Saturday';
    const entities: MessageEntity[] = [{ type: 'italic', offset: 14, length: 8 }];
    const question = await draft(photoUpdate(caption, entities));
    const photoPost = { photo: 'poster', caption, caption_entities: entities };
    // The preview is the post itself, sent the way the channel and the players get it.
    expect(harness.telegram.callsOf('sendPhoto')).toEqual([{ chat_id: ADMIN.id, ...photoPost }]);
    const count = await playerCount();
    harness.telegram.clear();

    await harness.handle(callbackUpdate(ADMIN, 'news:all', question));
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      {
        chat_id: ADMIN.id,
        message_id: question,
        text: `Posted to the channel ${CHANNEL}. Sending to players… I will report when it is done.`,
      },
    ]);
    await harness.svara.broadcaster.idle();

    const photos = harness.telegram.callsOf('sendPhoto');
    expect(photos[0]).toEqual({ chat_id: CHANNEL, ...photoPost });
    const toPlayers = photos.slice(1);
    expect(toPlayers.map((m) => String(m.chat_id)).sort()).toEqual(
      (await harness.knex('users').pluck('telegram_id')).map(String).sort(),
    );
    expect(toPlayers).toEqual(toPlayers.map((m) => ({ chat_id: m.chat_id, ...photoPost })));
    expect(harness.telegram.lastTo(ADMIN.id).text).toContain(`Delivered: ${count} of ${count}\n`);
  });

  it('tells the admin when the channel refuses the post, and then sends nothing to players', async () => {
    harness.telegram.failFor(CHANNEL, { error_code: 400, description: 'Bad Request: chat not found' });
    const question = await draft(textUpdate(ADMIN, NEWS));
    harness.telegram.clear();

    await harness.handle(callbackUpdate(ADMIN, 'news:all', question));
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      {
        chat_id: ADMIN.id,
        message_id: question,
        text:
          `The channel ${CHANNEL} did not take the post (Bad Request: chat not found). Nothing was sent to ` +
          'players. Make sure the bot is an administrator of the channel, then try /news again.',
      },
    ]);
    expect(harness.svara.broadcaster.running).toBe(false);
    expect(
      harness.telegram.calls.filter((c) => c.method === 'sendMessage' && c.payload.text === NEWS),
    ).toEqual([expect.objectContaining({ payload: expect.objectContaining({ chat_id: CHANNEL }) })]);
    expect(harness.logs).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'news channel post failed',
        details: { channel: CHANNEL, reason: 'Bad Request: chat not found' },
      }),
    ]);
    // The conversation is over.
    await harness.handle(textUpdate(ADMIN, '/balance'));
    expect(harness.telegram.lastTo(ADMIN.id).text).toBe('Your balance: $0.00');
  });

  it('posts nothing anywhere when cancelled', async () => {
    const question = await draft(textUpdate(ADMIN, NEWS));
    harness.telegram.clear();
    await harness.handle(callbackUpdate(ADMIN, 'news:cancel', question));
    expect(harness.telegram.callsOf('editMessageText')).toEqual([
      { chat_id: ADMIN.id, message_id: question, text: 'The news was not sent.' },
    ]);
    expect(channelCalls()).toEqual([]);
  });
});
