/**
 * Webhook mode (BOT_WEBHOOK_URL): Telegram posts each update to the api's Koa app, which hands it
 * here; no node polls. This is a small handler of our own rather than grammY's
 * `webhookCallback(bot, 'koa')`, because that adapter reads `ctx.request.body`, which only a
 * body-parser middleware fills (the api reads bodies itself); it must be given the bot when the
 * app is built, while the bot starts after the api; and an update whose middleware throws rejects
 * the request instead of reaching `bot.catch`, so Telegram would send it again and again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BotError, type Api, type Bot, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import type { BotWebhookSettings } from './config.js';
import type { BotLogger } from './ports.js';

/** The header Telegram repeats the webhook's secret token in. */
export const SECRET_TOKEN_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * `handled`: answer 200 (also when the update's handling failed: that is logged, and a retry would
 * fail the same way). `not_ready`: the bot is starting or stopping; answer 503 so Telegram retries.
 * `invalid`: not an update; answer 400.
 */
export type WebhookOutcome = 'handled' | 'not_ready' | 'invalid';

export interface WebhookEndpoint {
  /** Where the api takes the updates: BOT_WEBHOOK_URL's pathname. */
  readonly path: string;
  /** Whether the request carries the secret token (compared in constant time). */
  authorized(secretToken: string | undefined): boolean;
  /** Hands one update (the parsed JSON body) to the bot. */
  handle(body: unknown): Promise<WebhookOutcome>;
  /** Refuses further updates and waits (briefly) for those being handled. */
  stop(): Promise<void>;
}

/** Telegram waits for the answer before sending more; a slow update is answered after this and runs on. */
const ANSWER_WITHIN_MS = 5_000;
/** How long stopping waits for updates still being handled. */
const STOP_GRACE_MS = 3_000;

// Only the id is checked here; grammY and the handlers read the rest as Telegram sent it.
const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/** Waits for `work`, but no longer than `ms`. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function createWebhookEndpoint<C extends Context>(
  bot: Bot<C>,
  options: {
    settings: BotWebhookSettings;
    logger: BotLogger;
    answerWithinMs?: number;
  },
): WebhookEndpoint {
  const { settings, logger } = options;
  // Comparing digests keeps the comparison constant-time whatever length the header has.
  const expected = digest(settings.secretToken);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const run = async (update: Update) => {
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      // Polling passes a failed update to bot.catch itself; handleUpdate leaves that to its caller.
      if (error instanceof BotError) await bot.errorHandler(error as BotError<C>);
      else throw error;
    }
  };

  return {
    path: settings.path,
    authorized(secretToken) {
      if (secretToken === undefined) return false;
      return timingSafeEqual(digest(secretToken), expected);
    },
    async handle(body) {
      if (stopped || !bot.isInited()) return 'not_ready';
      const parsed = updateSchema.safeParse(body);
      if (!parsed.success) return 'invalid';
      const update = parsed.data as unknown as Update;
      const handling = run(update).catch((error: unknown) =>
        logger.error({ err: error, updateId: update.update_id }, 'bot update failed'),
      );
      inFlight.add(handling);
      void handling.finally(() => inFlight.delete(handling));
      await atMost(handling, options.answerWithinMs ?? ANSWER_WITHIN_MS);
      return 'handled';
    },
    async stop() {
      stopped = true;
      await atMost(Promise.all(inFlight), STOP_GRACE_MS);
    },
  };
}

/**
 * Tells Telegram where to post updates. Every node may call it: the same URL and secret make it
 * idempotent. Pending updates are kept, so nothing sent while the bot was away is lost.
 */
export async function registerWebhook(
  api: Api,
  settings: BotWebhookSettings,
  allowedUpdates: NonNullable<Parameters<Api['setWebhook']>[1]>['allowed_updates'],
): Promise<void> {
  await api.setWebhook(settings.url, {
    secret_token: settings.secretToken,
    allowed_updates: allowedUpdates,
    drop_pending_updates: false,
  });
}
