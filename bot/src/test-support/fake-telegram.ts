/**
 * A stand-in for the Bot API at the client level: grammY's API client takes a `fetch` option, and
 * every Api instance (the bot's and the ones conversations build) sends through it. Calls are
 * recorded; answers are canned; chosen chats can be made to fail like Telegram does.
 */
import type { ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** What the fake answered (absent for a failure). */
  result?: unknown;
}

export interface TelegramFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export const TEST_BOT_INFO: UserFromGetMe = {
  id: 4242,
  is_bot: true,
  first_name: 'Svara',
  username: 'svara_game_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** While true every call fails as a network error would (Telegram unreachable). */
  offline = false;
  private nextMessageId = 1;
  private readonly failures = new Map<string, TelegramFailure[]>();

  /** The next `times` messages (sendMessage, sendPhoto, editMessageText) to this chat fail with `failure`. */
  failFor(chatId: number | string, failure: TelegramFailure, times = 1): void {
    const queue = this.failures.get(String(chatId)) ?? [];
    for (let i = 0; i < times; i++) queue.push(failure);
    this.failures.set(String(chatId), queue);
  }

  /** Calls of one method, in order. */
  callsOf(method: string): Record<string, unknown>[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.payload);
  }

  /** Texts sent to one chat (sendMessage and editMessageText), in order. */
  textsTo(chatId: number | string): string[] {
    return this.calls
      .filter((c) => ['sendMessage', 'editMessageText'].includes(c.method))
      .filter((c) => String(c.payload.chat_id) === String(chatId))
      .map((c) => String(c.payload.text));
  }

  /** The last message sent to a chat. */
  lastTo(chatId: number | string): Record<string, unknown> {
    const sent = this.callsOf('sendMessage').filter((p) => String(p.chat_id) === String(chatId));
    const last = sent[sent.length - 1];
    if (!last) throw new Error(`nothing was sent to ${chatId}`);
    return last;
  }

  /** The message id of the last message sent to a chat (what buttons under it carry). */
  lastMessageIdTo(chatId: number | string): number {
    const sent = this.calls.filter(
      (c) => c.method === 'sendMessage' && String(c.payload.chat_id) === String(chatId) && c.result,
    );
    const last = sent[sent.length - 1]?.result as { message_id: number } | undefined;
    if (!last) throw new Error(`nothing was sent to ${chatId}`);
    return last.message_id;
  }

  clear(): void {
    this.calls.length = 0;
  }

  /** The client options that route the bot's API calls here. */
  get client(): ApiClientOptions {
    return { fetch: this.fetch as unknown as NonNullable<ApiClientOptions['fetch']> };
  }

  private fetch = async (url: string, init: { body?: unknown }) => {
    const method = url.slice(url.lastIndexOf('/') + 1);
    if (this.offline) throw new TypeError('fetch failed: Telegram is unreachable');
    const payload = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const failure = 'chat_id' in payload ? this.takeFailure(method, payload.chat_id) : undefined;
    if (failure) {
      this.calls.push({ method, payload });
      return { json: async () => ({ ok: false, ...failure }) };
    }
    // Long polling with nothing to deliver: Telegram holds the request a while, then answers [].
    if (method === 'getUpdates') await new Promise((resolve) => setTimeout(resolve, 20));
    const result = this.answer(method, payload);
    this.calls.push({ method, payload, result });
    return { json: async () => ({ ok: true, result }) };
  };

  private takeFailure(method: string, chatId: unknown): TelegramFailure | undefined {
    if (!['sendMessage', 'sendPhoto', 'editMessageText'].includes(method)) return undefined;
    return this.failures.get(String(chatId))?.shift();
  }

  private answer(method: string, payload: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return TEST_BOT_INFO;
      case 'sendMessage':
      case 'editMessageText':
        return {
          message_id: method === 'sendMessage' ? this.nextMessageId++ : payload.message_id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(payload.chat_id), type: 'private', first_name: 'Player' },
          text: payload.text,
          ...(payload.entities ? { entities: payload.entities } : {}),
          ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
        };
      case 'sendPhoto':
        return {
          message_id: this.nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(payload.chat_id), type: 'private', first_name: 'Player' },
          photo: [
            { file_id: payload.photo, file_unique_id: `u-${String(payload.photo)}`, width: 1, height: 1 },
          ],
          ...(payload.caption ? { caption: payload.caption } : {}),
          ...(payload.caption_entities ? { caption_entities: payload.caption_entities } : {}),
        };
      case 'getUpdates':
        return [];
      default:
        return true;
    }
  }
}
