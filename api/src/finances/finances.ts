/**
 * Deposits and withdrawals. No payment provider is connected yet: requests are validated so the
 * answers are right, then refused as not available — never a made-up address or a pretend success.
 * Confirmed deposits (from a provider, later) go through `creditDeposit`, which moves the money in
 * the ledger and pays the referrer.
 */
import { randomUUID } from 'node:crypto';
import {
  centsToDollars,
  dollarsToCents,
  MIN_WITHDRAWAL_CENTS,
  REFERRAL_QUALIFYING_DEPOSIT_CENTS,
  REFERRAL_SWEEP_CENTS,
  referralLevel,
  shareRoundedDown,
  SvaraError,
  type Currency,
  type TransactionItem,
  type transactionRequestSchema,
} from '@svara/core';
import type { z } from 'zod';
import { PaymentTransactionSchema, ReferralSchema, UserSchema } from '../db/entities/index.js';
import { knexOf, type Orm } from '../db/orm.js';
import { InsufficientBalanceError, type Ledger } from '../ledger/ledger.js';
import type { WalletEvents } from '../ledger/wallet-events.js';
import type { PlayerNotices } from './notices.js';
import { REFERRAL_BONUS_REASON } from '../users/users.js';
import { parseWalletAddress } from '../users/wallet-address.js';

export type TransactionRequestInput = z.output<typeof transactionRequestSchema>;

/** A refusal with an HTTP status other than its code's usual one. */
export class NotAvailableError extends SvaraError {
  readonly status = 501;
}

export const DEPOSIT_REASON = 'deposit';

export interface DepositCredit {
  userId: string;
  /** The provider's id of the payment; crediting the same tracker id again changes nothing. */
  trackerId: string;
  amountCents: number;
  currency: Currency;
}

export interface FinancesService {
  /** The caller's own deposits and withdrawals, newest first; forbidden for anyone else's. */
  history(callerId: string, userId: string): Promise<TransactionItem[]>;
  /** Validates a deposit or withdrawal request; with no payment provider it always ends refused. */
  requestTransaction(callerId: string, request: TransactionRequestInput): Promise<never>;
  /**
   * Credits a confirmed deposit once per tracker id, qualifies the referral and pays the referrer;
   * the player and the referrer hear of it through `notices`.
   */
  creditDeposit(credit: DepositCredit): Promise<{ credited: boolean }>;
}

