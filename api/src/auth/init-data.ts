/**
 * Telegram Mini App init data: checked with the bot token (HMAC-SHA256 as Telegram specifies, through
 * @telegram-apps/init-data-node), not older than the allowed age, and carrying a human user.
 */
import { validate } from '@telegram-apps/init-data-node';
import { SvaraError } from '@svara/core';
import { z } from 'zod';

export interface TelegramUser {
  /** The Telegram user id as a decimal string. */
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

const telegramUserSchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  is_bot: z.boolean().optional(),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(35).optional(),
  is_premium: z.boolean().optional(),
  photo_url: z.string().max(2048).optional(),
});

/** Init data signed a little in the future is a clock difference; more than this is refused. */
const CLOCK_SKEW_SECONDS = 60;

export interface VerifyInitDataOptions {
  botToken: string;
  maxAgeSeconds: number;
  now?: Date;
}

function refuse(detail: string): never {
  throw new SvaraError('auth_validation_failed', detail);
}

/** Returns the signed-in Telegram user, or throws SvaraError('auth_validation_failed'). */
export function verifyInitData(raw: string, options: VerifyInitDataOptions): TelegramUser {
  const params = new URLSearchParams(raw);
  // The library's own expiry check reads the wall clock; ours takes `now` so it can be tested.
  try {
    validate(params, options.botToken, { expiresIn: 0 });
  } catch (error) {
    refuse(`init data rejected: ${error instanceof Error ? error.message : String(error)}`);
  }
  const authDate = Number(params.get('auth_date'));
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!Number.isInteger(authDate) || authDate <= 0) refuse('auth_date missing');
  if (nowSeconds - authDate > options.maxAgeSeconds) refuse('init data expired');
  if (authDate - nowSeconds > CLOCK_SKEW_SECONDS) refuse('auth_date in the future');

  const rawUser = params.get('user');
  if (!rawUser) refuse('init data carries no user');
  let json: unknown;
  try {
    json = JSON.parse(rawUser);
  } catch {
    refuse('user is not JSON');
  }
  const parsed = telegramUserSchema.safeParse(json);
  if (!parsed.success) refuse('user has an unexpected shape');
  const user = parsed.data;
  if (user.is_bot) refuse('bots cannot sign in');
  return {
    id: String(user.id),
    username: user.username ?? null,
    firstName: user.first_name ?? null,
    lastName: user.last_name ?? null,
    photoUrl: user.photo_url ?? null,
    languageCode: user.language_code ?? null,
    isPremium: user.is_premium ?? false,
  };
}
