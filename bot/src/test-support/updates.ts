/** Telegram updates as the Bot API delivers them, for `bot.handleUpdate` in tests. */
import type { InlineQuery, MessageEntity, Update, User } from 'grammy/types';

let nextUpdateId = 1;
let nextMessageId = 10_000;

export function telegramUser(id: number, extra: Partial<User> = {}): User {
  return { id, is_bot: false, first_name: `Player${id}`, username: `player${id}`, ...extra };
}

/** A private-chat text message; a leading /command gets its bot_command entity as in Telegram. */
export function textUpdate(from: User, text: string, extra: { entities?: MessageEntity[] } = {}): Update {
  const command = /^\/\w+(@\w+)?/.exec(text);
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      ...extra,
    },
  };
}

/** A press on an inline button with `data`, under one of the bot's messages. */
export function callbackUpdate(from: User, data: string, messageId = 1): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cq${nextUpdateId}`,
      from,
      chat_instance: `ci${from.id}`,
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        text: 'a message with buttons',
      },
    },
  };
}

/** A message in a group chat. */
export function groupTextUpdate(from: User, text: string): Update {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: -100123, type: 'group', title: 'A group' },
      from,
      text,
    },
  };
}

/** An inline query: `@bot <query>` typed in a chat of `chatType` (absent: Telegram did not say). */
export function inlineQueryUpdate(from: User, query: string, chatType?: InlineQuery['chat_type']): Update {
  return {
    update_id: nextUpdateId++,
    inline_query: {
      id: `iq${nextUpdateId}`,
      from,
      query,
      offset: '',
      ...(chatType ? { chat_type: chatType } : {}),
    },
  };
}
