/**
 * Play chips (RULES §8): every player gets PRACTICE_CHIPS_GRANT on first open and may top up to it
 * once every PRACTICE_TOPUP_INTERVAL_MS, or at once when they hold too few to sit at any practice
 * table (10 × its stake). House players are kept at the grant whenever they sit.
 *
 * Chips come from the chip bank through the ledger; they never become dollars (their accounts are
 * kinds of their own, and ledger_post refuses a transfer between a chip and a dollar account). A
 * top-up locks the player's row first, so two taps or two tabs top up once.
 */
import {
  BALANCE_STAKE_MULTIPLIER,
  PRACTICE_CHIPS_GRANT,
  PRACTICE_STAKES,
  PRACTICE_TOPUP_INTERVAL_MS,
  SvaraError,
  type Cents,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { ledgerPostArguments, type Ledger } from '../ledger/ledger.js';

export type ChipsStatus = {
  /** Chips held, in minor units (100 to a chip), like cents. */
  chips: Cents;
  /** When the next top-up is allowed without being short of chips; null: now. */
  nextTopUpAt: Date | null;
};

export interface ChipsService {
  /** The player's chips; the first call ever grants the first PRACTICE_CHIPS_GRANT. */
  status(userId: string): Promise<ChipsStatus>;
  /** Tops the chips up to the grant; chips_topup_too_soon within the interval unless short of chips. */
  topUp(userId: string): Promise<ChipsStatus>;
  /** A house player's chips back to the grant (no interval: the house keeps its players playing). */
  fundHousePlayer(userId: string): Promise<void>;
}

/** Fewer chips than this and no practice table can be sat at (RULES §6's 10 × S at the lowest stake). */
export const CHIPS_TO_SIT = BALANCE_STAKE_MULTIPLIER * Math.min(...PRACTICE_STAKES);

export function createChips(deps: { knex: Knex; ledger: Ledger; clock?: () => number }): ChipsService {
  const { knex, ledger } = deps;
  const clock = deps.clock ?? Date.now;

  const nextAfter = (at: Date | null): Date | null => {
    if (at === null) return null;
    const next = at.getTime() + PRACTICE_TOPUP_INTERVAL_MS;
    return next > clock() ? new Date(next) : null;
  };

  /**
   * Tops `userId` up to the grant in one transaction; `allowed` decides from the last top-up and the
   * chips held (read under the row's lock). Returns the status after it.
   */
  async function topUpIf(
    userId: string,
    reason: string,
    allowed: (last: Date | null, chips: Cents) => boolean,
  ): Promise<ChipsStatus> {
    const [wallet, bank] = await Promise.all([
      ledger.walletOf(userId, 'chips'),
      ledger.systemAccount('chip_bank'),
    ]);
    return knex.transaction(async (trx) => {
      const user = await trx.raw<{ rows: { chips_topped_up_at: Date | string | null }[] }>(
        `select chips_topped_up_at from users where telegram_id = ? for update`,
        [userId],
      );
      const row = user.rows[0];
      if (!row) throw new SvaraError('telegram_user_id_not_found', `user ${userId}`);
      const held = await trx.raw<{ rows: { balance: string }[] }>(
        `select balance from accounts where id = ?`,
        [wallet],
      );
      const chips = Number(held.rows[0]?.balance ?? 0);
      const last = row.chips_topped_up_at === null ? null : new Date(row.chips_topped_up_at);
      if (!allowed(last, chips)) return { chips, nextTopUpAt: nextAfter(last) };
      const now = new Date(clock());
      const amount = PRACTICE_CHIPS_GRANT - chips;
      if (amount > 0) {
        const request = {
          idempotencyKey: `chips:${reason}:${userId}:${now.getTime()}`,
          debitAccountId: bank,
          creditAccountId: wallet,
          amount,
          reason: `chips_${reason}`,
          metadata: { userId },
        };
        await trx.raw(
          `select 1 from ledger_post(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[])`,
          ledgerPostArguments([request]),
        );
      }
      await trx.raw(`update users set chips_topped_up_at = ? where telegram_id = ?`, [now, userId]);
      return { chips: Math.max(chips, PRACTICE_CHIPS_GRANT), nextTopUpAt: nextAfter(now) };
    });
  }

  return {
    async status(userId) {
      // The first open: nobody has topped up yet, so the grant is given once (the row lock decides).
      return topUpIf(userId, 'grant', (last) => last === null);
    },

    async topUp(userId) {
      let refused = false;
      const status = await topUpIf(userId, 'topup', (last, chips) => {
        const due = nextAfter(last) === null;
        refused = !due && chips >= CHIPS_TO_SIT;
        return !refused && chips < PRACTICE_CHIPS_GRANT;
      });
      if (refused)
        throw new SvaraError('chips_topup_too_soon', `next at ${status.nextTopUpAt?.toISOString()}`);
      return status;
    },

    async fundHousePlayer(userId) {
      await topUpIf(userId, 'house', (_last, chips) => chips < PRACTICE_CHIPS_GRANT);
    },
  };
}
