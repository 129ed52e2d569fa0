/** The Telegram bot: configuration, the bot itself, launching it inside the api, notifications. */
export { BotConfigError, loadBotConfig, type BotConfig, type BotSettings } from './config.js';
export { createSvaraBot, type CreateBotOptions, type SvaraBot } from './bot.js';
export { launchBot, type RunningBot } from './launch.js';
export type { NotificationKey, NotificationParams, NotifyUser } from './notify.js';
export type { DeliveryResult } from './delivery.js';
export type { BotServices, BotLogger } from './ports.js';
export type { BotContext } from './context.js';
