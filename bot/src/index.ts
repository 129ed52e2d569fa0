/** The Telegram bot: configuration, the bot itself, launching it inside the api, notifications. */
export {
  BotConfigError,
  loadBotConfig,
  type BotConfig,
  type BotSettings,
  type BotWebhookSettings,
} from './config.js';
export { createSvaraBot, type CreateBotOptions, type SvaraBot } from './bot.js';
export { launchBot, type RunningBot } from './launch.js';
export { SECRET_TOKEN_HEADER, type WebhookEndpoint, type WebhookOutcome } from './webhook.js';
export type { NoticeDrain } from './outbox/notice-drain.js';
export type { DeliveryResult } from './delivery.js';
export type { BotServices, BotLogger } from './ports.js';
export type { BotContext } from './context.js';
