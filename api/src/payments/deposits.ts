/**
 * Deposits: a temporary address (the 'cryptocurrency' tab) or an invoice (the 'more' tab), and the
 * credit when the provider confirms a payment. A credit happens once per order: the row is locked,
 * its status checked and changed, and the ledger transfers (the amount less the 1 % fee to the
 * player, the fee to the house, the referrer's share) are posted in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  DEPOSIT_ADDRESS_TTL_SECONDS,
  DEPOSIT_FEE_BPS,
  MIN_DEPOSIT_CENTS,
  REFERRAL_QUALIFYING_DEPOSIT_CENTS,
  REFERRAL_SWEEP_CENTS,
  referralLevel,
  shareRoundedDown,
  SvaraError,
  type Cents,
  type Currency,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { ledgerPostArguments, type Ledger, type TransferRequest } from '../ledger/ledger.js';
import { REFERRAL_BONUS_REASON } from '../users/users.js';
import type { PaymentGateway, OrderSnapshot } from './gateway.js';
import { FINAL_STATUSES, inTransaction, orderQueries, postInTransaction, type OrderRow } from './orders.js';
import { preparedStatement } from '../db/prepared-statement.js';
import type { PaymentEffects } from './effects.js';
import { providerUnavailable } from './provider-errors.js';
import { enqueueNotices, NOTICE_CONFLICT, NOTICE_INSERT } from '../notices/outbox.js';
import type { OutboxNotice } from '@svara/core';

export const DEPOSIT_REASON = 'deposit';
export const DEPOSIT_FEE_REASON = 'deposit_fee';
/** A credited deposit's row: its status and what the provider reported, in this order of values. */
const SETTLED_COLUMNS = `status = 'success', amount_cents = ?, fee_cents = ?, provider_status = ?, raw_amount = ?,
  raw_asset = ?, rate = ?, tx_id = ?, settled_at = now(), updated_at = now()`;
/** `?` placeholders as PostgreSQL's `$1…$n`, for a prepared statement. */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
/**
 * The credited deposit's notice, selected from the settled row: the bot's invoice message is edited
 * when there is one (so a deposit never shows twice), else a message is sent. Values: the credited
 * cents, the currency, the paid cents, the credited cents.
 */
const DEPOSIT_NOTICE_SELECT = `user_id,
  case when bot_message_id is null then 'deposit_credited' else 'invoice_paid' end,
  case when bot_message_id is null then jsonb_build_object('amountCents', ?::bigint, 'currency', ?::text)
    else jsonb_build_object('messageId', bot_message_id, 'amountCents', ?::bigint, 'creditedCents', ?::bigint)
  end,
  'deposit:' || id`;

/** The notice of a credited deposit, for the transaction path (the same choice as the select above). */
function depositNotice(row: OrderRow, amountCents: Cents, creditedCents: Cents): OutboxNotice {
  const base = { chatId: row.userId, dedupeKey: `deposit:${row.id}` };
  return row.botMessageId === null
    ? { ...base, kind: 'deposit_credited', params: { amountCents: creditedCents, currency: row.currency } }
    : {
        ...base,
        kind: 'invoice_paid',
        params: { messageId: row.botMessageId, amountCents, creditedCents },
      };
}

/** An address with less than this left is not handed out again: the player needs time to pay. */
const REUSE_MIN_REMAINING_MS = 10 * 60_000;

export interface DepositAddressAnswer {
  address: string;
  trackerId: string;
  expiresAt: Date;
  memo: string | null;
}

export interface InvoiceAnswer {
  trackerId: string;
  payUrl: string;
  amountCents: Cents;
  expiresAt: Date;
}

/** What settling an order did. */
export type SettleOutcome = 'credited' | 'below_minimum' | 'expired' | 'canceled' | 'unchanged';

export interface DepositsDeps {
  knex: Knex;
  ledger: Ledger;
  effects: PaymentEffects;
  callbackUrl(provider: string): string;
  now(): Date;
}

