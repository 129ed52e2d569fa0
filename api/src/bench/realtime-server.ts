/**
 * The api for `npm run bench:realtime`, in its own process: a throw-away database, the HTTP api with
 * socket.io and the tables on a loopback port. Started by realtime-bench.ts with an IPC channel: it
 * reports `ready` with its port and database, answers stats requests (CPU, memory, counters) and a
 * ledger check, and on
 * `stop` — or when its parent goes away — closes everything and drops its database. With
 * BENCH_JOIN_DATABASE it is a further node of a several-node run (REDIS_URL set by the bench): it
 * uses that database and leaves it to the first node.
 *
 * With BENCH_PRACTICE=1 it also opens practice tables (RULES §8) when asked, tops the bench's
 * people up with play chips, and its house players pause BENCH_HOUSE_THINK_SCALE times their
 * human-like 0.8–3 s before a move (0 by default: every move at once, as the bench's people play).
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '../config.js';
import { createDatabase, dropDatabase, withDatabase } from '../db/admin.js';
import { statementCounter } from '../db/statement-counter.js';
import { knexOf, openOrm } from '../db/orm.js';
import { isHousePlayerId, PRACTICE_STAKES } from '@svara/core';
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
const practice = process.env.BENCH_PRACTICE === '1';
const realtime = await attachRealtime(api, {
  startDelayMs: 500,
  emptyRoomCloseMs: 3_600_000,
  ...(practice
    ? {
        houseThinkScale: Number(process.env.BENCH_HOUSE_THINK_SCALE || 0),
        // The bench opens its own tables: the house's kept ones would only stand empty beside them.
        keepPracticeTables: false,
      }
    : {}),
});
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
  if (message?.type === 'practice-tables') void practiceTables(message as PracticeTablesRequest);
  if (message?.type === 'chips') void chips(message as ChipsRequest);
  if (message?.type === 'seated') {
    const seated = realtime.runtime.seatedPlayers();
    const house = seated.filter((id) => isHousePlayerId(id)).length;
    process.send?.({ type: 'seated', people: seated.length - house, house });
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
  // Where the memory that outlives a young-generation collection is allocated (BENCH_HEAP_PROFILE):
  // sampled allocations still alive or freed by a full collection, not those a scavenge freed. These
  // are what the full collections and their background threads work for. BENCH_HEAP_ALL=1 counts
  // those a scavenge freed too: every allocation, what the young collections work for.
  if (message?.type === 'heap-profile-start') {
    inspector.connect();
    void inspector.post('HeapProfiler.enable').then(() =>
      inspector.post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_ALL === '1',
      }),
    );
  }
  if (message?.type === 'heap-profile-stop' && message.file) {
    const file = message.file;
    void inspector.post('HeapProfiler.stopSampling').then(async ({ profile }) => {
      await writeFile(file, JSON.stringify(profile));
      process.send?.({ type: 'profile-written', file });
    });
  }
});
process.on('disconnect', () => void stop());

type PracticeTablesRequest = { count: number };
type ChipsRequest = { userIds: string[]; amount: number };

/** `count` public practice tables at the lowest practice stake, as the house keeps them open. */
async function practiceTables({ count }: PracticeTablesRequest): Promise<void> {
  try {
    const roomIds: string[] = [];
    for (let i = 0; i < count; i++)
      roomIds.push((await api.services.rooms.createKept(Math.min(...PRACTICE_STAKES))).id);
    process.send?.({ type: 'practice-tables', roomIds });
  } catch (error) {
    process.send?.({ type: 'practice-tables', error: String(error) });
  }
}

/**
 * Play chips for the bench's people from the chip bank, through the ledger, beyond the grant: random
 * raises lose a stack fast, and a person stood up for want of chips would leave the house players
 * of that table nobody to play with.
 */
async function chips({ userIds, amount }: ChipsRequest): Promise<void> {
  try {
    const ledger = api.services.ledger;
    const bank = await ledger.systemAccount('chip_bank');
    for (const userId of userIds)
      await ledger.transfer({
        idempotencyKey: `bench-chips:${userId}`,
        debitAccountId: bank,
        creditAccountId: await ledger.walletOf(userId, 'chips'),
        amount,
        reason: 'bench_chips',
      });
    process.send?.({ type: 'chips' });
  } catch (error) {
    process.send?.({ type: 'chips', error: String(error) });
  }
}
process.send?.({ type: 'ready', port, databaseUrl });
