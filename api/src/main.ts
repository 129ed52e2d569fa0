/**
 * `npm start`: configuration, database (embedded unless DATABASE_URL), migrations, then the api on
 * PORT. SIGINT/SIGTERM stop it gracefully: no new connections, requests in flight finish, the pool
 * closes, the embedded database stops.
 */
import { randomBytes } from 'node:crypto';
import { BotConfigError, launchBot, loadBotConfig, type BotConfig } from '@svara/bot';
import { ConfigError, DEVELOPMENT_BOT_TOKEN, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { createLogger } from './logger.js';
import { createServer } from './server.js';
import { botWebhookMount } from './http/routes/bot-webhook.js';
import { attachRealtime } from './realtime/index.js';
import { devChatApiRoot, devChatPageUrl, localOrigin } from './dev/telegram/wiring.js';

let config;
let botConfig: BotConfig;
try {
  config = loadConfig();
  // In development the bot talks to the api's own stand-in Bot API (/dev/chat), opening the Mini
  // App this api serves unless MINIAPP_URL says otherwise.
  botConfig = loadBotConfig(process.env, {
    developmentToken: DEVELOPMENT_BOT_TOKEN,
    ownMiniAppUrl: `${localOrigin(config.host, config.port)}/`,
  });
} catch (error) {
  if (error instanceof ConfigError || error instanceof BotConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

const logger = createLogger({ level: config.logLevel });
for (const warning of config.warnings) logger.warn(`configuration: ${warning}`);
// The dev chat's page signs people in with the bot's token: with a real one it stays off.
if (botConfig.enabled && botConfig.devChat === true && !config.devRoutes) {
  botConfig = {
    enabled: false,
    refused: true,
    reason: 'the development chat needs the development BOT_TOKEN',
  };
}
const database = await openDatabase(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'the database could not be opened');
  process.exit(1);
});
// In webhook mode (BOT_WEBHOOK_URL) Telegram posts to this path; the bot is attached once launched.
const webhookSettings = botConfig.enabled ? botConfig.settings.webhook : undefined;
const botWebhook = webhookSettings ? botWebhookMount(webhookSettings.path) : undefined;
const api = createServer({ config, logger, orm: database.orm, ...(botWebhook ? { botWebhook } : {}) });
// Socket.io and the table runtime; the tables a stop left are resumed before anyone connects (with
// REDIS_URL, only those no live node owns: realtime/cluster/).
// DEV_SERVER_SEEDS (refused in production by loadConfig) are the first seeds committed, so they deal
// the first hands; then random seeds.
const devSeeds = [...config.devServerSeeds];
const realtime = await attachRealtime(
  api,
  devSeeds.length > 0 ? { drawSeed: () => devSeeds.shift() ?? randomBytes(32).toString('hex') } : {},
);
// Faucet payments, credited deposits and referral sweeps reach seated players and their sockets.
api.services.wallets.onChanged((userId, message) => {
  realtime
    .walletChanged(userId, message)
    .catch((error: unknown) => logger.error({ err: error, userId }, 'wallet push failed'));
});
const port = await api.listen().catch(async (error: unknown) => {
  logger.fatal({ err: error }, `could not listen on port ${config.port}`);
  await database.close();
  process.exit(1);
});
// Open payment orders are looked up at their providers now and then (a lost callback still credits).
api.services.payments.start();
logger.info(
  {
    port,
    host: config.host,
    env: config.nodeEnv,
    database: config.databaseUrl ? 'DATABASE_URL' : 'embedded',
  },
  `svara api listening on http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
);
// The Telegram bot runs in this process only with BOT_ENABLED=true and a real BOT_TOKEN: by webhook
// (BOT_WEBHOOK_URL), else long polling on the one node holding the polling lease. In development
// without BOT_ENABLED it long-polls this api's stand-in Bot API instead (the dev chat, BOT_DEV_CHAT).
const devChat = botConfig.enabled && botConfig.devChat === true;
const bot = launchBot(botConfig, {
  services: api.services,
  logger,
  ...(devChat ? { client: { apiRoot: devChatApiRoot(localOrigin(config.host, port)) } } : {}),
});
if (devChat) logger.info(`bot dev chat: ${devChatPageUrl(localOrigin(config.host, port))}`);
if (bot?.webhook) botWebhook?.attach(bot.webhook);
// Notices written with money changes (notices/outbox.ts) are sent at once by this node's drain.
if (bot) api.services.outbox.onWritten(() => bot.notices.wake());

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  try {
    await bot?.stop();
    await realtime.close();
    await api.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
