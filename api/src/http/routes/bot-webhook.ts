/**
 * Telegram's webhook, when BOT_WEBHOOK_URL is set: POST at that URL's path hands the update to the
 * bot running in this process. Only a request carrying the secret token Telegram was given is
 * read (401 otherwise). A handled update answers 200 even when its handling failed (the bot logs
 * that), since Telegram would otherwise send it again and again; while the bot is starting or
 * stopping the answer is 503, and Telegram retries later (perhaps on another node).
 */
import { SvaraError } from '@svara/core';
import { readRawBody } from '../body.js';
import type { AppContext, Next } from '../context.js';
import { errorBody } from '../errors.js';

/** The header Telegram repeats the webhook's secret token in. */
const SECRET_TOKEN_HEADER = 'x-telegram-bot-api-secret-token';

/** Telegram's updates are small, but a message quoting another with entities can pass 16 KB. */
const MAX_UPDATE_BYTES = 1024 * 1024;

/** The bot's side (bot/src/webhook.ts's WebhookEndpoint), as a shape: the api does not build the bot. */
export interface BotWebhookPort {
  authorized(secretToken: string | undefined): boolean;
  handle(body: unknown): Promise<'handled' | 'not_ready' | 'invalid'>;
}

/**
 * Where the route finds the bot. The path is known when the app is built (from the bot's
 * configuration); the bot is attached once launched, which happens after the api is created.
 */
export interface BotWebhookMount {
  readonly path: string;
  readonly bot: BotWebhookPort | null;
  attach(bot: BotWebhookPort): void;
}

export function botWebhookMount(path: string): BotWebhookMount {
  let attached: BotWebhookPort | null = null;
  return {
    path,
    get bot() {
      return attached;
    },
    attach(bot) {
      attached = bot;
    },
  };
}

/** Koa middleware answering POST at the mount's path; every other request passes on. */
export function botWebhookRoute(mount: BotWebhookMount) {
  return async (ctx: AppContext, next: Next) => {
    if (ctx.method !== 'POST' || ctx.path !== mount.path) return next();
    const bot = mount.bot;
    if (!bot) return notReady(ctx);
    if (!bot.authorized(ctx.get(SECRET_TOKEN_HEADER) || undefined)) {
      throw new SvaraError('auth_validation_failed', 'wrong or missing Telegram secret token');
    }
    const text = (await readRawBody(ctx, MAX_UPDATE_BYTES)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new SvaraError('validation_failed', 'the update is not JSON');
    }
    const outcome = await bot.handle(body);
    if (outcome === 'not_ready') return notReady(ctx);
    if (outcome === 'invalid') throw new SvaraError('validation_failed', 'not a Telegram update');
    ctx.body = { ok: true };
  };
}

function notReady(ctx: AppContext): void {
  ctx.status = 503;
  ctx.set('Retry-After', '5');
  ctx.body = errorBody('not_available', null);
}