export function createFinancesService(deps: {
  orm: Orm;
  ledger: Ledger;
  wallets: WalletEvents;
  notices: PlayerNotices;
}): FinancesService {
  const { orm, ledger, wallets, notices } = deps;
  const knex = knexOf(orm);

  async function payReferrer(referredId: string, trackerId: string, amountCents: number) {
    const em = orm.em.fork();
    const referral = await em.findOne(ReferralSchema, { referredId });
    const bonusKey = `referral:${trackerId}`;
    // The bonus depends on the level at the time; once paid for this deposit it is never recomputed.
    if (!referral || (await ledger.findTransfer(bonusKey))) return;
    if (!referral.qualified) {
      const deposited = await knex.raw<{ rows: { total: string | null }[] }>(
        `select sum(t.amount) as total from transfers t join accounts a on a.id = t.credit_account_id
          where a.kind = 'player_wallet' and a.owner_id = ? and t.reason = ?`,
        [referredId, DEPOSIT_REASON],
      );
      if (Number(deposited.rows[0]?.total ?? 0) >= REFERRAL_QUALIFYING_DEPOSIT_CENTS) {
        await em.nativeUpdate(
          ReferralSchema,
          { referredId, qualified: false },
          { qualified: true, qualifiedAt: new Date() },
        );
      }
    }
    const qualifiedCount = await em.count(ReferralSchema, {
      referrerId: referral.referrerId,
      qualified: true,
    });
    const bonus = shareRoundedDown(amountCents, referralLevel(qualifiedCount).basisPoints);
    if (bonus <= 0) return;
    const referrerAccount = await ledger.playerReferral(referral.referrerId);
    const paid = await ledger.transfer({
      idempotencyKey: bonusKey,
      debitAccountId: await ledger.systemAccount('referral_payouts'),
      creditAccountId: referrerAccount,
      amount: bonus,
      reason: REFERRAL_BONUS_REASON,
      metadata: { referredId, trackerId },
    });
    if (!paid.replayed)
      notices.emit({ kind: 'referral_bonus', userId: referral.referrerId, amountCents: bonus });
    // SPEC §9: an accumulated referral balance of $10 moves to the game balance.
    const refBalance = await ledger.balance(referrerAccount);
    if (refBalance >= REFERRAL_SWEEP_CENTS) {
      await ledger
        .transfer({
          idempotencyKey: `referral-sweep:${trackerId}`,
          debitAccountId: referrerAccount,
          creditAccountId: await ledger.playerWallet(referral.referrerId),
          amount: refBalance,
          reason: 'referral_sweep',
        })
        .then(() => wallets.changed(referral.referrerId))
        .catch((error: unknown) => {
          // A concurrent deposit's sweep emptied the account first: nothing is lost.
          if (!(error instanceof InsufficientBalanceError)) throw error;
        });
    }
  }

  return {
    async history(callerId, userId) {
      if (callerId !== userId) throw new SvaraError('forbidden', `history of ${userId} asked by ${callerId}`);
      const rows = await orm.em
        .fork()
        .find(PaymentTransactionSchema, { userId }, { orderBy: { createdAt: 'desc' }, limit: 200 });
      return rows.map((row) => ({
        type: row.type,
        tracker_id: row.trackerId,
        amount: centsToDollars(row.amountCents),
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        currency: row.currency,
      }));
    },

    async requestTransaction(callerId, request) {
      if (request.telegramId !== callerId) throw new SvaraError('forbidden', 'transaction for another user');
      if (request.type === 'deposit') {
        throw new NotAvailableError('not_available', 'no payment provider is connected for deposits');
      }
      const user = await orm.em.fork().findOne(UserSchema, { telegramId: callerId });
      if (!user?.walletAddressRaw) throw new SvaraError('wallet_address_required', 'no withdrawal address');
      if (parseWalletAddress(request.receiver).raw !== user.walletAddressRaw) {
        throw new SvaraError('invalidAddress', 'withdrawals go only to the address on the account');
      }
      const amountCents = dollarsToCents(request.amount);
      if (amountCents < MIN_WITHDRAWAL_CENTS)
        throw new SvaraError('invalid_amount', 'below the minimum withdrawal');
      if (amountCents > (await ledger.walletBalance(callerId))) {
        throw new SvaraError('insufficientBalance', 'withdrawal above the balance');
      }
      throw new NotAvailableError('withdraw_failed', 'no payment provider is connected for withdrawals');
    },

    async creditDeposit(credit) {
      if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0) {
        throw new RangeError(`deposit amount must be positive cents: ${credit.amountCents}`);
      }
      const { replayed } = await ledger.transfer({
        idempotencyKey: `deposit:${credit.trackerId}`,
        debitAccountId: await ledger.systemAccount('deposits'),
        creditAccountId: await ledger.playerWallet(credit.userId),
        amount: credit.amountCents,
        reason: DEPOSIT_REASON,
        metadata: { trackerId: credit.trackerId, currency: credit.currency },
      });
      await knex.raw(
        `insert into payment_transactions (id, user_id, type, tracker_id, amount_cents, currency, status)
         values (?, ?, 'deposit', ?, ?, ?, 'success')
         on conflict (tracker_id) do update set status = 'success', updated_at = now()`,
        [randomUUID(), credit.userId, credit.trackerId, credit.amountCents, credit.currency],
      );
      // Also on a replay: a crash between the deposit and the bonus must not lose the bonus.
      await payReferrer(credit.userId, credit.trackerId, credit.amountCents);
      if (!replayed) {
        wallets.changed(credit.userId);
        notices.emit({
          kind: 'deposit_credited',
          userId: credit.userId,
          amountCents: credit.amountCents,
          currency: credit.currency,
          balanceCents: await ledger.walletBalance(credit.userId),
        });
      }
      return { credited: !replayed };
    },
  };
}
