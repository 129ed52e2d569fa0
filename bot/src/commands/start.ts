/**
 * /start with its deep-link payloads: `ref_<telegramId>` records who referred the player,
 * `join_<roomId>_<referrerId>` also offers a button that opens the Mini App straight into that room.
 * The referrer hears of the new player through the notice outbox, written with the referral.
 */
import { formatUsdCents, parseStartPayload } from '@svara/core';
import { Composer } from 'grammy';
import { setAccount, syncUser } from '../account.js';
import type { BotContext } from '../context.js';
import { joinTableKeyboard, playKeyboard } from '../keyboards.js';
import type { BotLogger, BotServices } from '../ports.js';
import { showMenuButton } from '../setup.js';

export interface StartDeps {
  services: Pick<BotServices, 'users' | 'rooms'>;
  miniAppUrl: string;
  logger: BotLogger;
}

export function startCommand(deps: StartDeps): Composer<BotContext> {
  const { services, miniAppUrl, logger } = deps;
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx) => {
    // The same upsert as the Mini App sign-in, before the referral: a referrer needs both rows.
    const user = await syncUser(services.users, ctx.from!, ctx.account.user);
    setAccount(ctx, user);
    const { language } = ctx.account;
    const payload = parseStartPayload(ctx.match);
    const referrerId = payload?.referrerId ?? null;
    if (referrerId !== null) await services.users.recordReferrer(user.telegramId, referrerId);

    const room = payload?.roomId ? await services.rooms.get(payload.roomId) : null;
    if (payload?.roomId && room?.status === 'open') {
      await ctx.reply(ctx.t('invitation', { stake: formatUsdCents(room.stakeCents, language) }), {
        reply_markup: joinTableKeyboard(language, miniAppUrl, ctx.match),
      });
    } else {
      await ctx.reply(ctx.t(payload?.roomId ? 'table_closed' : 'welcome'), {
        reply_markup: playKeyboard(language, miniAppUrl),
      });
    }
    await showMenuButton(ctx.api, { miniAppUrl, language, chatId: ctx.chatId!, logger });
  });
  return composer;
}
