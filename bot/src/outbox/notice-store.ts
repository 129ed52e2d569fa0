/**
 * The bot's side of the `bot_notices` outbox (the api writes it: api/src/notices/outbox.ts). Rows are
 * claimed in batches with SKIP LOCKED and a lease, so every node may drain at once and each notice is
 * in one node's hands at a time; a node that dies mid-batch leaves its rows to the next claim once
 * the lease runs out.
 */
import { BotNoticeSchema, type BotNotice } from '@svara/core';
import { z } from 'zod';
import type { SqlConnection } from '../ports.js';

export interface ClaimedNotice {
  id: string;
  chatId: string;
  /** Null when the row does not parse (a writer's bug): it is marked failed, never sent. */
  notice: BotNotice | null;
  /** Attempts including this one. */
  attempts: number;
  createdAt: Date;
  /** The player blocked the bot: nothing is sent until they write to it again. */
  blocked: boolean;
}

const claimedRows = z.array(
  z.object({
    id: z.coerce.string(),
    chat_id: z.coerce.string(),
    kind: z.string(),
    params: z.unknown(),
    attempts: z.coerce.number().int(),
    created_at: z.coerce.date(),
    blocked_at: z.unknown(),
  }),
);

export interface NoticeStore {
  claim(batch: number, leaseMs: number): Promise<ClaimedNotice[]>;
  sent(id: string): Promise<void>;
  /** Telegram says the player cannot be reached: the notice stops, and so do their next ones. */
  blocked(id: string, chatId: string): Promise<void>;
  retryAt(id: string, at: Date, error: string): Promise<void>;
  /** Final: failed for good (a bad request, too many attempts) or expired (too old to tell). */
  finished(id: string, status: 'failed' | 'expired', error: string): Promise<void>;
  /** The player wrote to the bot: they can be reached again. */
  reachable(telegramId: string): Promise<void>;
  /** Forgets finished notices older than `days` (a batch at a time); how many went. */
  prune(days: number): Promise<number>;
}

export function noticeStore(sql: SqlConnection): NoticeStore {
  return {
    async claim(batch, leaseMs) {
      const rows = claimedRows.parse(
        await sql.execute(
          `update bot_notices n
              set claimed_until = now() + make_interval(secs => ?), attempts = n.attempts + 1
            where n.id in (
              select id from bot_notices
               where status = 'pending' and next_attempt_at <= now()
                 and (claimed_until is null or claimed_until < now())
               order by next_attempt_at, id
               limit ?
               for update skip locked)
            returning n.id, n.chat_id, n.kind, n.params, n.attempts, n.created_at,
              (select u.bot_blocked_at from users u where u.telegram_id = n.chat_id) as blocked_at`,
          [leaseMs / 1000, batch],
        ),
      );
      return rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((row) => {
          const parsed = BotNoticeSchema.safeParse({ kind: row.kind, params: row.params });
          return {
            id: row.id,
            chatId: row.chat_id,
            notice: parsed.success ? parsed.data : null,
            attempts: row.attempts,
            createdAt: row.created_at,
            blocked: row.blocked_at !== null && row.blocked_at !== undefined,
          };
        });
    },
    async sent(id) {
      await sql.execute(
        `update bot_notices set status = 'sent', sent_at = now(), claimed_until = null, last_error = null
          where id = ?`,
        [id],
      );
    },
    async blocked(id, chatId) {
      await sql.execute(`update bot_notices set status = 'blocked', claimed_until = null where id = ?`, [id]);
      await sql.execute(
        `update users set bot_blocked_at = now() where telegram_id = ? and bot_blocked_at is null`,
        [chatId],
      );
    },
    async retryAt(id, at, error) {
      await sql.execute(
        `update bot_notices set next_attempt_at = ?, claimed_until = null, last_error = ? where id = ?`,
        [at, error.slice(0, 500), id],
      );
    },
    async finished(id, status, error) {
      await sql.execute(
        `update bot_notices set status = ?, claimed_until = null, last_error = ? where id = ?`,
        [status, error.slice(0, 500), id],
      );
    },
    async reachable(telegramId) {
      await sql.execute(
        `update users set bot_blocked_at = null where telegram_id = ? and bot_blocked_at is not null`,
        [telegramId],
      );
    },
    async prune(days) {
      const rows = z.array(z.object({ id: z.unknown() })).parse(
        await sql.execute(
          `delete from bot_notices where id in (
             select id from bot_notices
              where status <> 'pending' and created_at < now() - make_interval(days => ?)
              limit 1000)
           returning id`,
          [days],
        ),
      );
      // The review cards' copies go with them (a decision older than that edits nothing any more).
      await sql.execute(`delete from review_messages where created_at < now() - make_interval(days => ?)`, [
        days,
      ]);
      return rows.length;
    },
  };
}
