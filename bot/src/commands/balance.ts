/** /balance: the game balance from the ledger, with Play and Deposit buttons. */
import { formatUsdCents } from '@svara/core';
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { balanceKeyboard } from '../keyboards.js';
import type { LedgerPort } from '../ports.js';

export function balanceCommand(deps: { ledger: LedgerPort; miniAppUrl: string }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('balance', async (ctx) => {
    const cents = await deps.ledger.walletBalance(ctx.account.user.telegramId);
    await ctx.reply(ctx.t('balance', { balance: formatUsdCents(cents, ctx.account.language) }), {
      reply_markup: balanceKeyboard(ctx.account.language, deps.miniAppUrl),
    });
  });
  return composer;
}
