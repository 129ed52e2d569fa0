/**
 * The sender's player record. The bot writes it through the same upsert the Mini App sign-in uses,
 * keeping what the Bot API does not send (the photo) and the language the player chose with
 * /language.
 */
import type { MiddlewareFn } from 'grammy';
import type { User as TelegramUser } from 'grammy/types';
import type { BotContext } from './context.js';
import { pickLanguage, t, type Language } from './i18n.js';
import type { BotUser, TelegramProfile, UsersPort } from './ports.js';

/** The upsert's input for a Bot API user; `existing` is the stored record, when there is one. */
export function profileFrom(from: TelegramUser, existing: BotUser | null): TelegramProfile {
  return {
    id: String(from.id),
    username: from.username ?? null,
    firstName: from.first_name ?? null,
    lastName: from.last_name ?? null,
    // The Bot API has no photo URL; the one from the Mini App's init data stays.
    photoUrl: existing?.photoUrl ?? null,
    // Used only when the player is created: after that the language is the player's (/language),
    // and the upsert leaves it as it is.
    languageCode: from.language_code ?? null,
    isPremium: from.is_premium ?? false,
  };
}

/** Creates the player or refreshes their Telegram fields. */
export function syncUser(users: UsersPort, from: TelegramUser, existing: BotUser | null): Promise<BotUser> {
  return users.upsertFromTelegram(profileFrom(from, existing));
}

/** Stores the player's language choice; later sign-ins keep it. */
export function storeLanguage(users: UsersPort, user: BotUser, language: Language): Promise<BotUser> {
  return users.setLanguage(user.telegramId, language);
}

/** Loads (or creates, on first contact) the sender's account and installs `ctx.t`. */
export function accountMiddleware(users: UsersPort): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const from = ctx.from;
    if (!from || from.is_bot) return;
    const user = (await users.get(String(from.id))) ?? (await syncUser(users, from, null));
    setAccount(ctx, user);
    await next();
  };
}

/** Points the context at a (new or updated) record; `ctx.t` follows its language. */
export function setAccount(ctx: BotContext, user: BotUser): void {
  const language = pickLanguage(user.languageCode);
  ctx.account = { user, language };
  ctx.t = (key, params) => t(ctx.account.language, key, params);
}
