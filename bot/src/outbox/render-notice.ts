/**
 * A notice as the message it becomes, in the reader's language: a new message with a "Play" button
 * for most, an edit of the bot's invoice message for a settled invoice, and the review card for an
 * operator. Rendering reads the present (a balance, an order's state), so a late notice is not stale.
 */
import {
  formatUsdCents,
  inviteStartParam,
  type BotNotice,
  type BotNoticeParams,
  type Cents,
} from '@svara/core';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { pickLanguage, shared, t, type Language, type TextParams } from '../i18n.js';
import { openTableKeyboard, playKeyboard } from '../keyboards.js';
import type { ReviewCopies } from '../operators/review-copies.js';
import type { LedgerPort, UsersPort } from '../ports.js';

export interface MessageContent {
  text: string;
  reply_markup?: InlineKeyboardMarkup;
}

export type RenderedNotice =
  /** `afterSend` learns the new message's id (a review card's copy is remembered). */
  | ({ action: 'send'; afterSend?: (messageId: number) => Promise<void> } & MessageContent)
  /** Several earlier messages all shown as `content` (every copy of a decided review card). */
  | { action: 'edit_all'; messageIds: number[]; content: MessageContent }
  /** `fallback` is sent instead when the message can no longer be edited (deleted, too old). */
  | ({ action: 'edit'; messageId: number; fallback: MessageContent } & MessageContent)
  /** Nothing to say any more (e.g. a review already decided). */
  | { action: 'skip' };

/** The invoice message's states, as the /deposit flow draws them (bot/src/deposit). */
export type InvoiceMessageState =
  | { status: 'paid'; amountCents: Cents; creditedCents: Cents; balanceCents: Cents }
  | { status: 'expired'; amountCents: Cents };

export interface NoticeRendererDeps {
  users: Pick<UsersPort, 'get'>;
  ledger: LedgerPort;
  miniAppUrl: string;
  invoiceMessage(language: Language, state: InvoiceMessageState): MessageContent;
  /** An operator's review card for a withdrawal; null once it is no longer waiting. */
  withdrawalReview(orderId: string, language: Language): Promise<MessageContent | null>;
  /** The review card as the withdrawal stands now, whatever its state; null for an unknown one. */
  withdrawalCard(orderId: string, language: Language): Promise<MessageContent | null>;
  /** The review cards posted, so a decision edits each of them. */
  reviewCopies: ReviewCopies;
}

/** Display names of the deposit currencies (USDTTON is USDT on TON). */
const CURRENCY_NAMES: Record<string, string> = { USDTTON: 'USDT', TON: 'TON' };

type PlainKind = Exclude<
  BotNotice['kind'],
  | 'invoice_paid'
  | 'invoice_expired'
  | 'withdrawal_review'
  | 'withdrawal_decided'
  | 'withdrawal_rejected'
  | 'tournament_started'
>;

/** The text parameters of each plain notice; `usd` writes cents for the reader's language. */
const TEXT_PARAMS: {
  [K in PlainKind]: (params: BotNoticeParams<K>, usd: (cents: Cents) => string) => TextParams;
} = {
  deposit_credited: (p, usd) => ({
    amount: usd(p.amountCents),
    currency: CURRENCY_NAMES[p.currency] ?? p.currency,
  }),
  deposit_below_minimum: (p, usd) => ({ amount: usd(p.amountCents) }),
  withdrawal_sent: (p, usd) => ({ amount: usd(p.amountCents) }),
  withdrawal_failed: (p, usd) => ({ amount: usd(p.amountCents) }),
  referral_bonus: (p, usd) => ({ amount: usd(p.amountCents) }),
  referral_swept: (p, usd) => ({ amount: usd(p.amountCents) }),
  referral_joined: (p) => ({ name: p.name }),
};

export function createNoticeRenderer(deps: NoticeRendererDeps) {
  const { users, ledger, miniAppUrl } = deps;

  return async function render(chatId: string, notice: BotNotice): Promise<RenderedNotice> {
    const language = pickLanguage((await users.get(chatId))?.languageCode);
    const usd = (cents: Cents) => formatUsdCents(cents, language);
    const play = playKeyboard(language, miniAppUrl);
    switch (notice.kind) {
      case 'invoice_paid': {
        const { messageId, amountCents, creditedCents } = notice.params;
        const balanceCents = await ledger.walletBalance(chatId);
        const content = deps.invoiceMessage(language, {
          status: 'paid',
          amountCents,
          creditedCents,
          balanceCents,
        });
        return { action: 'edit', messageId, ...content, fallback: content };
      }
      case 'invoice_expired': {
        const { messageId, amountCents } = notice.params;
        const content = deps.invoiceMessage(language, { status: 'expired', amountCents });
        // An expired invoice nobody can see any more needs no message of its own.
        return { action: 'edit', messageId, ...content, fallback: { text: '' } };
      }
      case 'withdrawal_review': {
        const { orderId } = notice.params;
        const card = await deps.withdrawalReview(orderId, language);
        if (!card) return { action: 'skip' };
        return {
          action: 'send',
          ...card,
          afterSend: (messageId) => deps.reviewCopies.remember(orderId, chatId, messageId),
        };
      }
      case 'withdrawal_decided': {
        const { orderId } = notice.params;
        const [messageIds, card] = await Promise.all([
          deps.reviewCopies.of(orderId, chatId),
          deps.withdrawalCard(orderId, language),
        ]);
        if (!card || messageIds.length === 0) return { action: 'skip' };
        return { action: 'edit_all', messageIds, content: card };
      }
      case 'withdrawal_rejected': {
        const { amountCents, preset, note } = notice.params;
        const lines = [t(language, 'notify.withdrawal_rejected', { amount: usd(amountCents) })];
        const reason = [preset ? shared(language, `wallet.rejectReasons.${preset}`) : null, note ?? null]
          .filter(Boolean)
          .join(' ');
        if (reason) lines.push(t(language, 'notify.rejection_reason', { reason }));
        return { action: 'send', text: lines.join('\n'), reply_markup: play };
      }
      case 'tournament_started': {
        // The button opens the Mini App at the table, where the player's seat is already taken.
        const { roomId, name } = notice.params;
        return {
          action: 'send',
          text: t(language, 'notify.tournament_started', { name }),
          reply_markup: openTableKeyboard(language, miniAppUrl, inviteStartParam(roomId, chatId)),
        };
      }
      case 'deposit_credited': {
        const params = TEXT_PARAMS.deposit_credited(notice.params, usd);
        const balance = usd(await ledger.walletBalance(chatId));
        return {
          action: 'send',
          text: t(language, 'notify.deposit_credited', { ...params, balance }),
          reply_markup: play,
        };
      }
      default: {
        const params = (TEXT_PARAMS[notice.kind] as (p: unknown, u: typeof usd) => TextParams)(
          notice.params,
          usd,
        );
        return { action: 'send', text: t(language, `notify.${notice.kind}`, params), reply_markup: play };
      }
    }
  };
}

export type NoticeRenderer = ReturnType<typeof createNoticeRenderer>;
