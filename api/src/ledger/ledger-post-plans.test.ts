import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionPool, type ConnectionPool } from '../db/prepared-statement.js';
import { useTestDatabase } from '../test-support/db.js';
import { createLedger, type Ledger } from './ledger.js';

/**
 * ledger_post runs on every move of every table, and a hand escrow is added per hand: its
 * statements must find the accounts they touch by primary key, whatever the planner believes about
 * the table. auto_explain reports the plan of every statement inside the function to this
 * connection; the statistics are taken while the table holds only system accounts, as in a young
 * database, which is when a filter on `kind` looks selective.
 */
const db = useTestDatabase();
let ledger: Ledger;

type NoticeConnection = {
  query(sql: string, values?: unknown[]): Promise<unknown>;
  on(event: 'notice', listener: (notice: { message?: string }) => void): void;
  removeAllListeners(event: 'notice'): void;
};
let pool: ConnectionPool<NoticeConnection>;
let connection: NoticeConnection;
const plans: string[] = [];

beforeAll(async () => {
  ledger = createLedger(db.knex);
  await ledger.systemAccount('house');
  await ledger.systemAccount('faucet');
  await db.knex.raw('analyze accounts');
  await db.knex.raw(
    `insert into users (telegram_id) select g from generate_series(9000001, 9002000) g;
     insert into accounts (kind, owner_id, balance) select 'player_wallet', g, 1000 from generate_series(9000001, 9002000) g;
     insert into accounts (kind, reference) select 'hand_escrow', 'plan-test:' || g from generate_series(1, 3000) g;`,
  );

  pool = connectionPool<NoticeConnection>(db.knex);
  connection = await pool.acquireConnection();
  connection.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  await connection.query(`load 'auto_explain'`);
  await connection.query(`set auto_explain.log_min_duration = 0`);
  await connection.query(`set auto_explain.log_nested_statements = on`);
  await connection.query(`set plan_cache_mode = force_generic_plan`);
  await connection.query(`set client_min_messages = log`);
});

afterAll(async () => {
  if (!connection) return;
  connection.removeAllListeners('notice');
  await connection.query('reset all');
  await pool.releaseConnection(connection);
});

describe('ledger_post plans', () => {
  it('reads and locks the touched accounts by primary key only', async () => {
    const ids = await db.knex.raw<{ rows: { id: string }[] }>(
      `select id from accounts where owner_id in (9000001, 9000002)
        union all select id from accounts where reference = 'plan-test:3000'`,
    );
    const [walletA, walletB, escrow] = ids.rows.map((r) => Number(r.id));
    const house = await ledger.systemAccount('house');
    await connection.query(
      `select * from ledger_post($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::jsonb[])`,
      [
        ['plan:a', 'plan:b', 'plan:tax'],
        [walletA, walletB, escrow],
        [escrow, escrow, house],
        [100, 100, 10],
        ['bet', 'bet', 'house_share'],
        ['{}', '{}', '{}'],
      ],
    );
    const lines = plans.join('\n').split('\n');
    expect(lines.filter((line) => /accounts_pkey/.test(line)).length).toBeGreaterThan(0);
    expect(lines.filter((line) => /accounts_identity_unique|Seq Scan on accounts/.test(line))).toEqual([]);
  });
});
