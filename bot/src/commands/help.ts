/** /help, and the answer to anything the bot does not understand. */
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { playKeyboard } from '../keyboards.js';

export function helpCommand(deps: {
  adminIds: ReadonlySet<string>;
  miniAppUrl: string;
}): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const help = async (ctx: BotContext) => {
    const admin = deps.adminIds.has(ctx.account.user.telegramId);
    const text = admin ? `${ctx.t('help')}\n${ctx.t('help_admin')}` : ctx.t('help');
    await ctx.reply(text, { reply_markup: playKeyboard(ctx.account.language, deps.miniAppUrl) });
  };
  composer.command('help', help);
  // Placed last by the bot: any other message gets the same guidance.
  composer.on('message', help);
  return composer;
}
