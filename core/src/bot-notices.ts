/**
 * What the product tells a player (or an operator) in the bot's chat on its own: one schema for the
 * api, which writes each notice into the `bot_notices` outbox in the same transaction as the change
 * it tells of, and for the bot, which reads, renders and sends it. Money in cents.
 */
import { z } from 'zod';
import { rejectionPresetSchema } from './protocol/rest.js';

const cents = z.number().int().nonnegative();
/** The bot's invoice message that a settled invoice edits instead of sending a new one. */
const invoiceMessage = { messageId: z.number().int().positive(), amountCents: cents };

export const BotNoticeSchema = z.discriminatedUnion('kind', [
  /** `amountCents` is what reached the wallet (after the fee). */
  z.object({
    kind: z.literal('deposit_credited'),
    params: z.object({ amountCents: cents, currency: z.string() }),
  }),
  z.object({ kind: z.literal('deposit_below_minimum'), params: z.object({ amountCents: cents }) }),
  z.object({ kind: z.literal('withdrawal_sent'), params: z.object({ amountCents: cents }) }),
  /** The provider failed or refused it; the money is back in the wallet. */
  z.object({ kind: z.literal('withdrawal_failed'), params: z.object({ amountCents: cents }) }),
  /** An operator declined it (the money is back in the wallet), with the reason they gave. */
  z.object({
    kind: z.literal('withdrawal_rejected'),
    params: z.object({
      amountCents: cents,
      preset: rejectionPresetSchema.optional(),
      note: z.string().optional(),
    }),
  }),
  /** A referrer's share of a friend's deposit, added to the referral balance. */
  z.object({ kind: z.literal('referral_bonus'), params: z.object({ amountCents: cents }) }),
  /** Referral earnings moved to the game balance (SPEC §9, at $10). */
  z.object({ kind: z.literal('referral_swept'), params: z.object({ amountCents: cents }) }),
  z.object({ kind: z.literal('referral_joined'), params: z.object({ name: z.string() }) }),
  /** An invoice made in the bot's chat was paid: its message is edited. `creditedCents` after the fee. */
  z.object({
    kind: z.literal('invoice_paid'),
    params: z.object({ ...invoiceMessage, creditedCents: cents }),
  }),
  z.object({ kind: z.literal('invoice_expired'), params: z.object(invoiceMessage) }),
  /** To each operator: a withdrawal waits for review (`orderId` is payment_transactions.id). */
  z.object({ kind: z.literal('withdrawal_review'), params: z.object({ orderId: z.string() }) }),
  /** To each operator: a withdrawal under review was decided; every copy of its review message shows it. */
  z.object({ kind: z.literal('withdrawal_decided'), params: z.object({ orderId: z.string() }) }),
  /** To each registered player: their Sit & Go started and their seat waits at `roomId` (RULES §9). */
  z.object({
    kind: z.literal('tournament_started'),
    params: z.object({ tournamentId: z.string(), roomId: z.string().uuid(), name: z.string() }),
  }),
]);

export type BotNotice = z.infer<typeof BotNoticeSchema>;
export type BotNoticeKind = BotNotice['kind'];
export type BotNoticeParams<K extends BotNoticeKind> = Extract<BotNotice, { kind: K }>['params'];

/** A notice for one chat, with the key that makes writing it twice a no-op. */
export type OutboxNotice = BotNotice & { chatId: string; dedupeKey: string };
