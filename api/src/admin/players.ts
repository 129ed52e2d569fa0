/**
 * What operators see of one player and of one withdrawal under review: who the player is, their
 * balances, payments, the tables they played and the operator's decision. Read-only SQL; the bot's
 * /user and /withdrawals render it.
 */
import type { Knex } from '@mikro-orm/postgresql';
import {
  rejectionPresetSchema,
  type DeskPayment,
  type DeskPlayer,
  type DeskSuspension,
  type DeskTablesPlayed,
  type DeskUserCard,
  type DeskWithdrawal,
} from '@svara/core';
import { z } from 'zod';

/** How many rooms and payments a card lists. */
export const RECENT_TABLES = 3;
export const RECENT_PAYMENTS = 5;

/** `/user` takes a Telegram id or a @username (Telegram's rules: 5–32 letters, digits, underscores). */
export const userQuerySchema = z.union([
  z
    .string()
    .regex(/^\d{1,19}$/)
    .transform((id) => ({ telegramId: id })),
  z
    .string()
    .regex(/^@?[A-Za-z0-9_]{3,32}$/)
    .transform((name) => ({ username: name.replace(/^@/, '') })),
]);

const orderIdSchema = z.string().uuid();

type Row = Record<string, unknown>;

function player(row: Row, prefix = ''): DeskPlayer {
  return {
    telegramId: String(row[`${prefix}telegram_id`]),
    username: (row[`${prefix}username`] as string | null) ?? null,
    firstName: (row[`${prefix}first_name`] as string | null) ?? null,
    lastName: (row[`${prefix}last_name`] as string | null) ?? null,
    createdAt: new Date(row[`${prefix}created_at`] as string),
  };
}

/** The account's suspension from a users row (suspended_at, suspended_reason, suspended_by). */
function suspensionOf(row: Row): DeskSuspension | null {
  return row.suspended_at
    ? {
        at: new Date(row.suspended_at as string),
        reason: (row.suspended_reason as string | null) ?? null,
        by: row.suspended_by === null || row.suspended_by === undefined ? null : String(row.suspended_by),
      }
    : null;
}

/** A player's account balance, found through the accounts' identity index (there is none on owner_id). */
function ownedBalance(kind: 'player_wallet' | 'player_referral'): string {
  return `(select coalesce(sum(balance), 0) from accounts where kind = '${kind}'
     and coalesce(owner_id, 0) = u.telegram_id and coalesce(reference, '') = '')`;
}

/** Successful deposits and withdrawals of one user, as a select list fragment on `user_id = ?`. */
const MONEY_TOTALS = `
  (select coalesce(sum(amount_cents), 0) from payment_transactions d
    where d.user_id = ? and d.type = 'deposit' and d.status = 'success') as deposited,
  (select coalesce(sum(amount_cents), 0) from payment_transactions w
    where w.user_id = ? and w.type = 'withdrawal' and w.status = 'success') as withdrawn`;

