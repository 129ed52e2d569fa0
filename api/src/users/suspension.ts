/**
 * Account suspension by an operator: a suspended account cannot sit down, create rooms, deposit or
 * withdraw (each refused with `account_suspended`); a seat it holds is freed when the hand in
 * progress ends (the table runtime listens through `onChanged`, and checks again before each deal).
 *
 * The users row holds the current state (suspended_at, suspended_reason, suspended_by); the history
 * of who suspended or unsuspended whom, and when, is in the log.
 */
import { suspensionReasonSchema, SvaraError, telegramIdSchema } from '@svara/core';
import type { Knex } from 'knex';
import { createListeners } from '../listeners.js';
import type { Logger } from '../logger.js';

export type SuspensionStatus = { suspendedAt: Date; reason: string; by: string };

/** `suspended` is true after a suspension, false after an unsuspension. */
export type SuspensionListener = (userId: string, suspended: boolean) => void;

export interface Suspension {
  /** Suspends the account (again: the new reason replaces the old one). not_found for an unknown user. */
  suspend(userId: string, operatorId: string, reason: string): Promise<void>;
  /** Lifts the suspension; nothing happens for an account that is not suspended. */
  unsuspend(userId: string, operatorId: string): Promise<void>;
  status(userId: string): Promise<SuspensionStatus | null>;
  /** One primary-key read: the cheap check before a seat, a room, a deposit or a withdrawal. */
  isSuspended(userId: string): Promise<boolean>;
  /** Throws SvaraError('account_suspended') for a suspended account (isSuspended). */
  assertActive(userId: string): Promise<void>;
  /** Those of `userIds` that are suspended (the table runtime asks before each deal). */
  suspendedAmong(userIds: readonly string[]): Promise<string[]>;
  /** Called after each suspend/unsuspend made by this process; returns the unsubscribe function. */
  onChanged(listener: SuspensionListener): () => void;
}

const userIdSchema = telegramIdSchema;

function parseUserId(userId: string, what: string): string {
  const parsed = userIdSchema.safeParse(userId);
  if (!parsed.success) throw new SvaraError('validation_failed', `${what} must be a Telegram id`);
  return parsed.data;
}

export function createSuspension(deps: { knex: Knex; logger: Logger }): Suspension {
  const { knex } = deps;
  const logger = deps.logger.child({ module: 'suspension' });
  const listeners = createListeners<[userId: string, suspended: boolean]>((error) =>
    logger.error({ err: error }, 'suspension listener failed'),
  );

  async function isSuspended(userId: string): Promise<boolean> {
    const row = (await knex('users').where('telegram_id', userId).first('suspended_at')) as
      { suspended_at: string | Date | null } | undefined;
    return Boolean(row?.suspended_at);
  }

  return {
    async suspend(userId, operatorId, reason) {
      const id = parseUserId(userId, 'userId');
      const by = parseUserId(operatorId, 'operatorId');
      const parsed = suspensionReasonSchema.safeParse(reason);
      if (!parsed.success) throw new SvaraError('validation_failed', 'reason must be 1 to 500 characters');
      const updated = await knex('users')
        .where('telegram_id', id)
        .update({
          suspended_at: knex.fn.now(),
          suspended_reason: parsed.data,
          suspended_by: by,
          // Cuts the sessions open now (auth/token-version.ts); a new sign-in works and shows why.
          token_version: knex.raw('token_version + 1'),
          updated_at: knex.fn.now(),
        });
      if (updated !== 1) throw new SvaraError('not_found', `user ${id} does not exist`);
      logger.info({ userId: id, operatorId: by, reason: parsed.data }, 'account suspended');
      listeners.call(id, true);
    },

    async unsuspend(userId, operatorId) {
      const id = parseUserId(userId, 'userId');
      const by = parseUserId(operatorId, 'operatorId');
      const exists = await knex('users').where('telegram_id', id).first('suspended_at');
      if (!exists) throw new SvaraError('not_found', `user ${id} does not exist`);
      await knex('users').where('telegram_id', id).update({
        suspended_at: null,
        suspended_reason: null,
        suspended_by: null,
        updated_at: knex.fn.now(),
      });
      logger.info(
        { userId: id, operatorId: by, wasSuspended: exists.suspended_at !== null },
        'account unsuspended',
      );
      listeners.call(id, false);
    },

    async status(userId) {
      const row = (await knex('users')
        .where('telegram_id', parseUserId(userId, 'userId'))
        .first('suspended_at', 'suspended_reason', 'suspended_by')) as
        | { suspended_at: string | Date | null; suspended_reason: string | null; suspended_by: string | null }
        | undefined;
      if (!row?.suspended_at) return null;
      // The driver hands timestamptz over as text here.
      return {
        suspendedAt: new Date(row.suspended_at),
        reason: row.suspended_reason ?? '',
        by: String(row.suspended_by ?? ''),
      };
    },

    isSuspended,

    async assertActive(userId) {
      if (await isSuspended(userId))
        throw new SvaraError('account_suspended', `account ${userId} is suspended`);
    },

    async suspendedAmong(userIds) {
      if (userIds.length === 0) return [];
      const rows = (await knex('users')
        .whereIn('telegram_id', [...userIds])
        .whereNotNull('suspended_at')
        .select('telegram_id')) as { telegram_id: string }[];
      return rows.map((row) => String(row.telegram_id));
    },

    onChanged: (listener) => listeners.add(listener),
  };
}
