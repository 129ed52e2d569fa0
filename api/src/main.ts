/**
 * `npm start`: configuration, database (embedded unless DATABASE_URL), migrations, then the api on
 * PORT. SIGINT/SIGTERM stop it gracefully: no new connections, requests in flight finish, the pool
 * closes, the embedded database stops.
 */
import { randomBytes } from 'node:crypto';
import { BotConfigError, launchBot, loadBotConfig } from '@svara/bot';
import { ConfigError, DEVELOPMENT_BOT_TOKEN, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { deliverNotices } from './finances/notices.js';
import { createLogger } from './logger.js';
import { createServer } from './server.js';
import { attachRealtime } from './realtime/index.js';

let config;
let botConfig;
try {
  config = loadConfig();
  botConfig = loadBotConfig(process.env, { developmentToken: DEVELOPMENT_BOT_TOKEN });
} catch (error) {
  if (error instanceof ConfigError || error instanceof BotConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

const logger = createLogger({ level: config.logLevel });
const database = await openDatabase(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'the database could not be opened');
  process.exit(1);
});
const api = createServer({ config, logger, orm: database.orm });
// Socket.io and the table runtime; hands a crash left running are voided before anyone connects.
// DEV_SERVER_SEEDS (refused in production by loadConfig) deal the first hands; then random seeds.
const devSeeds = [...config.devServerSeeds];
const realtime = await attachRealtime(
  api,
  devSeeds.length > 0 ? { seedSource: () => devSeeds.shift() ?? randomBytes(32).toString('hex') } : {},
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
// The Telegram bot (long polling) runs in this process only with BOT_ENABLED=true and a real BOT_TOKEN.
const bot = launchBot(botConfig, { services: api.services, logger });
// Deposits credited and referral bonuses paid reach the player in Telegram.
if (bot) deliverNotices(api.services.notices, bot.notifyUser);

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
