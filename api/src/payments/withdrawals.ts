/**
 * Withdrawals. The money leaves the wallet before anyone is asked: in one transaction the amount
 * moves to the withdrawal hold and the row is written (so two requests can never spend one balance
 * twice); then the provider is called with our id. The hold closes into `withdrawals` when the
 * provider delivers, and goes back to the wallet when it fails, an operator rejects it, or the
 * provider refuses it outright. A provider that does not answer is asked by our id before anything
 * is sent again, so one request is never paid twice (withdrawal-sender.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  MIN_WITHDRAWAL_CENTS,
  SvaraError,
  type Cents,
  type OutboxNotice,
  type RejectionPreset,
  type WithdrawMethod,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { PaymentsConfig } from '../config.js';
import type { Ledger, TransferRequest } from '../ledger/ledger.js';
import type { Logger } from '../logger.js';
import { parseWalletAddress } from '../users/wallet-address.js';
import type { PaymentEffects } from './effects.js';
import type { OrderSnapshot, PaymentGateway } from './gateway.js';
import { inTransaction, orderQueries, postInTransaction, type OrderRow } from './orders.js';
import type { SettleOutcome } from './deposits.js';
import { enqueueNotices } from '../notices/outbox.js';
import { createWithdrawalSender } from './withdrawal-sender.js';

export const WITHDRAWAL_HOLD_REASON = 'withdrawal_hold';
export const WITHDRAWAL_SENT_REASON = 'withdrawal';
export const WITHDRAWAL_REFUND_REASON = 'withdrawal_refund';

export interface WithdrawalRequest {
  amountCents: Cents;
  method: WithdrawMethod;
  /** The address typed on the confirmation screen (method 'address'). */
  receiver?: string | undefined;
  idempotencyKey: string;
}

/** Why a withdrawal waits for an operator. */
export type ReviewReason = 'over_limit' | 'account_flagged' | 'new_address';

export interface WithdrawalsDeps {
  knex: Knex;
  ledger: Ledger;
  effects: PaymentEffects;
  logger: Logger;
  settings: Pick<PaymentsConfig, 'reviewOverCents' | 'reviewNewAddress'>;
  /** The gateway that sends a method's withdrawals; null when none is configured. */
  gatewayFor(method: WithdrawMethod): PaymentGateway | null;
  gatewayNamed(name: string): PaymentGateway | null;
  callbackUrl(provider: string): string;
  /** Operators' Telegram ids: each is told in the bot when a withdrawal waits for review. */
  operators: ReadonlySet<string>;
}

/** Why an operator rejects a withdrawal: a preset reason, a note in their words, or both. */
export interface RejectionInput {
  preset?: RejectionPreset | undefined;
  note?: string | undefined;
}

/** What the player is told when a held withdrawal closes. */
type ClosingNotice = 'withdrawal_sent' | 'withdrawal_failed' | 'withdrawal_rejected';

