/**
 * The notice outbox: what the bot must tell a player or an operator, written into `bot_notices` in
 * the same transaction as the change it tells of (a credit, a refund, a referral), so a notice exists
 * exactly when its change committed and is never lost to a crash or to Telegram being away. The bot
 * drains the table (bot/src/outbox); `dedupe_key` makes a second write of one notice a no-op.
 */
import { BotNoticeSchema, type OutboxNotice } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { createListeners } from '../listeners.js';

/** The insert every writer uses; a notice written twice (same key) stays one row. */
export const NOTICE_INSERT = `insert into bot_notices (chat_id, kind, params, dedupe_key)`;
export const NOTICE_CONFLICT = `on conflict (dedupe_key) do nothing`;

/** Writes notices on `db` (a transaction, so they commit or roll back with the change). */
export async function enqueueNotices(db: Knex | Knex.Transaction, notices: OutboxNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map((notice) => {
    // A malformed notice is a bug of the writer: it fails the transaction rather than reach a player.
    const { kind, params } = BotNoticeSchema.parse({ kind: notice.kind, params: notice.params });
    return [notice.chatId, kind, JSON.stringify(params), notice.dedupeKey];
  });
  await db.raw(
    `${NOTICE_INSERT} values ${rows.map(() => '(?, ?, ?::jsonb, ?)').join(', ')} ${NOTICE_CONFLICT}`,
    rows.flat(),
  );
}

export interface StoredNotice {
  chatId: string;
  kind: string;
  params: Record<string, unknown>;
  dedupeKey: string;
  status: string;
}

/** The notices written for one chat, oldest first (tests and operators' look-ups). */
export async function noticesFor(knex: Knex, chatId: string): Promise<StoredNotice[]> {
  const result = await knex.raw<{ rows: Record<string, unknown>[] }>(
    `select chat_id, kind, params, dedupe_key, status from bot_notices where chat_id = ? order by id`,
    [chatId],
  );
  return result.rows.map((row) => ({
    chatId: String(row.chat_id),
    kind: String(row.kind),
    params: row.params as Record<string, unknown>,
    dedupeKey: String(row.dedupe_key),
    status: String(row.status),
  }));
}

/**
 * "New notices committed": the bot's drain in this process listens and sends at once instead of at
 * its next poll. Other nodes find them at their poll.
 */
export interface NoticeOutbox {
  written(): void;
  /** Returns the unsubscribe function. */
  onWritten(listener: () => void): () => void;
}

export function createNoticeOutbox(onListenerError: (error: unknown) => void): NoticeOutbox {
  const listeners = createListeners<[]>(onListenerError);
  return {
    written: () => listeners.call(),
    onWritten: (listener) => listeners.add(listener),
  };
}
