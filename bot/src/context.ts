/** The bot's context type: grammY's Context with the player's account and texts in their language. */
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import type { BotTextKey, Language, TextParams } from './i18n.js';
import type { BotUser } from './ports.js';

export interface AccountFlavor {
  /** The sender's player record (created on first contact) and the language they read. */
  account: { user: BotUser; language: Language };
  /** A `bot.*` text in the sender's language. */
  t(key: BotTextKey, params?: TextParams): string;
}

export type BotContext = ConversationFlavor<Context & AccountFlavor>;
