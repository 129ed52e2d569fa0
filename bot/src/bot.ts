/**
 * The bot assembled: private chats only, the sender's account on every update, the admin news
 * conversation, the commands, and an error handler that apologises instead of going silent.
 * Building it makes no network call; `launch.ts` connects it to Telegram.
 */
import { conversations } from '@grammyjs/conversations';
import { Bot, type ApiClientOptions, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { accountMiddleware } from './account.js';
import { balanceCommand } from './commands/balance.js';
import { helpCommand } from './commands/help.js';
import { inviteCommand } from './commands/invite.js';
import { languageCommand } from './commands/language.js';
import { startCommand } from './commands/start.js';
import type { BotSettings } from './config.js';
import type { BotContext } from './context.js';
import { createBroadcaster, type Broadcaster } from './news/broadcaster.js';
import { newsFeature } from './news/news.js';
import { allPlayers } from './news/recipients.js';
import { createNotifier, type NotifyUser } from './notify.js';
import type { BotLogger, BotServices } from './ports.js';

export interface CreateBotOptions {
  token: string;
  settings: Pick<BotSettings, 'miniAppUrl' | 'adminIds'>;
  services: BotServices;
  logger: BotLogger;
  /** Known in advance (tests); otherwise `bot.init()` asks Telegram. */
  botInfo?: UserFromGetMe;
  /** Options of grammY's API client (every Api instance, conversations' included, uses them). */
  client?: ApiClientOptions;
  /** Broadcast pace, messages per second. */
  broadcastPerSecond?: number;
}

export interface SvaraBot {
  bot: Bot<BotContext>;
  notifyUser: NotifyUser;
  broadcaster: Broadcaster;
}

/** The update types the bot handles; long polling asks Telegram for these only. */
const UPDATE_TYPES = ['message', 'callback_query'] as const;
export const ALLOWED_UPDATES: (typeof UPDATE_TYPES)[number][] = [...UPDATE_TYPES];

export function createSvaraBot(options: CreateBotOptions): SvaraBot {
  const { settings, services, logger } = options;
  const { miniAppUrl, adminIds } = settings;
  const bot = new Bot<BotContext>(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    ...(options.client ? { client: options.client } : {}),
  });

  const notifyUser = createNotifier({ api: bot.api, users: services.users, miniAppUrl, logger });
  const recipients = allPlayers(services.orm.em.getConnection());
  const broadcaster = createBroadcaster({
    recipients,
    send: (chatId, message) =>
      bot.api.sendMessage(chatId, message.text, message.entities ? { entities: message.entities } : {}),
    ...(options.broadcastPerSecond ? { perSecond: options.broadcastPerSecond } : {}),
    onError: (error) => logger.warn({ err: error }, 'news message not delivered'),
  });

  bot.catch(async ({ error, ctx }) => {
    logger.error({ err: error, updateId: ctx.update.update_id }, 'bot update failed');
    if (ctx.chat && ctx.account) {
      await ctx.reply(ctx.t('error')).catch(() => undefined);
    }
  });

  // Private chats only: in groups the bot stays silent.
  bot.use((ctx, next) => (ctx.chat?.type === 'private' ? next() : undefined));
  bot.use(accountMiddleware(services.users));
  bot.use(conversations<BotContext, Context>());
  bot.use(
    newsFeature({ adminIds, broadcaster, recipients, api: bot.api, logger }),
    startCommand({ services, miniAppUrl, notifyUser, logger }),
    languageCommand({ users: services.users, miniAppUrl, logger }),
    balanceCommand({ ledger: services.ledger, miniAppUrl }),
    inviteCommand({ users: services.users, miniAppUrl }),
    helpCommand({ adminIds, miniAppUrl }),
  );
  return { bot, notifyUser, broadcaster };
}
