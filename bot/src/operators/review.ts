/**
 * One withdrawal's review message: who asks, how much, where to, the account's history, and
 * Approve / Reject while it waits; once decided, the decision, who made it and when. /withdrawals
 * sends it, a press edits it, and the notice outbox posts it to every operator when a withdrawal
 * enters review (renderWithdrawalReview).
 */
import { formatUsdCents } from '@svara/core';
import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { z } from 'zod';
import { t, type Language } from '../i18n.js';
import type { DeskWithdrawal } from '@svara/core';
import type { DeskPort } from '../ports.js';
import { daysBetween, operatorName, playerName, roomRef, utcDate, utcDateTime } from './format.js';

const REVIEW_REASONS = ['over_limit', 'account_flagged', 'new_address'] as const;

/** A press on Approve or Reject: `wd:approve:<order id>`, within Telegram's 64 bytes. */
export const decisionDataSchema = z
  .string()
  .regex(/^wd:(approve|reject):[0-9a-f-]{36}$/)
  .transform((data) => {
    const [, decision, orderId] = data.split(':') as [string, 'approve' | 'reject', string];
    return { decision, orderId };
  });

export const DECISION_DATA = /^wd:(approve|reject):/;

export function decisionData(decision: 'approve' | 'reject', orderId: string): string {
  return `wd:${decision}:${orderId}`;
}

export interface RenderedMessage {
  text: string;
  /** Approve / Reject while the withdrawal waits; absent once it is decided. */
  reply_markup?: InlineKeyboardMarkup;
}

function reasonText(language: Language, reason: string | null): string {
  const known = REVIEW_REASONS.find((r) => r === reason);
  return known ? t(language, `operators.review.reasons.${known}`) : (reason ?? t(language, 'operators.none'));
}

/** The message text of a withdrawal in any state. */
export function reviewText(language: Language, w: DeskWithdrawal, now = new Date()): string {
  const money = (cents: number) => formatUsdCents(cents, language);
  const lines = [
    t(language, 'operators.review.title', { amount: money(w.amountCents) }),
    t(language, 'operators.review.player', { name: playerName(w.player), id: w.player.telegramId }),
    w.method === 'cryptobot'
      ? t(language, 'operators.review.to_cryptobot', { id: w.player.telegramId })
      : t(language, 'operators.review.to_address', { address: w.address ?? '—' }),
    t(language, 'operators.review.age', {
      days: daysBetween(w.player.createdAt, now),
      date: utcDate(w.player.createdAt),
    }),
    t(language, 'operators.review.totals', {
      deposited: money(w.depositedCents),
      withdrawn: money(w.withdrawnCents),
    }),
  ];
  if (w.recentTables.length === 0) lines.push(t(language, 'operators.review.no_tables'));
  else {
    lines.push(t(language, 'operators.review.tables'));
    for (const table of w.recentTables) {
      lines.push(
        t(language, 'operators.review.table', {
          room: roomRef(table.roomId),
          stake: table.stakeCents === null ? '—' : money(table.stakeCents),
          hands: table.hands,
          date: utcDateTime(table.lastPlayedAt),
        }),
      );
    }
  }
  lines.push(t(language, 'operators.review.reason', { reason: reasonText(language, w.reviewReason) }));
  lines.push(t(language, 'operators.review.requested', { date: utcDateTime(w.createdAt) }));
  if (w.decision) {
    const key = w.decision.outcome === 'approved' ? 'operators.review.approved' : 'operators.review.rejected';
    lines.push(
      '',
      t(language, key, { operator: operatorName(w.decision.by), date: utcDateTime(w.decision.at) }),
    );
  } else if (w.status !== 'review') {
    lines.push('', t(language, 'operators.review.closed', { status: w.status }));
  }
  return lines.join('\n');
}

export function reviewKeyboard(language: Language, orderId: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t(language, 'operators.review.approve'), decisionData('approve', orderId))
    .text(t(language, 'operators.review.reject'), decisionData('reject', orderId));
}

/** A withdrawal's message as it stands now: with the buttons only while it waits for review. */
export function reviewMessage(language: Language, w: DeskWithdrawal): RenderedMessage {
  const text = reviewText(language, w);
  // A plain markup (not grammY's builder): it is stored as JSON by the outbox and by conversations.
  return w.status === 'review'
    ? { text, reply_markup: { inline_keyboard: reviewKeyboard(language, w.id).inline_keyboard } }
    : { text };
}

/**
 * The review message of `orderId` for an operator reading `language`, or null when that
 * withdrawal is not (or no longer) waiting for review. For the notice outbox's `withdrawal_review`.
 */
export async function renderWithdrawalReview(
  desk: Pick<DeskPort, 'withdrawal'>,
  orderId: string,
  language: Language,
): Promise<RenderedMessage | null> {
  const withdrawal = await desk.withdrawal(orderId);
  if (!withdrawal || withdrawal.status !== 'review') return null;
  return reviewMessage(language, withdrawal);
}
