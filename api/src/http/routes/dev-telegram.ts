/**
 * The development chat (never in production, where these paths are simply absent): a stand-in for
 * the Telegram Bot API at /dev/telegram/bot<token>/<method>, which the real bot long-polls in
 * development (grammY's apiRoot), and the page at /dev/chat where a person in a desktop browser
 * talks to the bot, presses its buttons and reads the news channel.
 */
import { z } from 'zod';
import { BotApiError, devPersonSchema, FakeBotApi } from '../../dev/telegram/bot-api.js';
import { chatView } from '../../dev/telegram/chat-view.js';
import { devChatPage, devPresets } from '../../dev/telegram/page.js';
import { CallBodyError, readCallParams } from '../../dev/telegram/request-params.js';
import { readJson } from '../body.js';
import type { AppContext, Next } from '../context.js';

/** Where the fake Bot API lives: the bot's `apiRoot` is the api's origin followed by this. */
export const DEV_TELEGRAM_ROOT = '/dev/telegram';
/** The page and its JSON. */
export const DEV_CHAT_PATH = '/dev/chat';

const CALL_PATH = /^\/dev\/telegram\/bot(\d+:[\w-]+)\/([A-Za-z]+)$/;

const stateQuerySchema = z.object({
  user: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lang: z.string().max(8).optional(),
});
const sayBodySchema = z.object({ person: devPersonSchema, text: z.string().min(1).max(4096) });
const photoBodySchema = z.object({
  person: devPersonSchema,
  url: z.url({ protocol: /^https?$/ }).max(2048),
  caption: z.string().max(1024).default(''),
});
const pressBodySchema = z.object({
  person: devPersonSchema,
  messageId: z.number().int().positive(),
  data: z.string().min(1).max(64),
});
const blockBodySchema = z.object({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  blocked: z.boolean(),
});

export interface DevTelegramOptions {
  /** The bot token: its number is the bot's id (getMe), as in Telegram. */
  botToken: string;
  botUsername: string;
  /** BOT_ADMIN_IDS: the first is offered as the operator on the page. */
  adminIds: readonly string[];
}

/** The fake Bot API and the page as Koa middleware; other paths pass through. */
export function devTelegramRoutes(options: DevTelegramOptions) {
  const api = new FakeBotApi({
    id: Number(options.botToken.split(':')[0]),
    username: options.botUsername,
    firstName: 'Svara',
  });
  const page = devChatPage({
    endpoint: DEV_CHAT_PATH,
    presets: devPresets(options.adminIds),
    operators: options.adminIds,
  });

  async function botApiCall(ctx: AppContext, method: string) {
    let params: Record<string, unknown>;
    try {
      params = await readCallParams({
        contentType: ctx.get('content-type'),
        query: ctx.query,
        body: ctx.req as AsyncIterable<Buffer>,
      });
    } catch (error) {
      if (!(error instanceof CallBodyError)) throw error;
      ctx.status = 400;
      ctx.body = { ok: false, error_code: 400, description: error.message };
      return;
    }
    // A long poll ends when the bot goes away (shutdown aborts its request): the response closes.
    const left = new AbortController();
    ctx.res.once('close', () => left.abort());
    const answer = await api.call(method, params, left.signal);
    ctx.status = answer.ok ? 200 : answer.error_code;
    ctx.body = answer;
  }

  /** Runs a page action; the fake's refusals come back as Telegram words them. */
  async function pageAction(ctx: AppContext, act: (body: unknown) => void) {
    try {
      act(await readJson(ctx));
      ctx.body = { ok: true };
    } catch (error) {
      if (error instanceof z.ZodError) {
        ctx.status = 400;
        ctx.body = { ok: false, description: `Invalid ${error.issues[0]?.path.join('.') || 'request'}` };
      } else if (error instanceof BotApiError) {
        ctx.status = error.code;
        ctx.body = { ok: false, description: error.description };
      } else throw error;
    }
  }

  return async (ctx: AppContext, next: Next) => {
    const call = CALL_PATH.exec(ctx.path);
    if (call) {
      if (ctx.method !== 'POST' && ctx.method !== 'GET') return next();
      return botApiCall(ctx, call[2]!);
    }
    if (!ctx.path.startsWith(DEV_CHAT_PATH)) return next();
    const route = `${ctx.method} ${ctx.path.slice(DEV_CHAT_PATH.length) || '/'}`;
    ctx.set('Cache-Control', 'no-store');
    switch (route) {
      case 'GET /':
        ctx.type = 'html';
        // The page's own inline style and script, images from anywhere (news photos are URLs).
        ctx.set(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src http: https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
        );
        ctx.body = page;
        return;
      case 'GET /state': {
        const query = stateQuerySchema.safeParse(ctx.query);
        if (!query.success) {
          ctx.status = 400;
          ctx.body = { ok: false, description: 'user: a Telegram id' };
          return;
        }
        ctx.body = chatView(api, query.data.user, query.data.lang || undefined);
        return;
      }
      case 'POST /say':
        return pageAction(ctx, (body) => {
          const { person, text } = sayBodySchema.parse(body);
          api.personSays(person, text);
        });
      case 'POST /photo':
        return pageAction(ctx, (body) => {
          const { person, url, caption } = photoBodySchema.parse(body);
          api.personSendsPhoto(person, url, caption);
        });
      case 'POST /press':
        return pageAction(ctx, (body) => {
          const { person, messageId, data } = pressBodySchema.parse(body);
          api.personPresses(person, messageId, data);
        });
      case 'POST /block':
        return pageAction(ctx, (body) => {
          const { userId, blocked } = blockBodySchema.parse(body);
          if (blocked) api.blocked.add(userId);
          else api.blocked.delete(userId);
        });
      default:
        return next();
    }
  };
}
