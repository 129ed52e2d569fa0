/**
 * Where grammY conversations keep their state between updates: the `bot_conversations` table, one
 * row per chat, so a half-finished conversation (a /news draft, a deposit, an operator's decision)
 * survives a restart and continues on whichever api node receives the next update.
 */
import type { ConversationData, ConversationStorage, VersionedState } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import { z } from 'zod';
import type { SqlConnection } from './ports.js';

/**
 * The version of the conversations' code. A stored state is a replay log of the conversation code
 * that wrote it; bump this when a conversation's steps change so old logs are dropped rather than
 * replayed against code they no longer match.
 */
export const CONVERSATIONS_VERSION = 1;

/** A state nobody touched for this long belongs to an abandoned conversation. */
export const STALE_AFTER_MS = 24 * 60 * 60_000;

/** How often writes also sweep abandoned rows away (per process). */
const SWEEP_EVERY_MS = 60 * 60_000;

// The plugin owns the state's inner shape; what the table must hold is a versioned envelope.
const storedState = z.object({
  version: z.tuple([z.literal(0), z.union([z.string(), z.number()])]),
  state: z.record(z.string(), z.array(z.unknown())),
});
const stateRows = z.array(z.object({ state: storedState })).max(1);

export interface ConversationStorageOptions {
  now?: () => number;
}

export function postgresConversationStorage(
  sql: SqlConnection,
  options: ConversationStorageOptions = {},
): ConversationStorage<Context, ConversationData> {
  const { now = Date.now } = options;
  const staleSeconds = STALE_AFTER_MS / 1000;
  let lastSweepAt = -Infinity;

  async function sweepNowAndThen(): Promise<void> {
    if (now() - lastSweepAt < SWEEP_EVERY_MS) return;
    lastSweepAt = now();
    await sql.execute(`delete from bot_conversations where updated_at < now() - make_interval(secs => ?)`, [
      staleSeconds,
    ]);
  }

  return {
    type: 'key',
    version: CONVERSATIONS_VERSION,
    // The plugin's default key, spelled out: one row per chat.
    getStorageKey: (ctx) => (ctx.chatId === undefined ? undefined : String(ctx.chatId)),
    adapter: {
      async read(key) {
        // A stale row reads as absent; the sweep deletes it later.
        const rows = stateRows.parse(
          await sql.execute(
            `select state from bot_conversations
              where key = ? and updated_at >= now() - make_interval(secs => ?)`,
            [key, staleSeconds],
          ),
        );
        return rows[0]?.state as VersionedState<ConversationData> | undefined;
      },
      async write(key, state) {
        await sql.execute(
          `insert into bot_conversations (key, state, updated_at) values (?, ?::jsonb, now())
             on conflict (key) do update set state = excluded.state, updated_at = excluded.updated_at`,
          [key, JSON.stringify(state)],
        );
        await sweepNowAndThen();
      },
      async delete(key) {
        await sql.execute('delete from bot_conversations where key = ?', [key]);
      },
    },
  };
}
