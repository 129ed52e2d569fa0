/**
 * Issuing an invoice in the bot's chat: the invoice (an open one of the same amount is given again),
 * ONE message showing it, and that message recorded on the order so the outbox edits it when the
 * invoice settles. Runs once per amount chosen, inside the conversation (as one external step) or
 * from a preset button whose conversation is over.
 */
import { SvaraError, type Cents, type ErrorCode } from '@svara/core';
import type { Api } from 'grammy';
import { t, type BotTextKey, type Language } from '../i18n.js';
import type { BotLogger, LedgerPort, PaymentsPort } from '../ports.js';
import { depositFee, renderInvoiceMessage, type InvoiceMessageState } from './render.js';

export interface IssueDeps {
  api: Api;
  payments: PaymentsPort;
  ledger: LedgerPort;
  miniAppUrl: string;
  logger: BotLogger;
}

export interface IssueRequest {
  userId: string;
  chatId: number;
  language: Language;
  amountCents: Cents;
}

/** What happened, as plain JSON (a conversation stores it). */
export type IssueOutcome =
  | {
      issued: true;
      trackerId: string;
      messageId: number;
      status: 'open' | 'paid' | 'expired';
      reused: boolean;
    }
  | { issued: false; refusal: ErrorCode };

/** Refusals the player is told about in words; anything else is a failure for the error handler. */
const REFUSALS: Partial<Record<ErrorCode, BotTextKey>> = {
  not_available: 'deposit.unavailable',
  account_suspended: 'deposit.suspended',
  payment_provider_unavailable: 'deposit.provider_down',
  invalid_amount: 'deposit.unavailable',
};

export async function issueInvoice(deps: IssueDeps, request: IssueRequest): Promise<IssueOutcome> {
  const { api, payments, logger } = deps;
  const { userId, chatId, language, amountCents } = request;

  let invoice;
  try {
    invoice = await payments.chatInvoice(userId, amountCents);
  } catch (error) {
    // Player protection's refusals (no agreement, a cool-off, over the deposit limit) carry their own
    // text, with the amount left or the end of the break (api/src/protection/errors.ts).
    const own = error as { localize?: (language: string) => string };
    if (error instanceof SvaraError && typeof own.localize === 'function') {
      await api.sendMessage(chatId, own.localize(language));
      return { issued: false, refusal: error.code };
    }
    const key = error instanceof SvaraError ? REFUSALS[error.code] : undefined;
    if (!key || !(error instanceof SvaraError)) throw error;
    await api.sendMessage(chatId, t(language, key));
    return { issued: false, refusal: error.code };
  }

  const open = renderInvoiceMessage(language, {
    status: 'open',
    amountCents: invoice.amountCents,
    feeCents: depositFee(invoice.amountCents),
    expiresAt: new Date(invoice.expiresAt),
    payUrl: invoice.payUrl,
  });
  const message = await api.sendMessage(chatId, open.text, { reply_markup: open.reply_markup! });
  const attached = await payments.attachInvoiceMessage(userId, invoice.trackerId, chatId, message.message_id);

  // A reused invoice: only the newest message follows it, the older one says where it went.
  if (attached.previous) {
    const replaced = renderInvoiceMessage(language, { status: 'replaced', amountCents: invoice.amountCents });
    await api
      .editMessageText(attached.previous.chatId, attached.previous.messageId, replaced.text)
      .catch((error: unknown) => logger.warn({ err: error, chatId }, 'replaced invoice message not edited'));
  }

  // Settled before the message was recorded (a fast payer): no notice will come, so edit it now.
  let final: InvoiceMessageState | null = null;
  if (attached.status === 'paid') {
    final = {
      status: 'paid',
      amountCents: attached.amountCents,
      creditedCents: attached.creditedCents,
      balanceCents: await deps.ledger.walletBalance(userId),
    };
  } else if (attached.status === 'expired') {
    final = { status: 'expired', amountCents: attached.amountCents };
  }
  if (final) {
    const edited = renderInvoiceMessage(language, final, { miniAppUrl: deps.miniAppUrl });
    await api.editMessageText(
      chatId,
      message.message_id,
      edited.text,
      edited.reply_markup ? { reply_markup: edited.reply_markup } : {},
    );
  }
  return {
    issued: true,
    trackerId: invoice.trackerId,
    messageId: message.message_id,
    status: attached.status,
    reused: invoice.reused,
  };
}
