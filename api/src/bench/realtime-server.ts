/**
 * The api for `npm run bench:realtime`, in its own process: a throw-away database, the HTTP api with
 * socket.io and the tables on a loopback port. Started by realtime-bench.ts with an IPC channel: it
 * reports `ready` with its port and database, answers stats requests (CPU, memory, counters) and a
 * ledger check, and on
 * `stop` — or when its parent goes away — closes everything and drops its database. With
 * BENCH_JOIN_DATABASE it is a further node of a several-node run (REDIS_URL set by the bench): it
 * uses that database and leaves it to the first node.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../config.js';
import { createDatabase, dropDatabase, withDatabase } from '../db/admin.js';
import { statementCounter } from '../db/statement-counter.js';
import { knexOf, openOrm } from '../db/orm.js';
import { checkLedger } from '../ledger/check.js';
import { createLogger } from '../logger.js';
import { attachRealtime } from '../realtime/index.js';
import { createServer } from '../server.js';
import { benchPostgres } from './bench-postgres.js';

const GENEROUS = { perSecond: 1_000_000, burst: 1_000_000 };

// The first node creates the bench's database; the others of a several-node run join it.
const joining = process.env.BENCH_JOIN_DATABASE ?? null;
const server = joining ? { adminUrl: joining, stop: async () => undefined } : await benchPostgres();
const name = joining ? null : `svara_bench_${randomBytes(4).toString('hex')}`;
if (name) await createDatabase(server.adminUrl, name);
const databaseUrl = name ? withDatabase(server.adminUrl, name) : joining!;
const orm = await openOrm({ url: databaseUrl, poolMax: Number(process.env.BENCH_POOL ?? 24) });
const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: '', LOG_LEVEL: 'warn' });
const logger = createLogger({ level: 'warn', pretty: false });
const api = createServer({
  config,
  logger,
  orm,
  rateLimits: { loginPerIp: GENEROUS, mutationPerIp: GENEROUS, mutationPerUser: GENEROUS },
  miniappDist: null,
});
const realtime = await attachRealtime(api, { startDelayMs: 500, emptyRoomCloseMs: 3_600_000 });
// Statements sent to PostgreSQL, for the bench's per-action count.
const statements = await statementCounter(knexOf(orm), { byText: Boolean(process.env.BENCH_SQL) });
const port = await api.listen(0, '127.0.0.1');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await realtime.close();
    await api.close(500);
    await orm.close(true);
    if (name) await dropDatabase(server.adminUrl, name);
    await server.stop();
  } finally {
    process.exit(0);
  }
}

// A CPU profile of the measured window only, when the bench asks for one (BENCH_PROFILE=dir).
const inspector = new Session();
process.on('message', (message: { type?: string; file?: string }) => {
  if (message?.type === 'stop') void stop();
  if (message?.type === 'ledger') {
    checkLedger(knexOf(orm)).then(
      (report) => process.send?.({ type: 'ledger', report }),
      (error: unknown) => process.send?.({ type: 'ledger', error: String(error) }),
    );
  }
  if (message?.type === 'queries') {
    const pool = (knexOf(orm).client as { pool?: { numPendingAcquires(): number; numUsed(): number } }).pool;
    process.send?.({
      type: 'queries',
      queries: statements.count,
      tally: statements.takeTally().slice(0, 12),
      pending: pool?.numPendingAcquires(),
      used: pool?.numUsed(),
    });
  }
  if (message?.type === 'profile-start') {
    inspector.connect();
    void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start'));
  }
  if (message?.type === 'profile-stop' && message.file) {
    const file = message.file;
    void inspector.post('Profiler.stop').then(async ({ profile }) => {
      await writeFile(file, JSON.stringify(profile));
      process.send?.({ type: 'profile-written', file });
    });
  }
});
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', port, databaseUrl });
