/**
 * What the development chat page shows, as JSON: one person's private chat with the bot, the
 * channels' posts, the bot's commands and menu button, and the latest answer to a pressed button.
 */
import type { FakeBotApi } from './bot-api.js';
import type { TgMessage } from './chats.js';

export type ViewButton =
  | { text: string; kind: 'callback'; data: string }
  | { text: string; kind: 'url'; url: string }
  | { text: string; kind: 'web_app'; url: string }
  | { text: string; kind: 'other' };

export interface ViewMessage {
  id: number;
  /** Who wrote it: the bot, the person, or the channel. */
  from: 'bot' | 'person' | 'channel';
  date: number;
  edited: boolean;
  text: string;
  /** A photo's file_id (the URL it was sent as, in this chat). */
  photo?: string;
  buttons: ViewButton[][];
}

export interface ChatView {
  bot: { id: number; username: string; firstName: string };
  chat: { userId: number; blocked: boolean; messages: ViewMessage[] };
  channels: { id: string; title: string; messages: ViewMessage[] }[];
  commands: { command: string; description: string }[];
  menuButton: { text: string; url: string } | null;
  callbackAnswer: { at: number; text: string; showAlert: boolean } | null;
}

export function viewMessage(message: TgMessage): ViewMessage {
  const largest = message.photo?.[message.photo.length - 1];
  return {
    id: message.message_id,
    from: message.sender_chat ? 'channel' : message.from?.is_bot ? 'bot' : 'person',
    date: message.date,
    edited: message.edit_date !== undefined,
    text: message.text ?? message.caption ?? '',
    ...(largest ? { photo: largest.file_id } : {}),
    buttons: (message.reply_markup?.inline_keyboard ?? []).map((row) =>
      row.map((button): ViewButton => {
        if (button.callback_data !== undefined)
          return { text: button.text, kind: 'callback', data: button.callback_data };
        if (button.web_app) return { text: button.text, kind: 'web_app', url: button.web_app.url };
        if (button.url) return { text: button.text, kind: 'url', url: button.url };
        return { text: button.text, kind: 'other' };
      }),
    ),
  };
}

/** The page's picture of the chat with `userId` (and its language's command list). */
export function chatView(api: FakeBotApi, userId: number, language: string | undefined): ChatView {
  const key = String(userId);
  const chat = api.chats.find(key);
  return {
    bot: api.bot,
    chat: { userId, blocked: api.blocked.has(userId), messages: (chat?.messages ?? []).map(viewMessage) },
    channels: api.chats.channels().map((channel) => ({
      id: channel.key,
      title: channel.tg.title ?? channel.key,
      messages: channel.messages.map(viewMessage),
    })),
    commands: (language ? api.commands.get(language) : undefined) ?? api.commands.get('') ?? [],
    menuButton: api.menuButtons.get(key) ?? api.menuButtons.get('') ?? null,
    callbackAnswer: api.callbackAnswers.get(key) ?? null,
  };
}
