/**
 * The bot's settings from the environment. The bot reaches Telegram only when asked to
 * (BOT_ENABLED=true) and only with a real token: the development token signs test init data and
 * must never be sent to Telegram.
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
}

export type BotConfig =
  | { enabled: true; settings: BotSettings }
  /** `refused`: BOT_ENABLED=true was asked for, but the token rules it out. */
  | { enabled: false; refused: boolean; reason: string };

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  BOT_ENABLED: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
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
      .refine((url) => url.startsWith('https://'), 'Telegram opens Mini Apps over https only')
      .optional(),
  ),
  BOT_ADMIN_IDS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\s*\d{1,20}(\s*[,\s]\s*\d{1,20})*\s*$/, 'Telegram user ids separated by commas')
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
export function loadBotConfig(env: NodeJS.ProcessEnv, options: { developmentToken: string }): BotConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new BotConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.BOT_ENABLED !== 'true') return { enabled: false, refused: false, reason: 'BOT_ENABLED is not true' };
  if (!e.BOT_TOKEN || e.BOT_TOKEN === options.developmentToken) {
    return {
      enabled: false,
      refused: true,
      reason: 'BOT_TOKEN is unset or the development token, which must never reach Telegram',
    };
  }
  if (!e.MINIAPP_URL) throw new BotConfigError(['MINIAPP_URL: is required when the bot is enabled']);
  return {
    enabled: true,
    settings: {
      token: e.BOT_TOKEN,
      username: e.BOT_USERNAME,
      miniAppUrl: e.MINIAPP_URL,
      adminIds: parseAdminIds(e.BOT_ADMIN_IDS),
    },
  };
}

export function parseAdminIds(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? '').split(/[\s,]+/).filter((id) => id !== ''));
}
