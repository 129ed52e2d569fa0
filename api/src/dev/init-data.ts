/**
 * Development sign-in without Telegram: init data for a chosen test user, signed with a (development)
 * bot token exactly as Telegram would sign it. Never exposed in production.
 */
import { sign } from '@telegram-apps/init-data-node';
import { DEVELOPMENT_BOT_TOKEN } from '../config.js';

export interface DevUser {
  id: number | string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  languageCode?: string | null;
  photoUrl?: string | null;
  isPremium?: boolean;
  isBot?: boolean;
}

export function signDevInitData(
  user: DevUser,
  options: { botToken?: string; authDate?: Date; startParam?: string } = {},
): string {
  const id = Number(user.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not a Telegram user id: ${user.id}`);
  const telegramUser = {
    id,
    first_name: user.firstName ?? user.username ?? `User ${id}`,
    ...(user.lastName ? { last_name: user.lastName } : {}),
    ...(user.username ? { username: user.username } : {}),
    language_code: user.languageCode ?? 'ru',
    ...(user.photoUrl ? { photo_url: user.photoUrl } : {}),
    ...(user.isPremium ? { is_premium: true } : {}),
    ...(user.isBot ? { is_bot: true } : {}),
  };
  return sign(
    {
      user: telegramUser,
      ...(options.startParam ? { start_param: options.startParam } : {}),
    } as Parameters<typeof sign>[0],
    options.botToken ?? DEVELOPMENT_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}