export function createWithdrawals(deps: WithdrawalsDeps) {
  const { knex, ledger, effects, logger, settings } = deps;
  const orders = orderQueries(knex);

  async function reviewReason(
    userId: string,
    amountCents: Cents,
    method: WithdrawMethod,
    addressRaw: string | null,
    flagged: boolean,
  ): Promise<ReviewReason | null> {
    if (amountCents > settings.reviewOverCents) return 'over_limit';
    if (flagged) return 'account_flagged';
    // A TON Connect-verified wallet still counts as new here: the proof shows that whoever holds this
    // account holds the wallet's key, not that the account's owner does (a stolen account connects the
    // thief's own wallet just as well). The review card says which it is (README "TON Connect").
    if (settings.reviewNewAddress && method === 'address') {
      const before = await knex.raw<{ rows: unknown[] }>(
        `select 1 from payment_transactions where user_id = ? and type = 'withdrawal' and address_raw = ?
           and status = 'success' limit 1`,
        [userId, addressRaw],
      );
      if (before.rows.length === 0) return 'new_address';
    }
    return null;
  }

  /** Every operator's `withdrawal_decided`: each copy of the review message is edited to the outcome. */
  function decidedNotices(orderId: string): OutboxNotice[] {
    return [...deps.operators].map((operatorId) => ({
      chatId: operatorId,
      dedupeKey: `withdrawal-decided:${orderId}:${operatorId}`,
      kind: 'withdrawal_decided' as const,
      params: { orderId },
    }));
  }

  /**
   * Moves a held withdrawal's money on (sent) or back (returned), once, with the row's new status.
   * `told` adds to the player's notice (a rejection's reason) and to whom else it is told.
   */
  async function closeHold(
    orderId: string,
    to: 'sent' | 'returned',
    fromStatuses: OrderRow['status'][],
    fields: Record<string, unknown>,
    notice: ClosingNotice,
    told: { rejection?: RejectionInput; operators?: boolean } = {},
  ): Promise<OrderRow | null> {
    const seen = await orders.byId(orderId);
    if (!seen || seen.type !== 'withdrawal' || !fromStatuses.includes(seen.status)) return null;
    // Resolved before the transaction, which must not wait for a second connection (see deposits.ts).
    const [hold, destination] = await Promise.all([
      ledger.systemShard('withdrawal_hold', seen.id),
      to === 'sent' ? ledger.systemShard('withdrawals', seen.id) : ledger.playerWallet(seen.userId),
    ]);
    return inTransaction(knex, async (trx) => {
      const row = await orderQueries(trx).byId(orderId, true);
      if (!row || !fromStatuses.includes(row.status)) return null;
      const transfer: TransferRequest = {
        idempotencyKey: `${to === 'sent' ? 'withdrawal-sent' : 'withdrawal-refund'}:${row.id}`,
        debitAccountId: hold,
        creditAccountId: destination,
        amount: row.amountCents!,
        reason: to === 'sent' ? WITHDRAWAL_SENT_REASON : WITHDRAWAL_REFUND_REASON,
        metadata: { orderId: row.id },
      };
      const columns = Object.keys(fields);
      await trx.raw(
        `update payment_transactions set status = ?, settled_at = now(), updated_at = now()
           ${columns.map((c) => `, ${c} = ?`).join('')} where id = ?`,
        [to === 'sent' ? 'success' : 'canceled', ...columns.map((c) => fields[c] as Knex.Value), row.id],
      );
      await postInTransaction(trx, [transfer]);
      // A withdrawal closes once, so one key per withdrawal.
      const why = told.rejection ?? {};
      await enqueueNotices(trx, [
        {
          chatId: row.userId,
          dedupeKey: `withdrawal:${row.id}`,
          kind: notice,
          params: {
            amountCents: row.amountCents!,
            ...(why.preset ? { preset: why.preset } : {}),
            ...(why.note ? { note: why.note } : {}),
          },
        } as OutboxNotice,
        ...(told.operators ? decidedNotices(row.id) : []),
      ]);
      return row;
    });
  }

  async function settle(orderId: string, snapshot: OrderSnapshot): Promise<SettleOutcome> {
    if (snapshot.status === 'paid') {
      const row = await closeHold(
        orderId,
        'sent',
        ['pending'],
        {
          provider_status: snapshot.providerStatus,
          tx_id: snapshot.txId,
        },
        'withdrawal_sent',
      );
      if (!row) return 'unchanged';
      effects.noticesWritten();
      return 'credited';
    }
    if (snapshot.status === 'failed' || snapshot.status === 'expired') {
      const row = await closeHold(
        orderId,
        'returned',
        ['pending'],
        {
          provider_status: snapshot.providerStatus,
          failure_reason: `provider: ${snapshot.providerStatus}`,
        },
        'withdrawal_failed',
      );
      if (!row) return 'unchanged';
      await effects.withdrawalReturned(row.userId, row.amountCents!, 'failed');
      return 'canceled';
    }
    await knex.raw(
      `update payment_transactions set provider_status = ?, updated_at = now() where id = ? and status = 'pending'`,
      [snapshot.providerStatus, orderId],
    );
    return 'unchanged';
  }

  /** Records the provider's id of a sent withdrawal; a final answer settles it at once. */
  async function accepted(row: OrderRow, providerOrderId: string, status: OrderSnapshot['status']) {
    await knex.raw(
      `update payment_transactions set provider_order_id = ?, provider_status = ?, updated_at = now()
        where id = ? and provider_order_id is null`,
      [providerOrderId, status, row.id],
    );
    if (status !== 'pending') {
      await settle(row.id, {
        providerOrderId,
        orderId: row.id,
        kind: 'withdrawal',
        status,
        providerStatus: status,
        amountCents: row.amountCents,
        rawAmount: null,
        rawAsset: null,
        rate: null,
        txId: null,
      });
    }
  }

  const sender = createWithdrawalSender({
    logger,
    gatewayNamed: deps.gatewayNamed,
    callbackUrl: deps.callbackUrl,
    accepted,
    async refused(row, error) {
      const returned = await closeHold(
        row.id,
        'returned',
        ['pending'],
        { failure_reason: `refused: ${error.message}`.slice(0, 500) },
        'withdrawal_failed',
      );
      if (returned) await effects.withdrawalReturned(row.userId, row.amountCents!, 'failed');
    },
  });
  const { send } = sender;

  return {
    settle,
    send,
    /** The reconciler's turn at a withdrawal without the provider's id (withdrawal-sender.ts). */
    resume: sender.resume,

    /** A player's request; see the module's comment. Answers the same for the same idempotency key. */
    async request(userId: string, input: WithdrawalRequest): Promise<OrderRow> {
      const again = await orders.byIdempotencyKey(userId, input.idempotencyKey);
      if (again) return sameRequest(again, input);
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < MIN_WITHDRAWAL_CENTS) {
        throw new SvaraError('invalid_amount', 'below the minimum withdrawal');
      }
      const user = (
        await knex.raw<{
          rows: {
            wallet_address: string | null;
            wallet_address_raw: string | null;
            wallet_source: 'typed' | 'ton_connect' | null;
            withdrawal_review: boolean;
          }[];
        }>(
          `select wallet_address, wallet_address_raw, wallet_source, withdrawal_review from users where telegram_id = ?`,
          [userId],
        )
      ).rows[0];
      if (!user) throw new SvaraError('not_found', 'no such user');
      let address: string | null = null;
      let addressRaw: string | null = null;
      let addressSource: 'typed' | 'ton_connect' | null = null;
      if (input.method === 'address') {
        if (!user.wallet_address_raw || !input.receiver) {
          throw new SvaraError('wallet_address_required', 'no withdrawal address');
        }
        if (parseWalletAddress(input.receiver).raw !== user.wallet_address_raw) {
          throw new SvaraError('invalidAddress', 'withdrawals go only to the address on the account');
        }
        address = user.wallet_address;
        addressRaw = user.wallet_address_raw;
        addressSource = user.wallet_source ?? 'typed';
      }
      const gateway = deps.gatewayFor(input.method);
      if (!gateway) throw new SvaraError('not_available', `no provider for ${input.method} withdrawals`);
      if (input.amountCents > (await ledger.walletBalance(userId))) {
        throw new SvaraError('insufficientBalance', 'withdrawal above the balance');
      }
      const review = await reviewReason(
        userId,
        input.amountCents,
        input.method,
        addressRaw,
        user.withdrawal_review,
      );
      const id = randomUUID();
      const [wallet, hold] = await Promise.all([
        ledger.playerWallet(userId),
        ledger.systemShard('withdrawal_hold', id),
      ]);
      try {
        await inTransaction(knex, async (trx) => {
          await trx.raw(
            `insert into payment_transactions (id, user_id, type, tracker_id, amount_cents, currency, status, provider,
               method, address, address_raw, address_source, idempotency_key, review_reason)
             values (?, ?, 'withdrawal', ?, ?, 'USDTTON', ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              id,
              userId,
              id,
              input.amountCents,
              review ? 'review' : 'pending',
              gateway.name,
              input.method,
              address,
              addressRaw,
              addressSource,
              input.idempotencyKey,
              review,
            ],
          );
          await postInTransaction(trx, [
            {
              idempotencyKey: `withdrawal-hold:${id}`,
              debitAccountId: wallet,
              creditAccountId: hold,
              amount: input.amountCents,
              reason: WITHDRAWAL_HOLD_REASON,
              metadata: { orderId: id },
            },
          ]);
          if (review) {
            await enqueueNotices(
              trx,
              [...deps.operators].map((operatorId) => ({
                chatId: operatorId,
                dedupeKey: `withdrawal-review:${id}:${operatorId}`,
                kind: 'withdrawal_review' as const,
                params: { orderId: id },
              })),
            );
          }
        });
      } catch (error) {
        // The same key raced in from a second request: answer as that one did.
        if ((error as { code?: unknown }).code === '23505') {
          const winner = await orders.byIdempotencyKey(userId, input.idempotencyKey);
          if (winner) return sameRequest(winner, input);
        }
        throw error;
      }
      effects.walletChanged(userId);
      if (review) effects.noticesWritten();
      const row = (await orders.byId(id))!;
      if (row.status === 'pending') {
        const sent = await send(row);
        if (sent === 'refused')
          throw new SvaraError('withdraw_failed', 'the provider refused the withdrawal');
      }
      return (await orders.byId(id))!;
    },

    /**
     * An operator's decision on a withdrawal under review; once only, whoever presses first. Approval
     * sends it; rejection returns the money.
     */
    async decide(
      operatorId: string,
      orderId: string,
      decision: 'approve' | 'reject',
      reason: RejectionInput = {},
    ) {
      const row = await orders.byId(orderId);
      if (!row || row.type !== 'withdrawal') throw new SvaraError('not_found', 'no such withdrawal');
      if (decision === 'approve') {
        // A suspended account withdraws nothing (account_suspended), and that holds for a request made
        // before the suspension too: its approval is refused in the same statement that would take it.
        const taken = await inTransaction(knex, async (trx) => {
          const updated = await trx.raw<{ rows: unknown[] }>(
            `update payment_transactions p
                set status = 'pending', decided_by = ?, decided_at = now(), updated_at = now()
              where p.id = ? and p.status = 'review'
                and not exists (select 1 from users u where u.telegram_id = p.user_id and u.suspended_at is not null)
              returning p.id`,
            [operatorId, orderId],
          );
          if (updated.rows.length > 0) await enqueueNotices(trx, decidedNotices(orderId));
          return updated.rows.length > 0;
        });
        if (!taken) {
          const now = await orders.byId(orderId);
          if (now?.status === 'review')
            throw new SvaraError('player_suspended', 'the player is suspended: unsuspend or reject');
          throw new SvaraError('withdrawal_already_decided', 'decided before');
        }
        logger.info({ orderId, operatorId }, 'withdrawal approved');
        effects.noticesWritten();
        await send((await orders.byId(orderId))!);
      } else {
        const note = reason.note?.trim().slice(0, 500) || undefined;
        const rejection: RejectionInput = {
          ...(reason.preset ? { preset: reason.preset } : {}),
          ...(note ? { note } : {}),
        };
        const returned = await closeHold(
          orderId,
          'returned',
          ['review'],
          {
            decided_by: operatorId,
            decided_at: new Date(),
            failure_reason: `rejected: ${[rejection.preset, note].filter(Boolean).join('; ')}`
              .trim()
              .slice(0, 500),
            reject_preset: rejection.preset ?? null,
            reject_note: note ?? null,
          },
          'withdrawal_rejected',
          { rejection, operators: true },
        );
        if (!returned) throw new SvaraError('withdrawal_already_decided', 'decided before');
        logger.info({ orderId, operatorId, rejection }, 'withdrawal rejected');
        await effects.withdrawalReturned(returned.userId, returned.amountCents!, 'rejected');
      }
      return (await orders.byId(orderId))!;
    },
  };
}

/** A repeated idempotency key: the first request's row, if it asked for the same thing. */
function sameRequest(row: OrderRow, input: WithdrawalRequest): OrderRow {
  const sameAddress =
    input.method !== 'address' || !input.receiver || safeRaw(input.receiver) === row.addressRaw;
  if (row.amountCents !== input.amountCents || row.method !== input.method || !sameAddress) {
    throw new SvaraError('idempotency_key_reused', 'the key was used for another withdrawal');
  }
  if (row.status === 'canceled' && row.failureReason?.startsWith('refused')) {
    throw new SvaraError('withdraw_failed', 'the provider refused the withdrawal');
  }
  return row;
}

function safeRaw(address: string): string | null {
  try {
    return parseWalletAddress(address).raw;
  } catch {
    return null;
  }
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
