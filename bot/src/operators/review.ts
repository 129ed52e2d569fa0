/**
 * One withdrawal's review message: who asks, how much, where to, the account's history, a
 * suspension of the account, and Approve / Reject while it waits; once decided, the decision, who
 * made it, when and (a rejection) why. /withdrawals
 * sends it, a press edits it, and the notice outbox posts it to every operator when a withdrawal
 * enters review (renderWithdrawalReview).
 */
import { formatUsdCents, REJECTION_PRESETS, type RejectionPreset } from '@svara/core';
import { InlineKeyboard } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { z } from 'zod';
import { t, type Language } from '../i18n.js';
import type { DeskWithdrawal } from '@svara/core';
import type { DeskPort } from '../ports.js';
import { daysBetween, operatorName, playerName, roomRef, utcDate, utcDateTime } from './format.js';

const REVIEW_REASONS = ['over_limit', 'account_flagged', 'new_address'] as const;

/**
 * A press on a review card's buttons, within Telegram's 64 bytes: `wd:<action>:<order id>`.
 * approve (a large one asks again: confirm), reject (shows the reasons: rj:<preset>, or note for the
 * operator's own words), back (the card's first buttons again).
 */
export type ReviewAction =
  | { action: 'approve' | 'confirm' | 'reject' | 'note' | 'back'; orderId: string }
  | { action: 'rj'; preset: RejectionPreset; orderId: string };

const UUID = '[0-9a-f-]{36}';
export const decisionDataSchema = z
  .string()
  .regex(new RegExp(`^wd:(approve|confirm|reject|note|back|rj:(${REJECTION_PRESETS.join('|')})):${UUID}$`))
  .transform((data): ReviewAction => {
    const parts = data.split(':');
    const orderId = parts.at(-1)!;
    if (parts[1] === 'rj') return { action: 'rj', preset: parts[2] as RejectionPreset, orderId };
    return { action: parts[1] as Exclude<ReviewAction['action'], 'rj'>, orderId };
  });

/** Every review card button (anyone else's press on one is refused). */
export const DECISION_DATA = /^wd:/;

export function decisionData(action: Exclude<ReviewAction['action'], 'rj'>, orderId: string): string {
  return `wd:${action}:${orderId}`;
}

/** A large withdrawal (over the review limit) asks the operator once more before it is approved. */
export function needsConfirmation(w: DeskWithdrawal): boolean {
  return w.reviewReason === 'over_limit';
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
    ...(w.method === 'address' && w.addressSource
      ? [
          t(
            language,
            w.addressSource === 'ton_connect'
              ? 'operators.review.address_verified'
              : 'operators.review.address_typed',
          ),
        ]
      : []),
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
  if (w.suspension && w.status === 'review') {
    // Said on the card itself: an approval of this withdrawal is refused (player_suspended).
    lines.push(
      '',
      t(language, 'operators.review.suspended', {
        date: utcDateTime(w.suspension.at),
        reason: w.suspension.reason ?? t(language, 'operators.none'),
      }),
    );
  }
  if (w.decision) {
    const key = w.decision.outcome === 'approved' ? 'operators.review.approved' : 'operators.review.rejected';
    lines.push(
      '',
      t(language, key, { operator: operatorName(w.decision.by), date: utcDateTime(w.decision.at) }),
    );
    const why = w.decision.rejection;
    if (why) {
      const reason = [
        why.preset ? t(language, `operators.review.reject_reasons.${why.preset}`) : null,
        why.note,
      ]
        .filter(Boolean)
        .join(': ');
      lines.push(t(language, 'operators.review.rejected_reason', { reason }));
    }
  } else if (w.status !== 'review') {
    lines.push('', t(language, 'operators.review.closed', { status: w.status }));
  }
  return lines.join('\n');
}

/** Approve and Reject; a suspended player's withdrawal can only be rejected. */
export function reviewKeyboard(language: Language, w: DeskWithdrawal): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (!w.suspension) keyboard.text(t(language, 'operators.review.approve'), decisionData('approve', w.id));
  return keyboard.text(t(language, 'operators.review.reject'), decisionData('reject', w.id));
}

/** After Reject: the reasons the player may be given, their own words, or back. */
export function rejectKeyboard(language: Language, orderId: string): InlineKeyboardMarkup {
  const keyboard = new InlineKeyboard();
  for (const preset of REJECTION_PRESETS) {
    keyboard
      .text(t(language, `operators.review.reject_reasons.${preset}`), `wd:rj:${preset}:${orderId}`)
      .row();
  }
  keyboard
    .text(t(language, 'operators.review.reject_note'), decisionData('note', orderId))
    .text(t(language, 'operators.review.back'), decisionData('back', orderId));
  return { inline_keyboard: keyboard.inline_keyboard };
}

/** After Approve on a large withdrawal: approve for real, or back. */
export function confirmKeyboard(language: Language, w: DeskWithdrawal): InlineKeyboardMarkup {
  const keyboard = new InlineKeyboard()
    .text(
      t(language, 'operators.review.confirm', { amount: formatUsdCents(w.amountCents, language) }),
      decisionData('confirm', w.id),
    )
    .text(t(language, 'operators.review.back'), decisionData('back', w.id));
  return { inline_keyboard: keyboard.inline_keyboard };
}

/** A withdrawal's message as it stands now: with the buttons only while it waits for review. */
export function reviewMessage(language: Language, w: DeskWithdrawal): RenderedMessage {
  const text = reviewText(language, w);
  // A plain markup (not grammY's builder): it is stored as JSON by the outbox and by conversations.
  return w.status === 'review'
    ? { text, reply_markup: { inline_keyboard: reviewKeyboard(language, w).inline_keyboard } }
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
