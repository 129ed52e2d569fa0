/**
 * What the bot needs from the api's service layer, as shapes rather than imports: the api passes its
 * real services (they satisfy these structurally), and the bot builds without compiling the api.
 */
import type { ReferralInfo } from '@svara/core';

/** A player as the users service returns it (the fields the bot reads). */
export interface BotUser {
  telegramId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

/**
 * The fields the users service's upsert takes (the same call the Mini App sign-in makes): a player's
 * fields, with the Telegram id as `id`.
 */
export type TelegramProfile = Omit<BotUser, 'telegramId'> & { id: string };

export interface UsersPort {
  upsertFromTelegram(profile: TelegramProfile): Promise<BotUser>;
  get(telegramId: string): Promise<BotUser | null>;
  /** Stores the player's language; sign-ins (bot or Mini App) keep it from then on. */
  setLanguage(telegramId: string, language: string): Promise<BotUser>;
  /** Once per user, never oneself, only an existing referrer; true when recorded now. */
  recordReferrer(userId: string, referrerId: string): Promise<boolean>;
  referralInfo(telegramId: string): Promise<ReferralInfo>;
}

export interface LedgerPort {
  /** The player's game balance in cents. */
  walletBalance(userId: string): Promise<number>;
}

export interface RoomsPort {
  get(roomId: string): Promise<{ id: string; status: 'open' | 'closed'; stakeCents: number } | null>;
}

/** Plain SQL with `?` placeholders, answering rows (MikroORM's connection `execute`). */
export interface SqlConnection {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface BotServices {
  users: UsersPort;
  ledger: LedgerPort;
  rooms: RoomsPort;
  orm: { em: { getConnection(): SqlConnection } };
}

/** The subset of a pino logger the bot writes to. */
export interface BotLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
