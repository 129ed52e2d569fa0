/**
 * Invoices shown in the bot's chat: the one message per invoice that the bot edits when it settles.
 *
 * - `openInvoice` gives a player's open invoice of the same amount again (same tracker id and pay
 *   URL) while it has time left, so one deposit never shows as two; otherwise it makes a new one
 *   through the same path as the Mini App's 'more' tab.
 * - `attachInvoiceMessage` records which chat message shows the invoice
 *   (payment_transactions.bot_chat_id / bot_message_id). It answers the row's state as of that
 *   write, so an invoice paid before its message was recorded (a fast payer) is edited by the bot
 *   right away, and the message it replaces (a reused invoice) so the bot can retire it.
 *
 * Why this is race-free with settlement: the attach is one UPDATE of the order's row, and settling is
 * an UPDATE of the same row, so one waits for the other. Either the attach comes first (it answers
 * 'open', and settlement sees the message on the row it updates and tells the bot to edit it), or
 * settlement comes first (the attach answers the final state and the bot edits the message itself).
 */
import { dollarsToCents, SvaraError, type Cents, type InvoiceResponse } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { z } from 'zod';

/** An invoice with less than this left is not handed out again: the player needs time to pay. */
export const INVOICE_REUSE_MIN_REMAINING_MS = 10 * 60_000;

/** An invoice as the bot shows it (plain JSON: a conversation stores it); `reused`: given again. */
export interface ChatInvoice {
  trackerId: string;
  payUrl: string;
  amountCents: Cents;
  /** ISO time after which it cannot be paid. */
  expiresAt: string;
  reused: boolean;
}

/** Where an invoice is shown in the bot's chat. */
export interface InvoiceMessageRef {
  chatId: string;
  messageId: number;
}

/** The invoice's state when its message was recorded. */
export type AttachedInvoiceState =
  | { status: 'open'; amountCents: Cents }
  /** Credited: `creditedCents` reached the wallet (after the fee). */
  | { status: 'paid'; amountCents: Cents; creditedCents: Cents }
  /** Expired or cancelled at the provider: nothing will arrive. */
  | { status: 'expired'; amountCents: Cents };

export type AttachedInvoice = AttachedInvoiceState & {
  /** The message that showed this invoice before (now replaced), if it was another one. */
  previous: InvoiceMessageRef | null;
};

const telegramId = z.union([z.string().regex(/^-?\d{1,20}$/), z.number().int()]).transform(String);
const attachSchema = z.object({
  userId: telegramId,
  trackerId: z.string().min(1).max(200),
  chatId: telegramId,
  messageId: z.number().int().positive(),
});

export interface InvoiceMessagesDeps {
  knex: Knex;
  now(): Date;
  /** The provider that issues invoices now (its name), or null when none does. */
  invoiceProvider(): string | null;
}

export function createInvoiceMessages(deps: InvoiceMessagesDeps) {
  const { knex } = deps;

  /** `create` makes a new invoice: the payments service's `invoice` (the Mini App's 'more' tab). */
  async function openInvoice(
    userId: string,
    amountCents: Cents,
    create: () => Promise<InvoiceResponse>,
  ): Promise<ChatInvoice> {
    const provider = deps.invoiceProvider();
    if (provider !== null) {
      const open = await knex.raw<{ rows: Record<string, unknown>[] }>(
        `select tracker_id, pay_url, amount_cents, expires_at from payment_transactions
          where user_id = ? and type = 'deposit' and method = 'invoice' and status = 'pending'
            and provider = ? and amount_cents = ? and pay_url is not null and expires_at > ?
          order by created_at desc limit 1`,
        [userId, provider, amountCents, new Date(deps.now().getTime() + INVOICE_REUSE_MIN_REMAINING_MS)],
      );
      const row = open.rows[0];
      if (row) {
        return {
          trackerId: String(row.tracker_id),
          payUrl: String(row.pay_url),
          amountCents: Number(row.amount_cents),
          expiresAt: new Date(row.expires_at as string).toISOString(),
          reused: true,
        };
      }
    }
    // No provider: the invoice path answers not_available itself.
    const created = await create();
    return {
      trackerId: created.trackerId,
      payUrl: created.payUrl,
      amountCents: dollarsToCents(created.amount),
      expiresAt: created.expiresAt,
      reused: false,
    };
  }

  async function attachInvoiceMessage(
    userId: string,
    trackerId: string,
    chatId: string | number,
    messageId: number,
  ): Promise<AttachedInvoice> {
    const parsed = attachSchema.safeParse({ userId, trackerId, chatId, messageId });
    if (!parsed.success)
      throw new SvaraError('validation_failed', `invoice message: ${parsed.error.message}`);
    const input = parsed.data;
    // The CTE locks the row and keeps the reference being replaced; the UPDATE's RETURNING reads the
    // row as it is after any settlement that committed first.
    const result = await knex.raw<{ rows: Record<string, unknown>[] }>(
      `with old as (
         select id, bot_chat_id, bot_message_id from payment_transactions
          where tracker_id = ? and user_id = ? and type = 'deposit' and method = 'invoice'
          for update),
       updated as (
         update payment_transactions p set bot_chat_id = ?, bot_message_id = ?, updated_at = now()
           from old where p.id = old.id
         returning p.id, p.status, p.amount_cents, p.fee_cents, old.bot_chat_id as previous_chat_id,
           old.bot_message_id as previous_message_id),
       -- Credited before its message was known: the bot edits the message to say so, and the plain
       -- "deposit credited" notice, if not sent yet, is not sent as well.
       quieted as (
         update bot_notices set status = 'expired', last_error = 'shown in the invoice message'
          where dedupe_key in (select 'deposit:' || id from updated where status = 'success')
            and kind = 'deposit_credited' and status = 'pending')
       select * from updated`,
      [input.trackerId, input.userId, input.chatId, input.messageId],
    );
    const row = result.rows[0];
    if (!row) throw new SvaraError('not_found', `no invoice ${input.trackerId} of ${input.userId}`);
    const amountCents = Number(row.amount_cents ?? 0);
    const previousChat = row.previous_chat_id === null ? null : String(row.previous_chat_id);
    const previousMessage = row.previous_message_id === null ? null : Number(row.previous_message_id);
    const previous =
      previousChat !== null &&
      previousMessage !== null &&
      !(previousChat === input.chatId && previousMessage === input.messageId)
        ? { chatId: previousChat, messageId: previousMessage }
        : null;
    switch (row.status) {
      case 'success':
        return {
          status: 'paid',
          amountCents,
          creditedCents: amountCents - Number(row.fee_cents ?? 0),
          previous,
        };
      case 'expired':
      case 'canceled':
      case 'below_minimum':
        return { status: 'expired', amountCents, previous };
      default:
        return { status: 'open', amountCents, previous };
    }
  }

  return { openInvoice, attachInvoiceMessage };
}

export type InvoiceMessages = ReturnType<typeof createInvoiceMessages>;
