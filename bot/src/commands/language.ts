/** /language: Russian or English, stored on the player and used for every text the bot sends them. */
import { Composer } from 'grammy';
import { setAccount, storeLanguage } from '../account.js';
import type { BotContext } from '../context.js';
import type { Language } from '../i18n.js';
import { LANGUAGE_CALLBACK, languageKeyboard } from '../keyboards.js';
import type { BotLogger, UsersPort } from '../ports.js';
import { showMenuButton } from '../setup.js';

export function languageCommand(deps: {
  users: UsersPort;
  miniAppUrl: string;
  logger: BotLogger;
}): Composer<BotContext> {
  const { users, miniAppUrl, logger } = deps;
  const composer = new Composer<BotContext>();

  async function choose(ctx: BotContext, language: Language) {
    setAccount(ctx, await storeLanguage(users, ctx.account.user, language));
    await showMenuButton(ctx.api, { miniAppUrl, language, chatId: ctx.chatId!, logger });
  }

  composer.command('language', async (ctx) => {
    const asked = ctx.match.trim().toLowerCase();
    if (asked === 'ru' || asked === 'en') {
      await choose(ctx, asked);
      await ctx.reply(ctx.t('language_set'));
      return;
    }
    await ctx.reply(ctx.t('language_choose'), { reply_markup: languageKeyboard() });
  });

  composer.callbackQuery(LANGUAGE_CALLBACK, async (ctx) => {
    await choose(ctx, ctx.match[1] as Language);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t('language_set'));
  });
  return composer;
}
