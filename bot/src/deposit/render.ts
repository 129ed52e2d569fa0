/**
 * The deposit's messages: the question with the preset amounts, and the one invoice message, drawn
 * for each state it goes through (open with a Pay button; paid; expired; replaced by a newer one).
 * The outbox (bot/src/outbox) edits the message with `renderInvoiceMessage` when the invoice settles.
 */
import {
  DEPOSIT_FEE_BPS,
  formatPercent,
  formatUsdCents,
  MIN_DEPOSIT_CENTS,
  shareRoundedDown,
  type Cents,
} from '@svara/core';
import { InlineKeyboard } from 'grammy';
import { t, type Language } from '../i18n.js';
import { playKeyboard } from '../keyboards.js';
import { MAX_DEPOSIT_CENTS, PRESET_AMOUNTS_CENTS, type AmountProblem } from './amount.js';

/** A preset button's data: `deposit:amount:<cents>`. */
export const PRESET_CALLBACK = /^deposit:amount:(\d{1,9})$/;
const presetData = (cents: Cents) => `deposit:amount:${cents}`;

export type InvoiceMessageState =
  | { status: 'open'; amountCents: Cents; feeCents: Cents; expiresAt: Date; payUrl: string }
  /** `creditedCents` reached the wallet (after the fee); `balanceCents` is the wallet now. */
  | { status: 'paid'; amountCents: Cents; creditedCents: Cents; balanceCents: Cents }
  | { status: 'expired'; amountCents: Cents }
  /** The same invoice is shown again in a newer message, which alone is kept up to date. */
  | { status: 'replaced'; amountCents: Cents };

export interface RenderedMessage {
  text: string;
  reply_markup?: InlineKeyboard;
}

/** The fee kept from a deposit of `amountCents` (1 %, rounded down to the cent). */
export function depositFee(amountCents: Cents): Cents {
  return shareRoundedDown(amountCents, DEPOSIT_FEE_BPS);
}

/** "14:35": an instant's time of day in UTC, which the text names. */
function utcTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}

/**
 * The invoice message in `language`. Once paid it carries a Play button when `miniAppUrl` is given;
 * once paid, expired or replaced it has no Pay button (editing without one removes it).
 */
export function renderInvoiceMessage(
  language: Language,
  state: InvoiceMessageState,
  options: { miniAppUrl?: string } = {},
): RenderedMessage {
  const usd = (cents: Cents) => formatUsdCents(cents, language);
  const amount = usd(state.amountCents);
  switch (state.status) {
    case 'open':
      return {
        text: t(language, 'deposit.invoice', {
          amount,
          percent: formatPercent(DEPOSIT_FEE_BPS / 100, language),
          fee: usd(state.feeCents),
          credited: usd(state.amountCents - state.feeCents),
          time: utcTime(state.expiresAt),
        }),
        reply_markup: new InlineKeyboard().url(t(language, 'deposit.pay'), state.payUrl),
      };
    case 'paid':
      return {
        text: t(language, 'deposit.paid', {
          amount,
          credited: usd(state.creditedCents),
          balance: usd(state.balanceCents),
        }),
        ...(options.miniAppUrl ? { reply_markup: playKeyboard(language, options.miniAppUrl) } : {}),
      };
    case 'expired':
      return { text: t(language, 'deposit.expired', { amount }) };
    case 'replaced':
      return { text: t(language, 'deposit.replaced', { amount }) };
  }
}

/** The preset amounts, two to a row. */
export function amountKeyboard(language: Language): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  PRESET_AMOUNTS_CENTS.forEach((cents, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(formatUsdCents(cents, language), presetData(cents));
  });
  return keyboard;
}

/** The question, optionally after what was wrong with the last answer. */
export function askAmount(language: Language, problem?: AmountProblem): RenderedMessage {
  const question = t(language, 'deposit.ask', {
    minimum: formatUsdCents(MIN_DEPOSIT_CENTS, language),
  });
  const text = problem ? `${amountProblemText(language, problem)}\n\n${question}` : question;
  return { text, reply_markup: amountKeyboard(language) };
}

export function amountProblemText(language: Language, problem: AmountProblem): string {
  const limit = (cents: Cents) => formatUsdCents(cents, language);
  switch (problem) {
    case 'format':
      return t(language, 'deposit.bad_format');
    case 'precision':
      return t(language, 'deposit.bad_precision');
    case 'below_minimum':
      return t(language, 'deposit.below_minimum', { minimum: limit(MIN_DEPOSIT_CENTS) });
    case 'above_maximum':
      return t(language, 'deposit.above_maximum', { maximum: limit(MAX_DEPOSIT_CENTS) });
  }
}
