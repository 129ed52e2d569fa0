/**
 * Counts the statements sent over the connections of knex's pool, whether through knex or straight
 * to node-postgres (prepared-statement.ts), which knex's query events miss: it counts node-postgres'
 * own query calls. For the bench and tests; nothing in the server counts this way.
 */
import type { Knex } from '@mikro-orm/postgresql';
import { connectionPool } from './prepared-statement.js';

export type StatementCounter = {
  /** Statements sent since the counter started. */
  readonly count: number;
  /**
   * The statements sent since the last call, by text (a prepared statement by its name), most sent
   * first; empty unless the counter was started with `byText`.
   */
  takeTally(): [text: string, count: number][];
  /** Stops counting (counters stop in the reverse order they started). */
  stop(): void;
};

export async function statementCounter(
  knex: Knex,
  options: { byText?: boolean } = {},
): Promise<StatementCounter> {
  const pool = connectionPool(knex);
  const connection = await pool.acquireConnection();
  await pool.releaseConnection(connection);
  // Every connection of the pool is a node-postgres Client: counting on their prototype sees them all.
  const client = Object.getPrototypeOf(connection) as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  let count = 0;
  const tally = new Map<string, number>();
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    if (options.byText) {
      const q = args[0] as string | { name?: string; text?: string } | undefined;
      const text = typeof q === 'string' ? q : (q?.name ?? q?.text ?? '?');
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 100);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
  return {
    get count() {
      return count;
    },
    takeTally() {
      const sorted = [...tally].sort((a, b) => b[1] - a[1]);
      tally.clear();
      return sorted;
    },
    stop() {
      client.query = query;
    },
  };
}
