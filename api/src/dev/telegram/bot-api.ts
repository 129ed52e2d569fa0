/**
 * A stand-in for the Telegram Bot API, for development on a machine that cannot (or should not)
 * reach Telegram: the methods the Svara bot calls, answered from the development chat's memory with
 * Telegram's answer shapes and error texts, and the page's side (a person typing, sending a photo,
 * pressing a button) turned into updates the bot takes by long polling.
 */
import { z } from 'zod';
import { DevChats, type Chat, type InlineKeyboardMarkup, type TgMessage } from './chats.js';
import { UpdateQueue, type Update } from './updates.js';

export type BotApiAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

export interface BotIdentity {
  id: number;
  username: string;
  firstName: string;
}

/** What a callback button's press got back (answerCallbackQuery): shown on the page as a toast. */
export interface CallbackAnswer {
  at: number;
  text: string;
  showAlert: boolean;
}

/** A person as the page describes them; the update's `from` carries exactly these. */
export const devPersonSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().trim().min(1).max(64),
  username: z
    .string()
    .trim()
    .regex(/^\w{0,32}$/)
    .optional()
    .transform((value) => value || undefined),
  language_code: z
    .string()
    .trim()
    .regex(/^[a-z]{0,8}$/)
    .optional()
    .transform((value) => value || undefined),
});
export type DevPerson = z.infer<typeof devPersonSchema>;

