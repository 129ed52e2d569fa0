/**
 * Connecting the bot to Telegram inside the api process: who the bot is (getMe), the menu button
 * and commands, then long polling. Start-up runs in the background so the api never waits for
 * Telegram; `stop` ends polling and any broadcast on shutdown.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ApiClientOptions } from 'grammy';
import { ALLOWED_UPDATES, createSvaraBot } from './bot.js';
import type { BotConfig } from './config.js';
import type { NotifyUser } from './notify.js';
import type { BotLogger, BotServices } from './ports.js';
import { configureBot } from './setup.js';

export interface RunningBot {
  notifyUser: NotifyUser;
  /** Settles when polling has begun (or start-up failed, which is logged). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** How long shutdown waits for Telegram to confirm the last update before giving up. */
const STOP_GRACE_MS = 3_000;

/** grammY retries getMe quietly while Telegram is unreachable; after this long the log says so. */
const SLOW_START_MS = 30_000;

export function launchBot(
  config: BotConfig,
  deps: { services: BotServices; logger: BotLogger; client?: ApiClientOptions; slowStartMs?: number },
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
    if (abort.signal.aborted) return;
    bot
      .start({ allowed_updates: ALLOWED_UPDATES })
      .catch((error: unknown) => logger.error({ err: error }, 'bot polling stopped'));
    logger.info({ username: bot.botInfo.username }, 'Telegram bot polling');
  })()
    .catch((error: unknown) => {
      if (!abort.signal.aborted) logger.error({ err: error }, 'the Telegram bot could not start');
    })
    .finally(() => clearTimeout(slowStart));

  return {
    notifyUser: svara.notifyUser,
    ready,
    async stop() {
      abort.abort();
      svara.broadcaster.stop();
      if (bot.isRunning()) await Promise.race([bot.stop(), delay(STOP_GRACE_MS)]);
      await Promise.race([svara.broadcaster.idle(), delay(STOP_GRACE_MS)]);
    },
  };
}
