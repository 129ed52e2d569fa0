/**
 * Messages the product sends a player on its own (a credited deposit, a referral bonus, …), in the
 * player's language, each with a "Play" button. The api calls `notifyUser`; it never throws.
 */
import { formatUsdCents, type Cents } from '@svara/core';
import type { Api } from 'grammy';
import { deliver, type DeliveryResult } from './delivery.js';
import { pickLanguage, t, type TextParams } from './i18n.js';
import { playKeyboard } from './keyboards.js';
import type { BotLogger, UsersPort } from './ports.js';

/** Every notification and what it says; money in cents. */
export interface NotificationParams {
  deposit_credited: { amountCents: Cents; currency: string; balanceCents: Cents };
  deposit_below_minimum: { amountCents: Cents };
  withdrawal_sent: { amountCents: Cents };
  withdrawal_failed: { amountCents: Cents };
  withdrawal_rejected: { amountCents: Cents };
  referral_bonus: { amountCents: Cents };
  referral_joined: { name: string };
}
export type NotificationKey = keyof NotificationParams;

/** Display names of the deposit currencies (USDTTON is USDT on TON). */
const CURRENCY_NAMES: Record<string, string> = { USDTTON: 'USDT', TON: 'TON' };

/** Each notification's text parameters, amounts written for the reader's language. */
const TEXT_PARAMS: {
  [K in NotificationKey]: (params: NotificationParams[K], usd: (cents: Cents) => string) => TextParams;
} = {
  deposit_credited: (p, usd) => ({
    amount: usd(p.amountCents),
    currency: CURRENCY_NAMES[p.currency] ?? p.currency,
    balance: usd(p.balanceCents),
  }),
  deposit_below_minimum: (p, usd) => ({ amount: usd(p.amountCents) }),
  withdrawal_sent: (p, usd) => ({ amount: usd(p.amountCents) }),
  withdrawal_failed: (p, usd) => ({ amount: usd(p.amountCents) }),
  withdrawal_rejected: (p, usd) => ({ amount: usd(p.amountCents) }),
  referral_bonus: (p, usd) => ({ amount: usd(p.amountCents) }),
  referral_joined: (p) => ({ name: p.name }),
};

export type NotifyUser = <K extends NotificationKey>(
  telegramId: string,
  key: K,
  params: NotificationParams[K],
) => Promise<DeliveryResult>;

export function createNotifier(deps: {
  api: Api;
  users: UsersPort;
  miniAppUrl: string;
  logger: BotLogger;
}): NotifyUser {
  const { api, users, miniAppUrl, logger } = deps;
  return async (telegramId, key, params) => {
    try {
      const language = pickLanguage((await users.get(telegramId))?.languageCode);
      const text = t(
        language,
        `notify.${key}`,
        TEXT_PARAMS[key](params, (cents) => formatUsdCents(cents, language)),
      );
      const result = await deliver(
        () => api.sendMessage(telegramId, text, { reply_markup: playKeyboard(language, miniAppUrl) }),
        { onError: (error) => logger.warn({ err: error, telegramId, key }, 'notification not delivered') },
      );
      return result;
    } catch (error) {
      logger.error({ err: error, telegramId, key }, 'notification failed');
      return 'failed';
    }
  };
}
