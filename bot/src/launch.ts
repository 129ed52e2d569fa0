/**
 * Connecting the bot to Telegram inside the api process: who the bot is (getMe), the menu button
 * and commands, then updates: by webhook when BOT_WEBHOOK_URL is set (the api's Koa app takes them
 * through `webhook`), else by long polling on the one node holding the polling lease. Start-up runs
 * in the background so the api never waits for Telegram; `stop` ends what runs on shutdown.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ApiClientOptions } from 'grammy';
import { ALLOWED_UPDATES, createSvaraBot } from './bot.js';
import type { BotConfig } from './config.js';
import { pollWhileLeased, type LeaseTiming } from './polling-lease.js';
import type { BotLogger, BotServices } from './ports.js';
import { configureBot } from './setup.js';
import { showOperatorCommands } from './operators/menu.js';
import { createWebhookEndpoint, registerWebhook, type WebhookEndpoint } from './webhook.js';

export interface RunningBot {
  /** Wake it when notices were written (the api's outbox); it also polls the outbox itself. */
  notices: { wake(): void };
  /** Settles when updates can flow (or start-up failed, which is logged). */
  ready: Promise<void>;
  /** In webhook mode, what the api's route hands Telegram's requests to; null when polling. */
  webhook: WebhookEndpoint | null;
  stop(): Promise<void>;
}

/** How long shutdown waits for Telegram to confirm the last update before giving up. */
const STOP_GRACE_MS = 3_000;

/** grammY retries getMe quietly while Telegram is unreachable; after this long the log says so. */
const SLOW_START_MS = 30_000;

export function launchBot(
  config: BotConfig,
  deps: {
    services: BotServices;
    logger: BotLogger;
    client?: ApiClientOptions;
    slowStartMs?: number;
    /** The polling lease's timing (tests shorten it). */
    leaseTiming?: LeaseTiming;
  },
): RunningBot | null {
  const { logger } = deps;
  if (!config.enabled) {
    if (config.refused) logger.warn({ reason: config.reason }, 'the Telegram bot stays off');
    return null;
  }
  const { settings } = config;
  const svara = createSvaraBot({
    token: settings.token,
    settings,
    services: deps.services,
    logger,
    ...(deps.client ? { client: deps.client } : {}),
  });
  const { bot } = svara;
  const abort = new AbortController();
  // What runs once started, each stopped on shutdown, the last started first.
  const parts: { stop(): Promise<void> }[] = [];
  const webhook = settings.webhook
    ? createWebhookEndpoint(bot, { settings: settings.webhook, logger })
    : null;
  if (webhook) parts.push(webhook);
  // Every node drains the notice outbox (claims never overlap), whether or not it polls Telegram.
  svara.notices.start();
  parts.push(svara.notices);

  const slowStart = setTimeout(
    () => logger.warn({}, 'Telegram has not answered yet; the bot keeps trying'),
    deps.slowStartMs ?? SLOW_START_MS,
  );
  slowStart.unref();

  const ready = (async () => {
    // grammY types its signal parameter with the abort-controller shim; a native one works the same.
    await bot.init(abort.signal as Parameters<typeof bot.init>[0]);
    clearTimeout(slowStart);
    if (bot.botInfo.username !== settings.username) {
      logger.warn(
        { configured: settings.username, actual: bot.botInfo.username },
        'BOT_USERNAME differs from the bot behind BOT_TOKEN: referral links will point elsewhere',
      );
    }
    await configureBot(bot.api, settings.miniAppUrl);
    for (const adminId of settings.adminIds) await showOperatorCommands(bot.api, adminId, logger);
    if (abort.signal.aborted) return;
    if (settings.webhook) {
      await registerWebhook(bot.api, settings.webhook, ALLOWED_UPDATES);
      logger.info(
        { username: bot.botInfo.username, path: settings.webhook.path },
        'Telegram bot receiving updates by webhook',
      );
      return;
    }
    // grammY's bot.start deletes any webhook before its first getUpdates.
    const polling = pollWhileLeased({
      bot,
      sql: deps.services.orm.em.getConnection(),
      logger,
      allowedUpdates: ALLOWED_UPDATES,
      ...(deps.leaseTiming ? { timing: deps.leaseTiming } : {}),
    });
    parts.push(polling);
    await polling.firstAttempt;
  })()
    .catch((error: unknown) => {
      if (!abort.signal.aborted) logger.error({ err: error }, 'the Telegram bot could not start');
    })
    .finally(() => clearTimeout(slowStart));

  return {
    notices: svara.notices,
    ready,
    webhook,
    async stop() {
      abort.abort();
      svara.broadcaster.stop();
      for (const part of parts.reverse()) await part.stop();
      await Promise.race([svara.broadcaster.idle(), delay(STOP_GRACE_MS)]);
    },
  };
}
