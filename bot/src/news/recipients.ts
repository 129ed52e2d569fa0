/**
 * Who a news broadcast goes to: every player who has not blocked the bot and is not in a cool-off or
 * self-exclusion (api/src/protection: such an account gets no news), read from the users table
 * in pages (keyset on the Telegram id) so a large player base never sits in memory at once.
 */
import { z } from 'zod';
import type { SqlConnection } from '../ports.js';

export interface Recipients {
  count(): Promise<number>;
  ids(): AsyncIterable<string>;
  /** Telegram answered that this player blocked the bot: leave them out from now on. */
  markBlocked(telegramId: string): Promise<void>;
}

/** No news during a cool-off or self-exclusion (protection_exclusions, api/src/protection). */
const NOT_EXCLUDED = `not exists (select 1 from protection_exclusions e
  where e.user_id = users.telegram_id and e.starts_at <= now() and e.until > now())`;

const countRows = z.array(z.object({ n: z.coerce.number().int().nonnegative() })).length(1);
const idRows = z.array(z.object({ id: z.string().regex(/^\d+$/) }));

export function allPlayers(sql: SqlConnection, pageSize = 500): Recipients {
  return {
    async count() {
      return countRows.parse(
        await sql.execute(`select count(*) as n from users where bot_blocked_at is null and ${NOT_EXCLUDED}`),
      )[0]!.n;
    },
    async *ids() {
      let after = '0';
      for (;;) {
        const rows = idRows.parse(
          await sql.execute(
            `select telegram_id::text as id from users
              where telegram_id > ? and bot_blocked_at is null and ${NOT_EXCLUDED}
              order by telegram_id limit ?`,
            [after, pageSize],
          ),
        );
        for (const row of rows) yield row.id;
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1]!.id;
      }
    },
    async markBlocked(telegramId) {
      await sql.execute(
        'update users set bot_blocked_at = now() where telegram_id = ? and bot_blocked_at is null',
        [telegramId],
      );
    },
  };
}
