/**
 * The bot assembled: inline answers for shared hands, then private chats only, the sender's account
 * on every update, the admin news conversation, the commands, and an error handler that apologises
 * instead of going silent.
 * Building it makes no network call; `launch.ts` connects it to Telegram.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations } from '@grammyjs/conversations';
import { Bot, type ApiClientOptions, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { accountMiddleware } from './account.js';
import { balanceCommand } from './commands/balance.js';
import { depositFeature } from './deposit/deposit.js';
import { helpCommand } from './commands/help.js';
import { inviteCommand } from './commands/invite.js';
import { inlineHandShare } from './inline/hand-share.js';
import { languageCommand } from './commands/language.js';
import { startCommand } from './commands/start.js';
import type { BotSettings } from './config.js';
import type { BotContext } from './context.js';
import { postgresConversationStorage } from './conversation-storage.js';
import { createBroadcaster, type Broadcaster } from './news/broadcaster.js';
import { newsFeature } from './news/news.js';
import { operatorMenu } from './operators/menu.js';
import { operatorsFeature } from './operators/operators.js';
import { renderWithdrawalReview, reviewMessage } from './operators/review.js';
import { reviewCopies } from './operators/review-copies.js';
import { sendPost } from './news/post.js';
import { allPlayers } from './news/recipients.js';
import { noticeStore } from './outbox/notice-store.js';
import { createNoticeDrain, type NoticeDrain, type NoticeDrainOptions } from './outbox/notice-drain.js';
import { createNoticeRenderer } from './outbox/render-notice.js';
import { renderInvoiceMessage } from './deposit/render.js';
import type { BotLogger, BotServices } from './ports.js';

export interface CreateBotOptions {
  token: string;
  settings: Pick<BotSettings, 'miniAppUrl' | 'adminIds' | 'newsChannelId'>;
  services: BotServices;
  logger: BotLogger;
  /** Known in advance (tests); otherwise `bot.init()` asks Telegram. */
  botInfo?: UserFromGetMe;
  /** Options of grammY's API client (every Api instance, conversations' included, uses them). */
  client?: ApiClientOptions;
  /** Broadcast pace, messages per second. */
  broadcastPerSecond?: number;
  /**
   * Telegram's 429s waited out inside the API client (on by default). Tests that make the fake
   * answer 429 turn it off to see the callers' own handling without waiting real seconds.
   */
  autoRetry?: boolean;
  /** The notice drain's timing (tests). */
  notices?: Pick<
    NoticeDrainOptions,
    'pollMs' | 'batchSize' | 'backoffMs' | 'maxAttempts' | 'maxAgeMs' | 'now'
  >;
}

export interface SvaraBot {
  bot: Bot<BotContext>;
  broadcaster: Broadcaster;
  /** Sends the outbox's notices; `launch.ts` starts it, the api's outbox wakes it. */
  notices: NoticeDrain;
}

/** The update types the bot handles; long polling asks Telegram for these only. */
const UPDATE_TYPES = ['message', 'callback_query', 'inline_query'] as const;
export const ALLOWED_UPDATES: (typeof UPDATE_TYPES)[number][] = [...UPDATE_TYPES];

export function createSvaraBot(options: CreateBotOptions): SvaraBot {
  const { settings, services, logger } = options;
  const { miniAppUrl, adminIds } = settings;
  const bot = new Bot<BotContext>(options.token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    ...(options.client ? { client: options.client } : {}),
  });

  if (options.autoRetry !== false) {
    // A 429 is retried after Telegram's retry_after, up to half a minute; longer waits fail the call
    // and its caller decides (the notice drain tries again later, the broadcast counts it failed).
    // Network failures and 5xx are not retried here: a command's reply should fail fast, and the
    // drain has its own growing pauses.
    bot.api.config.use(
      autoRetry({
        maxRetryAttempts: 3,
        maxDelaySeconds: 30,
        rethrowHttpErrors: true,
        rethrowInternalServerErrors: true,
      }),
    );
  }

  const store = noticeStore(services.orm.em.getConnection());
  const copies = reviewCopies(services.orm.em.getConnection());
  const notices = createNoticeDrain({
    store,
    api: bot.api,
    logger,
    render: createNoticeRenderer({
      users: services.users,
      ledger: services.ledger,
      miniAppUrl,
      invoiceMessage: (language, state) => renderInvoiceMessage(language, state, { miniAppUrl }),
      withdrawalReview: (orderId, language) => renderWithdrawalReview(services.desk, orderId, language),
      withdrawalCard: async (orderId, language) => {
        const withdrawal = await services.desk.withdrawal(orderId);
        return withdrawal ? reviewMessage(language, withdrawal) : null;
      },
      reviewCopies: copies,
    }),
    ...options.notices,
  });
  const recipients = allPlayers(services.orm.em.getConnection());
  const broadcaster = createBroadcaster({
    recipients,
    send: (chatId, message) => sendPost(bot.api, chatId, message),
    ...(options.broadcastPerSecond ? { perSecond: options.broadcastPerSecond } : {}),
    onError: (error) => logger.warn({ err: error }, 'news message not delivered'),
  });

  bot.catch(async ({ error, ctx }) => {
    logger.error({ err: error, updateId: ctx.update.update_id }, 'bot update failed');
    if (ctx.chat && ctx.account) {
      await ctx.reply(ctx.t('error')).catch(() => undefined);
    }
  });

  // Inline queries come from any chat and carry none: answered before the private-chat rule, and
  // without creating an account (anyone may type `@bot hand_<id>`).
  bot.use(inlineHandShare({ hands: services.hands, users: services.users, logger }));
  // Private chats only: in groups the bot stays silent.
  bot.use((ctx, next) => (ctx.chat?.type === 'private' ? next() : undefined));
  // A player who writes to the bot has not blocked it (any more): their notices flow again.
  bot.use(async (ctx, next) => {
    if (ctx.from && !ctx.from.is_bot) await store.reachable(String(ctx.from.id));
    await next();
  });
  bot.use(accountMiddleware(services.users));
  // Every conversation's state lives in PostgreSQL: a half-done one survives a restart.
  bot.use(
    conversations<BotContext, Context>({
      storage: postgresConversationStorage(services.orm.em.getConnection()),
    }),
  );
  bot.use(
    newsFeature({
      adminIds,
      broadcaster,
      recipients,
      api: bot.api,
      logger,
      ...(settings.newsChannelId ? { channelId: settings.newsChannelId } : {}),
    }),
    // Before the other commands: while it asks for an amount, a command leaves the question.
    depositFeature({
      api: bot.api,
      payments: services.payments,
      ledger: services.ledger,
      miniAppUrl,
      logger,
    }),
    // Wraps /start: an operator's chat gets the operators' command menu too.
    operatorMenu({ adminIds, logger }),
    startCommand({ services, miniAppUrl, logger }),
    languageCommand({ users: services.users, miniAppUrl, logger }),
    balanceCommand({ ledger: services.ledger, miniAppUrl }),
    inviteCommand({ users: services.users, miniAppUrl }),
    operatorsFeature({
      adminIds,
      desk: services.desk,
      payments: services.payments,
      suspension: services.suspension,
      ...(services.tournaments ? { tournaments: services.tournaments } : {}),
      copies,
      logger,
    }),
    helpCommand({ adminIds, miniAppUrl }),
  );
  return { bot, broadcaster, notices };
}
