/** /invite: the player's referral link (from the users service), their referrals and their percent. */
import { formatPercent } from '@svara/core';
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { shared } from '../i18n.js';
import { inviteKeyboard } from '../keyboards.js';
import type { UsersPort } from '../ports.js';

export function inviteCommand(deps: { users: UsersPort; miniAppUrl: string }): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command('invite', async (ctx) => {
    const { language, user } = ctx.account;
    const info = await deps.users.referralInfo(user.telegramId);
    await ctx.reply(
      ctx.t('invite', {
        link: info.referralLink,
        count: info.referralCount,
        qualified: info.qualifiedCount,
        percent: formatPercent(info.refBonus, language),
      }),
      {
        reply_markup: inviteKeyboard(
          language,
          deps.miniAppUrl,
          info.referralLink,
          shared(language, 'referral.shareText'),
        ),
        link_preview_options: { is_disabled: true },
      },
    );
  });
  return composer;
}
