/** /user's card: balances, payments, tables played, suspension, and Suspend or Unsuspend. */
import { formatUsdCents } from '@svara/core';
import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { t, type Language } from '../i18n.js';
import type { DeskUserCard } from '@svara/core';
import { daysBetween, playerName, utcDate, utcDateTime } from './format.js';
import type { RenderedMessage } from './review.js';

/** `us:suspend:<telegram id>` / `us:unsuspend:<telegram id>`. */
export const suspensionDataSchema = z
  .string()
  .regex(/^us:(suspend|unsuspend):\d{1,19}$/)
  .transform((data) => {
    const [, action, userId] = data.split(':') as [string, 'suspend' | 'unsuspend', string];
    return { action, userId };
  });

export const SUSPENSION_DATA = /^us:(suspend|unsuspend):/;

export function userCardText(language: Language, card: DeskUserCard, now = new Date()): string {
  const money = (cents: number) => formatUsdCents(cents, language);
  const { player } = card;
  const lines = [
    t(language, 'operators.user.title', { name: playerName(player), id: player.telegramId }),
    t(language, 'operators.user.joined', {
      date: utcDate(player.createdAt),
      days: daysBetween(player.createdAt, now),
    }),
    card.suspension
      ? t(language, 'operators.user.suspended', {
          date: utcDateTime(card.suspension.at),
          by: card.suspension.by ?? '—',
          reason: card.suspension.reason ?? '—',
        })
      : t(language, 'operators.user.active'),
    t(language, 'operators.user.balance', {
      balance: money(card.balanceCents),
      referral: money(card.referralCents),
    }),
    t(language, 'operators.user.totals', {
      deposited: money(card.depositedCents),
      withdrawn: money(card.withdrawnCents),
    }),
    t(language, 'operators.user.tables', { rooms: card.tables.rooms, hands: card.tables.hands }),
  ];
  if (card.payments.length === 0) lines.push(t(language, 'operators.user.no_payments'));
  else {
    lines.push(t(language, 'operators.user.payments'));
    for (const payment of card.payments) {
      lines.push(
        t(language, 'operators.user.payment', {
          date: utcDateTime(payment.createdAt),
          type:
            payment.type === 'withdrawal'
              ? t(language, 'operators.user.types.withdrawal')
              : t(language, 'operators.user.types.deposit'),
          amount: payment.amountCents === null ? '—' : money(payment.amountCents),
          status: payment.status,
        }),
      );
    }
  }
  return lines.join('\n');
}

export function userCardMessage(language: Language, card: DeskUserCard): RenderedMessage {
  const id = card.player.telegramId;
  const button = card.suspension
    ? new InlineKeyboard().text(t(language, 'operators.user.unsuspend'), `us:unsuspend:${id}`)
    : new InlineKeyboard().text(t(language, 'operators.user.suspend'), `us:suspend:${id}`);
  return { text: userCardText(language, card), reply_markup: { inline_keyboard: button.inline_keyboard } };
}