export function createDeposits(deps: DepositsDeps) {
  const { knex, ledger, effects } = deps;
  const orders = orderQueries(knex);
  // The hot path of every deposit, prepared once per connection (see db/prepared-statement.ts).
  const referrerOf = preparedStatement<{ referrer_id: string }>(
    knex,
    'svara_deposit_referrer',
    `select referrer_id from referrals where referred_id = $1`,
  );
  const creditAlone = preparedStatement<{ id: string }>(
    knex,
    'svara_deposit_credit',
    numbered(`with settled as (
       update payment_transactions set ${SETTLED_COLUMNS}
        where id = ? and type = 'deposit' and status in ('pending', 'expired') returning id, user_id, bot_message_id),
     noticed as (${NOTICE_INSERT} select ${DEPOSIT_NOTICE_SELECT} from settled ${NOTICE_CONFLICT})
     select (ledger_post(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[])).id from settled`),
  );

  async function insertOrder(row: {
    id: string;
    userId: string;
    trackerId: string;
    currency: Currency;
    provider: string;
    method: 'address' | 'invoice';
    providerOrderId: string;
    address?: string | null;
    memo?: string | null;
    payUrl?: string | null;
    amountCents?: Cents | null;
    expiresAt: Date;
  }) {
    await knex.raw(
      `insert into payment_transactions (id, user_id, type, tracker_id, amount_cents, currency, status, provider,
         method, provider_order_id, address, memo, pay_url, expires_at)
       values (?, ?, 'deposit', ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.id,
        row.userId,
        row.trackerId,
        row.amountCents ?? null,
        row.currency,
        row.provider,
        row.method,
        row.providerOrderId,
        row.address ?? null,
        row.memo ?? null,
        row.payUrl ?? null,
        row.expiresAt,
      ],
    );
  }

  /** The ledger accounts a deposit's credit touches, looked up (or created) before its transaction. */
  async function creditAccounts(orderId: string, userId: string) {
    const referral = (await referrerOf.run([userId]))[0];
    const referrerId = referral ? String(referral.referrer_id) : null;
    // Resolved outside the transaction: a lookup that must create an account takes a connection of
    // its own, and a transaction holding one while waiting for another could starve the pool.
    const [deposits, house, wallet, referrer] = await Promise.all([
      ledger.systemShard('deposits', orderId),
      ledger.systemShard('house', orderId),
      ledger.playerWallet(userId),
      referrerId
        ? Promise.all([
            ledger.systemShard('referral_payouts', orderId),
            ledger.playerReferral(referrerId),
            ledger.playerWallet(referrerId),
          ]).then(([payouts, earnings, referrerWallet]) => ({
            id: referrerId,
            payouts,
            earnings,
            referrerWallet,
          }))
        : null,
    ]);
    return { deposits, house, wallet, referrer };
  }

  /**
   * The referrer's share of a deposit (SPEC §9), decided inside the credit's transaction: the
   * referral qualifies when the player's confirmed deposits reach $100, the level follows the
   * referrer's qualified referrals, and the share is paid on every confirmed deposit.
   */
  async function referralShare(
    trx: Knex.Transaction,
    userId: string,
    orderId: string,
    amountCents: Cents,
    referrer: { id: string; payouts: number; earnings: number },
  ): Promise<{ bonus: Cents; transfer: TransferRequest } | null> {
    const referral = (
      await trx.raw<{ rows: { qualified: boolean }[] }>(
        `select qualified from referrals where referred_id = ? and referrer_id = ? for update`,
        [userId, referrer.id],
      )
    ).rows[0];
    if (!referral) return null;
    if (!referral.qualified) {
      const before = await trx.raw<{ rows: { total: string | null }[] }>(
        `select sum(amount_cents) as total from payment_transactions
          where user_id = ? and type = 'deposit' and status = 'success'`,
        [userId],
      );
      if (Number(before.rows[0]?.total ?? 0) + amountCents >= REFERRAL_QUALIFYING_DEPOSIT_CENTS) {
        await trx.raw(`update referrals set qualified = true, qualified_at = now() where referred_id = ?`, [
          userId,
        ]);
      }
    }
    const counted = await trx.raw<{ rows: { n: string }[] }>(
      `select count(*) as n from referrals where referrer_id = ? and qualified`,
      [referrer.id],
    );
    const bonus = shareRoundedDown(amountCents, referralLevel(Number(counted.rows[0]?.n ?? 0)).basisPoints);
    if (bonus <= 0) return null;
    return {
      bonus,
      transfer: {
        idempotencyKey: `referral:${orderId}`,
        debitAccountId: referrer.payouts,
        creditAccountId: referrer.earnings,
        amount: bonus,
        reason: REFERRAL_BONUS_REASON,
        metadata: { referredId: userId, orderId },
      },
    };
  }

  async function credit(row: OrderRow, snapshot: OrderSnapshot, amountCents: Cents): Promise<SettleOutcome> {
    if (row.type !== 'deposit' || FINAL_STATUSES.includes(row.status)) return 'unchanged';
    const fee = shareRoundedDown(amountCents, DEPOSIT_FEE_BPS);
    const accounts = await creditAccounts(row.id, row.userId);
    const transfers: TransferRequest[] = [
      {
        idempotencyKey: `deposit:${row.id}`,
        debitAccountId: accounts.deposits,
        creditAccountId: accounts.wallet,
        amount: amountCents - fee,
        reason: DEPOSIT_REASON,
        metadata: { orderId: row.id, trackerId: row.trackerId, currency: row.currency },
      },
      {
        idempotencyKey: `deposit-fee:${row.id}`,
        debitAccountId: accounts.deposits,
        creditAccountId: accounts.house,
        amount: fee,
        reason: DEPOSIT_FEE_REASON,
        metadata: { orderId: row.id },
      },
    ].filter((t) => t.amount > 0);
    const settledValues = [
      amountCents,
      fee,
      snapshot.providerStatus,
      snapshot.rawAmount,
      snapshot.rawAsset,
      snapshot.rate,
      snapshot.txId,
      row.id,
    ];
    const { referrer } = accounts;
    if (!referrer) {
      // Most deposits: one statement, so one round trip and one commit. The transfers are posted only
      // for a row this statement moved out of pending (none when another credit got there first),
      // and any refusal of the ledger undoes the row's change with them.
      const credited = amountCents - fee;
      const noticeValues = [credited, row.currency, amountCents, credited];
      const posted = await creditAlone.run([
        ...settledValues,
        ...noticeValues,
        ...ledgerPostArguments(transfers),
      ]);
      if (posted.length === 0) return 'unchanged';
      await effects.depositCredited(row.userId, credited);
      return 'credited';
    }
    const settled = await inTransaction(knex, async (trx) => {
      const locked = await orderQueries(trx).byId(row.id, true);
      if (!locked || FINAL_STATUSES.includes(locked.status)) return null;
      const referral = await referralShare(trx, row.userId, row.id, amountCents, referrer);
      await trx.raw(`update payment_transactions set ${SETTLED_COLUMNS} where id = ?`, settledValues);
      // Posted last, so the accounts it locks stay locked only until the commit.
      await postInTransaction(trx, referral ? [...transfers, referral.transfer] : transfers);
      let swept: Cents = 0;
      if (referral) {
        // SPEC §9: an accumulated $10 of referral earnings moves to the game balance. The account is
        // locked by the post above, so no other credit sweeps it at the same time.
        const held = Number(
          (
            await trx.raw<{ rows: { balance: string }[] }>(`select balance from accounts where id = ?`, [
              referrer.earnings,
            ])
          ).rows[0]?.balance ?? 0,
        );
        if (held >= REFERRAL_SWEEP_CENTS) {
          await postInTransaction(trx, [
            {
              idempotencyKey: `referral-sweep:${row.id}`,
              debitAccountId: referrer.earnings,
              creditAccountId: referrer.referrerWallet,
              amount: held,
              reason: 'referral_sweep',
            },
          ]);
          swept = held;
        }
      }
      const notices = [depositNotice(locked, amountCents, amountCents - fee)];
      if (referral) {
        notices.push({
          chatId: referrer.id,
          dedupeKey: `referral:${row.id}`,
          kind: 'referral_bonus',
          params: { amountCents: referral.bonus },
        });
      }
      if (swept > 0) {
        notices.push({
          chatId: referrer.id,
          dedupeKey: `referral-sweep:${row.id}`,
          kind: 'referral_swept',
          params: { amountCents: swept },
        });
      }
      await enqueueNotices(trx, notices);
      return { swept };
    });
    if (!settled) return 'unchanged';
    if (settled.swept > 0) effects.walletChanged(referrer.id);
    await effects.depositCredited(row.userId, amountCents - fee);
    return 'credited';
  }

  async function setStatus(orderId: string, status: 'expired' | 'canceled', snapshot: OrderSnapshot) {
    // An invoice shown in the bot's chat is edited to say it can no longer be paid.
    const result = await knex.raw<{ rows: unknown[] }>(
      `with changed as (
         update payment_transactions set status = ?, provider_status = ?, updated_at = now()
          where id = ? and type = 'deposit' and status = 'pending'
          returning id, user_id, bot_message_id, amount_cents),
       noticed as (${NOTICE_INSERT}
         select user_id, 'invoice_expired',
                jsonb_build_object('messageId', bot_message_id, 'amountCents', amount_cents), 'invoice-expired:' || id
           from changed where bot_message_id is not null and amount_cents is not null ${NOTICE_CONFLICT}
         returning id)
       select (select count(*) from changed) as changed, (select count(*) from noticed) as noticed`,
      [status, snapshot.providerStatus, orderId],
    );
    const counts = result.rows[0] as { changed: string; noticed: string };
    if (Number(counts.noticed) > 0) effects.noticesWritten();
    return Number(counts.changed) > 0;
  }

  return {
    /** A temporary address for `currency`; an unexpired one of the same kind is given again. */
    async createAddress(
      gateway: PaymentGateway,
      userId: string,
      currency: Currency,
    ): Promise<DepositAddressAnswer> {
      const reuse = await knex.raw<{ rows: Record<string, unknown>[] }>(
        `select tracker_id, address, memo, expires_at from payment_transactions
          where user_id = ? and type = 'deposit' and method = 'address' and status = 'pending'
            and provider = ? and currency = ? and expires_at > ?
          order by created_at desc limit 1`,
        [userId, gateway.name, currency, new Date(deps.now().getTime() + REUSE_MIN_REMAINING_MS)],
      );
      const open = reuse.rows[0];
      if (open) {
        return {
          address: String(open.address),
          trackerId: String(open.tracker_id),
          expiresAt: new Date(open.expires_at as string),
          memo: (open.memo as string | null) ?? null,
        };
      }
      const id = randomUUID();
      const created = await gateway
        .createDepositAddress({
          orderId: id,
          currency,
          callbackUrl: deps.callbackUrl(gateway.name),
          expiresInSeconds: DEPOSIT_ADDRESS_TTL_SECONDS,
        })
        .catch(providerUnavailable('deposit address'));
      await insertOrder({
        id,
        userId,
        trackerId: created.providerOrderId,
        currency,
        provider: gateway.name,
        method: 'address',
        providerOrderId: created.providerOrderId,
        address: created.address,
        memo: created.memo,
        expiresAt: created.expiresAt,
      });
      return {
        address: created.address,
        trackerId: created.providerOrderId,
        expiresAt: created.expiresAt,
        memo: created.memo,
      };
    },

    /** An invoice of `amountCents`, paid in the provider's chat. */
    async createInvoice(
      gateway: PaymentGateway,
      userId: string,
      amountCents: Cents,
      description: string,
    ): Promise<InvoiceAnswer> {
      if (amountCents < MIN_DEPOSIT_CENTS)
        throw new SvaraError('invalid_amount', 'invoice below the minimum');
      const id = randomUUID();
      const created = await gateway
        .createInvoice({
          orderId: id,
          amountCents,
          description,
          callbackUrl: deps.callbackUrl(gateway.name),
          expiresInSeconds: DEPOSIT_ADDRESS_TTL_SECONDS,
        })
        .catch(providerUnavailable('invoice'));
      await insertOrder({
        id,
        userId,
        trackerId: created.providerOrderId,
        currency: 'USDTTON',
        provider: gateway.name,
        method: 'invoice',
        providerOrderId: created.providerOrderId,
        payUrl: created.payUrl,
        amountCents,
        expiresAt: created.expiresAt,
      });
      return {
        trackerId: created.providerOrderId,
        payUrl: created.payUrl,
        amountCents,
        expiresAt: created.expiresAt,
      };
    },

    /**
     * Applies what the provider says of a deposit. A payment is credited even after the address
     * expired (money that arrived is the player's); a final status never changes.
     */
    async settle(row: OrderRow, snapshot: OrderSnapshot): Promise<SettleOutcome> {
      const orderId = row.id;
      if (snapshot.status === 'paid') {
        const amount = snapshot.amountCents;
        if (amount === null || amount <= 0) return 'unchanged';
        if (amount < MIN_DEPOSIT_CENTS) {
          const result = await knex.raw<{ rows: { user_id: string }[] }>(
            `with changed as (
               update payment_transactions set status = 'below_minimum', amount_cents = ?, provider_status = ?,
                 raw_amount = ?, raw_asset = ?, rate = ?, tx_id = ?, settled_at = now(), updated_at = now()
               where id = ? and type = 'deposit' and status in ('pending', 'expired') returning id, user_id),
             noticed as (${NOTICE_INSERT}
               select user_id, 'deposit_below_minimum', jsonb_build_object('amountCents', amount_cents),
                      'deposit:' || id
                 from changed, (select ?::bigint as amount_cents) amount ${NOTICE_CONFLICT})
             select user_id from changed`,
            [
              amount,
              snapshot.providerStatus,
              snapshot.rawAmount,
              snapshot.rawAsset,
              snapshot.rate,
              snapshot.txId,
              orderId,
              amount,
            ],
          );
          if (result.rows.length === 0) return 'unchanged';
          effects.noticesWritten();
          return 'below_minimum';
        }
        return credit(row, snapshot, amount);
      }
      if (snapshot.status === 'expired')
        return (await setStatus(orderId, 'expired', snapshot)) ? 'expired' : 'unchanged';
      if (snapshot.status === 'failed')
        return (await setStatus(orderId, 'canceled', snapshot)) ? 'canceled' : 'unchanged';
      return 'unchanged';
    },

    /**
     * A deposit confirmed outside any provider's order (operators' corrections, tests): written as a
     * settled order of provider `manual` and credited like any other, once per tracker id.
     */
    async creditConfirmed(credit_: {
      userId: string;
      trackerId: string;
      amountCents: Cents;
      currency: Currency;
    }): Promise<{ credited: boolean }> {
      if (!Number.isSafeInteger(credit_.amountCents) || credit_.amountCents <= 0) {
        throw new RangeError(`deposit amount must be positive cents: ${credit_.amountCents}`);
      }
      await knex.raw(
        `insert into payment_transactions (id, user_id, type, tracker_id, amount_cents, currency, status, provider,
           method, provider_order_id)
         values (?, ?, 'deposit', ?, ?, ?, 'pending', 'manual', 'address', ?)
         on conflict (tracker_id) do nothing`,
        [
          randomUUID(),
          credit_.userId,
          credit_.trackerId,
          credit_.amountCents,
          credit_.currency,
          credit_.trackerId,
        ],
      );
      const row = await orders.byTracker(credit_.trackerId);
      if (!row || row.userId !== credit_.userId)
        throw new RangeError(`tracker id ${credit_.trackerId} is another's`);
      const outcome = await credit(
        row,
        manualSnapshot(credit_.trackerId, credit_.amountCents),
        credit_.amountCents,
      );
      return { credited: outcome === 'credited' };
    },
  };
}

function manualSnapshot(trackerId: string, amountCents: Cents): OrderSnapshot {
  return {
    providerOrderId: trackerId,
    orderId: null,
    kind: 'deposit',
    status: 'paid',
    providerStatus: 'manual',
    amountCents,
    rawAmount: null,
    rawAsset: null,
    rate: null,
    txId: null,
  };
}

export type Deposits = ReturnType<typeof createDeposits>;