/** A refusal in Telegram's words (`description`) with its HTTP-like code. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const chatIdSchema = z.union([z.number().int(), z.string().regex(/^(-?\d+|@\w+)$/)]).transform(String);
const integer = z.coerce.number().int();
const buttonSchema = z.looseObject({
  text: z.string().min(1),
  callback_data: z.string().max(64).optional(),
  url: z.string().optional(),
  web_app: z.object({ url: z.string() }).optional(),
});
const markupSchema = z.looseObject({ inline_keyboard: z.array(z.array(buttonSchema)) }).optional();
const entitiesSchema = z.array(z.unknown()).optional();
const messageRefSchema = z.object({ chat_id: chatIdSchema, message_id: integer });

const schemas = {
  getUpdates: z.object({
    offset: integer.optional(),
    limit: integer.optional(),
    timeout: integer.min(0).max(50).optional(),
  }),
  sendMessage: z.object({
    chat_id: chatIdSchema,
    text: z.string().min(1, 'message text is empty').max(4096, 'message is too long'),
    entities: entitiesSchema,
    reply_markup: markupSchema,
  }),
  sendPhoto: z.object({
    chat_id: chatIdSchema,
    photo: z.string().min(1),
    caption: z.string().max(1024, 'message caption is too long').optional(),
    caption_entities: entitiesSchema,
    reply_markup: markupSchema,
  }),
  editMessageText: messageRefSchema.extend({
    text: z.string().min(1, 'message text is empty').max(4096, 'message is too long'),
    entities: entitiesSchema,
    reply_markup: markupSchema,
  }),
  editMessageCaption: messageRefSchema.extend({
    caption: z.string().max(1024).optional(),
    caption_entities: entitiesSchema,
    reply_markup: markupSchema,
  }),
  editMessageReplyMarkup: messageRefSchema.extend({ reply_markup: markupSchema }),
  deleteMessage: messageRefSchema,
  answerCallbackQuery: z.object({
    callback_query_id: z.string(),
    text: z.string().max(200).optional(),
    show_alert: z.boolean().optional(),
  }),
  setMyCommands: z.object({
    commands: z.array(z.object({ command: z.string(), description: z.string() })),
    language_code: z.string().optional(),
  }),
  setChatMenuButton: z.object({
    chat_id: integer.optional(),
    menu_button: z
      .looseObject({
        type: z.string(),
        text: z.string().optional(),
        web_app: z.object({ url: z.string() }).optional(),
      })
      .optional(),
  }),
};

export class FakeBotApi {
  readonly chats = new DevChats();
  readonly updates = new UpdateQueue();
  /** Command lists by language ('' for the default), as setMyCommands left them. */
  readonly commands = new Map<string, { command: string; description: string }[]>();
  /** The chat menu button: the default one and per-chat ones. */
  readonly menuButtons = new Map<string, { text: string; url: string } | null>();
  /** answerCallbackQuery texts by the chat whose button was pressed. */
  readonly callbackAnswers = new Map<string, CallbackAnswer>();
  /** People who blocked the bot: messages to them fail with 403, as Telegram's do. */
  readonly blocked = new Set<number>();
  private readonly pressedIn = new Map<string, string>();
  private lastCallbackId = 0;

  constructor(readonly bot: BotIdentity) {}

  /** Answers one Bot API call, as Telegram would for a single bot. */
  async call(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<BotApiAnswer> {
    try {
      return { ok: true, result: await this.dispatch(method, params, signal) };
    } catch (error) {
      if (error instanceof BotApiError)
        return { ok: false, error_code: error.code, description: error.description };
      if (error instanceof z.ZodError) {
        const issue = error.issues[0];
        return {
          ok: false,
          error_code: 400,
          description: `Bad Request: ${issue ? `${issue.path.join('.') || 'parameters'}: ${issue.message}` : 'invalid parameters'}`,
        };
      }
      throw error;
    }
  }

  // ---- the page's side: a person writes or presses a button -------------------------------------

  /** A person types a message (a leading /command gets its bot_command entity, as in Telegram). */
  personSays(person: DevPerson, text: string): TgMessage {
    const from = this.chats.rememberUser(person);
    const command = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
    const message = this.chats.post(this.chats.chat(String(person.id)), {
      from,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    });
    this.updates.push({ message });
    return message;
  }

  /** A person sends a photo; its file_id is the URL given, so the bot can send it on by that id. */
  personSendsPhoto(person: DevPerson, url: string, caption: string): TgMessage {
    const from = this.chats.rememberUser(person);
    const unique = Buffer.from(url).toString('base64url').slice(-32);
    const message = this.chats.post(this.chats.chat(String(person.id)), {
      from,
      photo: [
        { file_id: url, file_unique_id: `${unique}s`, width: 320, height: 240 },
        { file_id: url, file_unique_id: unique, width: 1280, height: 960 },
      ],
      ...(caption ? { caption } : {}),
    });
    this.updates.push({ message });
    return message;
  }

  /** A person presses a callback button under one of the bot's messages in their chat. */
  personPresses(person: DevPerson, messageId: number, data: string): Update {
    const from = this.chats.rememberUser(person);
    const chat = this.chats.chat(String(person.id));
    const message = this.chats.message(chat, messageId);
    if (!message) throw new BotApiError(400, 'Bad Request: message not found');
    const pressable = message.reply_markup?.inline_keyboard.some((row) =>
      row.some((button) => button.callback_data === data),
    );
    if (!pressable) throw new BotApiError(400, 'Bad Request: no such button under that message');
    const id = String(++this.lastCallbackId);
    this.pressedIn.set(id, chat.key);
    return this.updates.push({
      callback_query: { id, from, message, chat_instance: `dev-${person.id}`, data },
    });
  }

  // ---- the bot's side -----------------------------------------------------------------------------

  private async dispatch(
    method: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    switch (method) {
      case 'getMe':
        return {
          id: this.bot.id,
          is_bot: true,
          first_name: this.bot.firstName,
          username: this.bot.username,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: true,
        };
      case 'getUpdates': {
        const p = schemas.getUpdates.parse(params);
        return this.updates.take(
          {
            ...(p.offset !== undefined ? { offset: p.offset } : {}),
            ...(p.limit !== undefined ? { limit: p.limit } : {}),
            ...(p.timeout !== undefined ? { timeoutSeconds: p.timeout } : {}),
          },
          signal,
        );
      }
      case 'deleteWebhook':
      case 'setWebhook':
      case 'sendChatAction':
        return true;
      case 'getWebhookInfo':
        return { url: '', has_custom_certificate: false, pending_update_count: this.updates.pendingCount };
      case 'setMyCommands': {
        const p = schemas.setMyCommands.parse(params);
        this.commands.set(p.language_code ?? '', p.commands);
        return true;
      }
      case 'setChatMenuButton': {
        const p = schemas.setChatMenuButton.parse(params);
        const button = p.menu_button;
        this.menuButtons.set(
          p.chat_id === undefined ? '' : String(p.chat_id),
          button?.type === 'web_app' && button.web_app
            ? { text: button.text ?? '', url: button.web_app.url }
            : null,
        );
        return true;
      }
      case 'sendMessage': {
        const p = schemas.sendMessage.parse(params);
        return this.chats.post(this.writableChat(p.chat_id), {
          ...this.sender(p.chat_id),
          text: p.text,
          ...(p.entities ? { entities: p.entities } : {}),
          ...markup(p.reply_markup),
        });
      }
      case 'sendPhoto': {
        const p = schemas.sendPhoto.parse(params);
        return this.chats.post(this.writableChat(p.chat_id), {
          ...this.sender(p.chat_id),
          photo: [
            {
              file_id: p.photo,
              file_unique_id: Buffer.from(p.photo).toString('base64url').slice(-32),
              width: 1280,
              height: 960,
            },
          ],
          ...(p.caption ? { caption: p.caption } : {}),
          ...(p.caption_entities ? { caption_entities: p.caption_entities } : {}),
          ...markup(p.reply_markup),
        });
      }
      case 'editMessageText': {
        const p = schemas.editMessageText.parse(params);
        const message = this.editable(p.chat_id, p.message_id);
        if (message.text === undefined)
          throw new BotApiError(400, 'Bad Request: there is no text in the message to edit');
        return this.edit(message, { text: p.text, entities: p.entities, reply_markup: p.reply_markup });
      }
      case 'editMessageCaption': {
        const p = schemas.editMessageCaption.parse(params);
        const message = this.editable(p.chat_id, p.message_id);
        if (!message.photo)
          throw new BotApiError(400, 'Bad Request: there is no caption in the message to edit');
        return this.edit(message, {
          caption: p.caption,
          caption_entities: p.caption_entities,
          reply_markup: p.reply_markup,
        });
      }
      case 'editMessageReplyMarkup': {
        const p = schemas.editMessageReplyMarkup.parse(params);
        return this.edit(this.editable(p.chat_id, p.message_id), { reply_markup: p.reply_markup });
      }
      case 'deleteMessage': {
        const p = schemas.deleteMessage.parse(params);
        const chat = this.chats.find(p.chat_id);
        if (!chat || !this.chats.remove(chat, p.message_id)) {
          throw new BotApiError(400, 'Bad Request: message to delete not found');
        }
        return true;
      }
      case 'answerCallbackQuery': {
        const p = schemas.answerCallbackQuery.parse(params);
        const chatKey = this.pressedIn.get(p.callback_query_id);
        if (!chatKey)
          throw new BotApiError(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        this.pressedIn.delete(p.callback_query_id);
        if (p.text)
          this.callbackAnswers.set(chatKey, {
            at: Date.now(),
            text: p.text,
            showAlert: p.show_alert ?? false,
          });
        return true;
      }
      default:
        throw new BotApiError(404, 'Not Found: method not found');
    }
  }

  /** Where the bot may write: a person's chat (made when first written to) or a channel. */
  private writableChat(chatId: string): Chat {
    if (this.blocked.has(Number(chatId)))
      throw new BotApiError(403, 'Forbidden: bot was blocked by the user');
    if (!/^\d+$/.test(chatId) && !chatId.startsWith('-100') && !chatId.startsWith('@')) {
      throw new BotApiError(400, 'Bad Request: chat not found');
    }
    return this.chats.chat(chatId);
  }

  /** Who a new message is from: the bot in a private chat, the channel itself in a channel. */
  private sender(chatId: string): Pick<TgMessage, 'from' | 'sender_chat'> {
    const chat = this.chats.chat(chatId);
    if (chat.tg.type === 'channel') return { sender_chat: chat.tg };
    return {
      from: { id: this.bot.id, is_bot: true, first_name: this.bot.firstName, username: this.bot.username },
    };
  }

  private editable(chatId: string, messageId: number): TgMessage {
    const chat = this.chats.find(chatId);
    const message = chat ? this.chats.message(chat, messageId) : undefined;
    if (!message) throw new BotApiError(400, 'Bad Request: message to edit not found');
    if (message.from && !message.from.is_bot)
      throw new BotApiError(400, "Bad Request: message can't be edited");
    return message;
  }

  /** Applies an edit in place; like Telegram, an edit that changes nothing is refused. */
  private edit(
    message: TgMessage,
    change: {
      text?: string;
      entities?: unknown[] | undefined;
      caption?: string | undefined;
      caption_entities?: unknown[] | undefined;
      reply_markup: InlineKeyboardMarkup | undefined;
    },
  ): TgMessage {
    const content = (m: Pick<TgMessage, 'text' | 'caption' | 'reply_markup'>) =>
      JSON.stringify([m.text, m.caption, m.reply_markup?.inline_keyboard ?? []]);
    const after = {
      text: change.text ?? message.text,
      caption: 'caption' in change ? change.caption : message.caption,
      reply_markup: change.reply_markup,
    };
    if (content(after) === content(message)) {
      throw new BotApiError(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    if (change.text !== undefined) {
      message.text = change.text;
      if (change.entities) message.entities = change.entities;
      else delete message.entities;
    }
    if ('caption' in change) {
      if (change.caption) message.caption = change.caption;
      else delete message.caption;
      if (change.caption_entities) message.caption_entities = change.caption_entities;
      else delete message.caption_entities;
    }
    if (change.reply_markup && change.reply_markup.inline_keyboard.length > 0)
      message.reply_markup = change.reply_markup;
    else delete message.reply_markup;
    message.edit_date = Math.floor(Date.now() / 1000);
    return message;
  }
}

function markup(replyMarkup: InlineKeyboardMarkup | undefined): Pick<TgMessage, 'reply_markup'> {
  return replyMarkup && replyMarkup.inline_keyboard.length > 0 ? { reply_markup: replyMarkup } : {};
}