export function createPlayerQueries(knex: Knex) {
  async function rows(sql: string, bindings: Knex.RawBinding[]): Promise<Row[]> {
    return (await knex.raw<{ rows: Row[] }>(sql, bindings)).rows;
  }

  /**
   * The rooms the player put money into (their wallet paid into a hand's escrow, whose reference is
   * `hand:{roomId}:{handNumber}`), the most recent first.
   */
  async function tablesPlayed(userId: string, limit = RECENT_TABLES): Promise<DeskTablesPlayed> {
    const found = await rows(
      `with hands_played as (
         select split_part(e.reference, ':', 2) as room_id, split_part(e.reference, ':', 3) as hand_number,
                max(t.created_at) as at
           from transfers t join accounts e on e.id = t.credit_account_id
          where t.debit_account_id = (select id from accounts where kind = 'player_wallet' and coalesce(owner_id, 0) = ?::bigint and coalesce(reference, '') = '')
            and e.kind = 'hand_escrow'
          group by 1, 2
       ), rooms_played as (
         select room_id, count(*) as hands, max(at) as last_at from hands_played group by room_id
       )
       select p.room_id, p.hands, p.last_at, r.stake_cents,
              count(*) over () as rooms_total, sum(p.hands) over () as hands_total
         from rooms_played p left join rooms r on r.id::text = p.room_id
        order by p.last_at desc
        limit ?`,
      [userId, limit],
    );
    return {
      rooms: Number(found[0]?.rooms_total ?? 0),
      hands: Number(found[0]?.hands_total ?? 0),
      recent: found.map((row) => ({
        roomId: String(row.room_id),
        stakeCents: row.stake_cents === null ? null : Number(row.stake_cents),
        hands: Number(row.hands),
        lastPlayedAt: new Date(row.last_at as string),
      })),
    };
  }

  /** The user's Telegram id for `/user`'s argument, or null when nobody matches. */
  async function find(query: string): Promise<string | null> {
    const parsed = userQuerySchema.safeParse(query.trim());
    if (!parsed.success) return null;
    const found =
      'telegramId' in parsed.data
        ? await rows(`select telegram_id from users where telegram_id = ?`, [parsed.data.telegramId])
        : await rows(
            `select telegram_id from users where lower(username) = lower(?) order by created_at limit 1`,
            [parsed.data.username],
          );
    return found[0] ? String(found[0].telegram_id) : null;
  }

  async function userCard(userId: string): Promise<DeskUserCard | null> {
    if (!/^\d{1,19}$/.test(userId)) return null;
    const [user] = await rows(
      `select u.telegram_id, u.username, u.first_name, u.last_name, u.created_at,
              u.suspended_at, u.suspended_reason, u.suspended_by,
              ${ownedBalance('player_wallet')} as wallet,
              ${ownedBalance('player_referral')} as referral,
              ${MONEY_TOTALS}
         from users u where u.telegram_id = ?`,
      [userId, userId, userId],
    );
    if (!user) return null;
    const [payments, tables] = await Promise.all([
      rows(
        `select type, method, amount_cents, status, created_at from payment_transactions
          where user_id = ? order by created_at desc limit ?`,
        [userId, RECENT_PAYMENTS],
      ),
      tablesPlayed(userId),
    ]);
    return {
      player: player(user),
      balanceCents: Number(user.wallet),
      referralCents: Number(user.referral),
      depositedCents: Number(user.deposited),
      withdrawnCents: Number(user.withdrawn),
      payments: payments.map((row) => ({
        type: row.type as DeskPayment['type'],
        method: String(row.method),
        amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
        status: String(row.status),
        createdAt: new Date(row.created_at as string),
      })),
      tables,
      suspension: suspensionOf(user),
    };
  }

  /** One withdrawal as a review message shows it, whatever its status now; null if there is none. */
  async function withdrawal(orderId: string): Promise<DeskWithdrawal | null> {
    if (!orderIdSchema.safeParse(orderId).success) return null;
    const [order] = await rows(
      `select p.id, p.user_id, p.amount_cents, p.method, p.address, p.address_source, p.status, p.review_reason, p.created_at as order_created_at,
              p.decided_by, p.decided_at, p.failure_reason, p.reject_preset, p.reject_note,
              u.telegram_id, u.username, u.first_name, u.last_name, u.created_at,
              u.suspended_at, u.suspended_reason, u.suspended_by,
              o.username as operator_username, o.first_name as operator_first_name
         from payment_transactions p
         join users u on u.telegram_id = p.user_id
         left join users o on o.telegram_id = p.decided_by
        where p.id = ? and p.type = 'withdrawal'`,
      [orderId],
    );
    if (!order) return null;
    const userId = String(order.user_id);
    const [[totals], tables] = await Promise.all([
      rows(`select ${MONEY_TOTALS}`, [userId, userId]),
      tablesPlayed(userId),
    ]);
    const decidedBy = order.decided_by === null ? null : String(order.decided_by);
    return {
      id: String(order.id),
      amountCents: Number(order.amount_cents),
      method: order.method === 'cryptobot' ? 'cryptobot' : 'address',
      address: (order.address as string | null) ?? null,
      addressSource:
        order.address_source === 'ton_connect' || order.address_source === 'typed'
          ? order.address_source
          : null,
      status: String(order.status),
      reviewReason: (order.review_reason as string | null) ?? null,
      createdAt: new Date(order.order_created_at as string),
      decision:
        decidedBy && order.decided_at
          ? {
              // A rejection closes the order with this reason (payments/withdrawals.ts decide()).
              outcome: String(order.failure_reason ?? '').startsWith('rejected') ? 'rejected' : 'approved',
              by: {
                telegramId: decidedBy,
                username: (order.operator_username as string | null) ?? null,
                firstName: (order.operator_first_name as string | null) ?? null,
              },
              at: new Date(order.decided_at as string),
              rejection:
                order.reject_preset || order.reject_note
                  ? {
                      preset: rejectionPresetSchema.safeParse(order.reject_preset).data ?? null,
                      note: (order.reject_note as string | null) ?? null,
                    }
                  : null,
            }
          : null,
      player: player(order),
      suspension: suspensionOf(order),
      depositedCents: Number(totals?.deposited ?? 0),
      withdrawnCents: Number(totals?.withdrawn ?? 0),
      recentTables: tables.recent,
    };
  }

  return { find, userCard, withdrawal, tablesPlayed };
}
