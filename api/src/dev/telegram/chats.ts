/**
 * The development chat's memory: the people who spoke to the bot, the bot's private chats with them
 * and the channels it posted to, each keeping its latest messages. Messages are stored in the Bot
 * API's own shape, so what the fake answers the bot is what Telegram would.
 */

/** How many messages a chat keeps; older ones drop off (a development page needs no history). */
export const MESSAGES_PER_CHAT = 200;

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface TgChat {
  id: number;
  type: 'private' | 'channel';
  first_name?: string;
  username?: string;
  title?: string;
}

export interface TgPhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
}

export interface TgMessage {
  message_id: number;
  date: number;
  chat: TgChat;
  from?: TgUser;
  sender_chat?: TgChat;
  edit_date?: number;
  text?: string;
  entities?: unknown[];
  caption?: string;
  caption_entities?: unknown[];
  photo?: TgPhotoSize[];
  reply_markup?: InlineKeyboardMarkup;
}

export interface InlineKeyboardButton {
  text: string;
  callback_data?: string;
  url?: string;
  web_app?: { url: string };
}

export interface InlineKeyboardMarkup {
  inline_keyboard: InlineKeyboardButton[][];
}

export interface Chat {
  /** How the bot addresses it: a user's id, or a channel's -100… id or @username. */
  key: string;
  tg: TgChat;
  messages: TgMessage[];
}

/** A channel is addressed by a -100… id or an @username; anything else is a person's private chat. */
export function isChannelAddress(chatId: string): boolean {
  return /^-100\d+$/.test(chatId) || /^@\w+$/.test(chatId);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export class DevChats {
  private readonly chats = new Map<string, Chat>();
  private readonly users = new Map<number, TgUser>();
  private lastMessageId = 0;
  /** Channel @usernames get stable made-up numeric ids, as Telegram's messages always carry one. */
  private lastChannelNumber = 0;

  /** Records who is speaking (a person appears the first time they write) and returns them. */
  rememberUser(user: Omit<TgUser, 'is_bot'>): TgUser {
    const stored: TgUser = { ...user, is_bot: false };
    this.users.set(user.id, stored);
    const chat = this.privateChat(user.id);
    chat.tg = this.privateChatOf(stored);
    return stored;
  }

  /** The chat the bot addresses as `chatId`, created when it first writes there. */
  chat(chatId: string): Chat {
    return isChannelAddress(chatId) ? this.channel(chatId) : this.privateChat(Number(chatId));
  }

  find(chatId: string): Chat | undefined {
    return this.chats.get(chatId);
  }

  /** Channels the bot posted to, in the order they appeared. */
  channels(): Chat[] {
    return [...this.chats.values()].filter((chat) => chat.tg.type === 'channel');
  }

  /** Adds a message to a chat (dropping the oldest past the bound) and returns it. */
  post(chat: Chat, content: Omit<TgMessage, 'message_id' | 'date' | 'chat'>): TgMessage {
    const message: TgMessage = {
      message_id: ++this.lastMessageId,
      date: nowSeconds(),
      chat: chat.tg,
      ...content,
    };
    chat.messages.push(message);
    if (chat.messages.length > MESSAGES_PER_CHAT)
      chat.messages.splice(0, chat.messages.length - MESSAGES_PER_CHAT);
    return message;
  }

  message(chat: Chat, messageId: number): TgMessage | undefined {
    return chat.messages.find((message) => message.message_id === messageId);
  }

  remove(chat: Chat, messageId: number): boolean {
    const index = chat.messages.findIndex((message) => message.message_id === messageId);
    if (index < 0) return false;
    chat.messages.splice(index, 1);
    return true;
  }

  private privateChat(userId: number): Chat {
    const key = String(userId);
    let chat = this.chats.get(key);
    if (!chat) {
      const user = this.users.get(userId);
      chat = {
        key,
        tg: user ? this.privateChatOf(user) : { id: userId, type: 'private', first_name: `User ${userId}` },
        messages: [],
      };
      this.chats.set(key, chat);
    }
    return chat;
  }

  private privateChatOf(user: TgUser): TgChat {
    return {
      id: user.id,
      type: 'private',
      first_name: user.first_name,
      ...(user.username ? { username: user.username } : {}),
    };
  }

  private channel(address: string): Chat {
    let chat = this.chats.get(address);
    if (!chat) {
      const id = address.startsWith('@') ? -1009000000000 - ++this.lastChannelNumber : Number(address);
      const username = address.startsWith('@') ? address.slice(1) : undefined;
      chat = {
        key: address,
        tg: {
          id,
          type: 'channel',
          title: username ?? `Channel ${address}`,
          ...(username ? { username } : {}),
        },
        messages: [],
      };
      this.chats.set(address, chat);
    }
    return chat;
  }
}
