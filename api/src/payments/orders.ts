/**
 * payment_transactions rows as the payments service reads them: one row per deposit or withdrawal,
 * written before the provider is asked (a withdrawal) or as soon as it answers (a deposit), and
 * settled exactly once, under a row lock, in the same transaction as its ledger transfers.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { rejectionPresetSchema, type Currency, type Rejection } from '@svara/core';
import type { PaymentMethod, PaymentStatus } from '../db/entities/payment-transaction.js';
import { InsufficientBalanceError, ledgerPostArguments, type TransferRequest } from '../ledger/ledger.js';

export interface OrderRow {
  id: string;
  userId: string;
  type: 'deposit' | 'withdrawal';
  trackerId: string;
  amountCents: number | null;
  currency: Currency;
  status: PaymentStatus;
  provider: string;
  method: PaymentMethod;
  providerOrderId: string | null;
  providerStatus: string | null;
  address: string | null;
  addressRaw: string | null;
  /** A deposit address's memo tag, where the provider needs one. */
  memo: string | null;
  /** A withdrawal's address: proven with TON Connect or typed, as it was when asked. */
  addressSource: 'typed' | 'ton_connect' | null;
  payUrl: string | null;
  expiresAt: Date | null;
  feeCents: number;
  idempotencyKey: string | null;
  reviewReason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  failureReason: string | null;
  /** An operator's rejection: why, as the player is told. */
  rejection: Rejection | null;
  /** The bot's invoice message showing this deposit (edited when it settles), if it has one. */
  botMessageId: number | null;
  createdAt: Date;
}

/** Statuses that never change again. */
export const FINAL_STATUSES: readonly PaymentStatus[] = ['success', 'canceled', 'below_minimum'];

export const ORDER_COLUMNS = `id, user_id, type, tracker_id, amount_cents, currency, status, provider, method,
  provider_order_id, provider_status, address, address_raw, memo, address_source, pay_url, expires_at, fee_cents, idempotency_key,
  review_reason, decided_by, decided_at, failure_reason, reject_preset, reject_note, bot_message_id, created_at`;

type Raw = Record<string, unknown>;

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function toOrder(row: Raw): OrderRow {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    type: row.type as OrderRow['type'],
    trackerId: String(row.tracker_id),
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    currency: row.currency as Currency,
    status: row.status as PaymentStatus,
    provider: String(row.provider),
    method: row.method as PaymentMethod,
    providerOrderId: text(row.provider_order_id),
    providerStatus: text(row.provider_status),
    address: text(row.address),
    addressRaw: text(row.address_raw),
    memo: text(row.memo),
    addressSource: (text(row.address_source) as OrderRow['addressSource']) ?? null,
    payUrl: text(row.pay_url),
    expiresAt: date(row.expires_at),
    feeCents: Number(row.fee_cents),
    idempotencyKey: text(row.idempotency_key),
    reviewReason: text(row.review_reason),
    decidedBy: text(row.decided_by),
    decidedAt: date(row.decided_at),
    failureReason: text(row.failure_reason),
    rejection:
      row.reject_preset || row.reject_note
        ? {
            preset: rejectionPresetSchema.safeParse(row.reject_preset).data ?? null,
            note: text(row.reject_note),
          }
        : null,
    botMessageId:
      row.bot_message_id === null || row.bot_message_id === undefined ? null : Number(row.bot_message_id),
    createdAt: new Date(row.created_at as string),
  };
}

/** Reads orders; `db` may be a transaction. */
export function orderQueries(db: Knex | Knex.Transaction) {
  async function one(where: string, bindings: unknown[], lock = false): Promise<OrderRow | null> {
    const result = await db.raw<{ rows: Raw[] }>(
      `select ${ORDER_COLUMNS} from payment_transactions where ${where} limit 1${lock ? ' for update' : ''}`,
      bindings as Knex.RawBinding[],
    );
    const row = result.rows[0];
    return row ? toOrder(row) : null;
  }
  return {
    byId: (id: string, lock = false) => one('id = ?', [id], lock),
    byTracker: (trackerId: string) => one('tracker_id = ?', [trackerId]),
    byIdempotencyKey: (userId: string, key: string) =>
      one('user_id = ? and idempotency_key = ?', [userId, key]),
  };
}

const DEADLOCK = '40P01';
/** ledger_post's SQLSTATE for an overdraw (see the ledger_post migration). */
const OVERDRAWN = 'SV002';

/**
 * Runs `work` in a transaction, again (at most twice more) when PostgreSQL aborts it as a deadlock:
 * a settlement that posts to the ledger more than once locks accounts in more than one step.
 */
export async function inTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await knex.transaction(work);
    } catch (error) {
      if ((error as { code?: unknown }).code === DEADLOCK && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Posts transfers through ledger_post inside the caller's transaction (its locking and checks); an
 * overdraw is the ledger's InsufficientBalanceError and aborts the transaction.
 */
export async function postInTransaction(trx: Knex.Transaction, transfers: TransferRequest[]): Promise<void> {
  if (transfers.length === 0) return;
  try {
    await trx.raw(
      `select 1 from ledger_post(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[])`,
      ledgerPostArguments(transfers),
    );
  } catch (error) {
    const { code, detail } = error as { code?: unknown; detail?: unknown };
    if (code === OVERDRAWN) throw new InsufficientBalanceError(Number(detail));
    throw error;
  }
}
