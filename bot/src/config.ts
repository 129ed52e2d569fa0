/**
 * The bot's settings from the environment. The bot reaches Telegram only when asked to
 * (BOT_ENABLED=true) and only with a real token: the development token signs test init data and
 * must never be sent to Telegram. In development it talks instead to the api's stand-in Bot API
 * (the development chat, BOT_DEV_CHAT), where the development token is fine.
 */
import { z } from 'zod';

export interface BotSettings {
  token: string;
  /** The username the api writes into referral links; compared with Telegram's at start-up. */
  username: string;
  /** The Mini App's https URL, opened by web_app buttons and the chat menu button. */
  miniAppUrl: string;
  /** Telegram ids allowed to broadcast news. */
  adminIds: ReadonlySet<string>;
  /** The channel /news posts to (-100… id or @username); without it /news reaches players only. */
  newsChannelId?: string;
  /** Webhook mode (BOT_WEBHOOK_URL); without it one node long-polls. */
  webhook?: BotWebhookSettings;
}

export interface BotWebhookSettings {
  /** The public https URL Telegram posts updates to. */
  url: string;
  /** Its pathname: where the api's Koa app takes the updates. */
  path: string;
  /** Telegram sends it back in X-Telegram-Bot-Api-Secret-Token; requests without it are refused. */
  secretToken: string;
}

export type BotConfig =
  /**
   * `devChat`: development without Telegram. The bot talks to the api's own stand-in Bot API (the
   * chat page at /dev/chat), so the development token is fine: nothing leaves the machine.
   */
  | { enabled: true; settings: BotSettings; devChat?: true }
  /** `refused`: BOT_ENABLED=true was asked for, but the token rules it out. */
  | { enabled: false; refused: boolean; reason: string };

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
  BOT_ENABLED: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  // The development chat: on by default in development, off in tests, refused in production.
  BOT_DEV_CHAT: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  BOT_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-DEF… (the token from @BotFather)')
      .optional(),
  ),
  BOT_USERNAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\w{3,64}$/, 'letters, digits and underscores, without @')
      .default('svara_game_bot'),
  ),
  MINIAPP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url('must be a URL such as https://app.example.com')
      // https is checked once Telegram is involved: the development chat opens http ones too.
      .optional(),
  ),
  BOT_ADMIN_IDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\s*\d{1,20}(\s*[,\s]\s*\d{1,20})*\s*$/, 'Telegram user ids separated by commas')
      .optional(),
  ),
  NEWS_CHANNEL_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^(-100\d{1,16}|@[A-Za-z]\w{4,31})$/, "a channel's id such as -1001234567890, or its @username")
      .optional(),
  ),
  BOT_WEBHOOK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url('must be a URL such as https://svara.example/api/v1/bot/webhook')
      .refine((url) => url.startsWith('https://'), 'Telegram posts to webhooks over https only')
      .refine((url) => !/[?#]/.test(url), 'without a query or fragment: the path alone is matched')
      .optional(),
  ),
  BOT_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w-]{1,256}$/, '1 to 256 characters of A-Z, a-z, 0-9, _ and - (what Telegram accepts)')
      .optional(),
  ),
});

export class BotConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid bot configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BotConfigError';
  }
}

/**
 * Reads the bot's settings. Disabled (with the reason) unless BOT_ENABLED=true and a real token is
 * set; throws BotConfigError when a variable is malformed or, once enabled, MINIAPP_URL is missing.
 */
export function loadBotConfig(
  env: NodeJS.ProcessEnv,
  options: {
    developmentToken: string;
    /** The Mini App the api serves itself: the development chat's default MINIAPP_URL. */
    ownMiniAppUrl?: string;
  },
): BotConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new BotConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.BOT_DEV_CHAT === 'true' && e.NODE_ENV === 'production') {
    throw new BotConfigError(['BOT_DEV_CHAT: the development chat is refused in production']);
  }
  if (e.BOT_ENABLED !== 'true') {
    const devChat = e.BOT_DEV_CHAT ? e.BOT_DEV_CHAT === 'true' : e.NODE_ENV === 'development';
    if (devChat) return devChatConfig(e, options);
    return { enabled: false, refused: false, reason: 'BOT_ENABLED is not true' };
  }
  if (!e.BOT_TOKEN || e.BOT_TOKEN === options.developmentToken) {
    return {
      enabled: false,
      refused: true,
      reason: 'BOT_TOKEN is unset or the development token, which must never reach Telegram',
    };
  }
  if (!e.MINIAPP_URL) throw new BotConfigError(['MINIAPP_URL: is required when the bot is enabled']);
  if (!e.MINIAPP_URL.startsWith('https://')) {
    throw new BotConfigError(['MINIAPP_URL: Telegram opens Mini Apps over https only']);
  }
  if (e.BOT_WEBHOOK_URL && !e.BOT_WEBHOOK_SECRET) {
    throw new BotConfigError(['BOT_WEBHOOK_SECRET: is required with BOT_WEBHOOK_URL']);
  }
  return {
    enabled: true,
    settings: {
      token: e.BOT_TOKEN,
      username: e.BOT_USERNAME,
      miniAppUrl: e.MINIAPP_URL,
      adminIds: parseAdminIds(e.BOT_ADMIN_IDS),
      ...(e.NEWS_CHANNEL_ID ? { newsChannelId: e.NEWS_CHANNEL_ID } : {}),
      ...(e.BOT_WEBHOOK_URL && e.BOT_WEBHOOK_SECRET
        ? {
            webhook: {
              url: e.BOT_WEBHOOK_URL,
              path: new URL(e.BOT_WEBHOOK_URL).pathname,
              secretToken: e.BOT_WEBHOOK_SECRET,
            },
          }
        : {}),
    },
  };
}

/** The news channel the development chat shows when NEWS_CHANNEL_ID is unset, so /news can be tried whole. */
export const DEV_CHAT_NEWS_CHANNEL = '@svara_dev_news';

/** The development chat's settings: any token (the development one by default), always long polling. */
function devChatConfig(
  e: z.infer<typeof envSchema>,
  options: { developmentToken: string; ownMiniAppUrl?: string },
): BotConfig {
  const miniAppUrl = e.MINIAPP_URL ?? options.ownMiniAppUrl;
  if (!miniAppUrl) throw new BotConfigError(['MINIAPP_URL: is required for the development chat']);
  return {
    enabled: true,
    devChat: true,
    settings: {
      token: e.BOT_TOKEN ?? options.developmentToken,
      username: e.BOT_USERNAME,
      miniAppUrl,
      adminIds: parseAdminIds(e.BOT_ADMIN_IDS),
      newsChannelId: e.NEWS_CHANNEL_ID ?? DEV_CHAT_NEWS_CHANNEL,
    },
  };
}

export function parseAdminIds(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? '').split(/[\s,]+/).filter((id) => id !== ''));
}
