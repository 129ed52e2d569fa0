/**
 * `npm run bench:api`: GET /rooms and POST /auth/login under load (autocannon in a separate process
 * against 127.0.0.1), and ledger transfers per second with concurrent workers. Uses a throw-away
 * database on the server the tests use (src/bench/bench-postgres.ts). Exits 1 when a request
 * failed, nothing was measured or the ledger check fails; BENCH_SMOKE=1 runs it for a few seconds.
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=64 npm run bench:api
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Failures, setting } from '../src/bench/bench-helpers.js';
import { benchPostgres } from '../src/bench/bench-postgres.js';
import { loadConfig } from '../src/config.js';
import { createDatabase, dropDatabase, withDatabase } from '../src/db/admin.js';
import { knexOf, openOrm } from '../src/db/orm.js';
import { signDevInitData } from '../src/dev/init-data.js';
import type { Ledger } from '../src/ledger/ledger.js';
import { createLogger } from '../src/logger.js';
import { createServer } from '../src/server.js';

const SECONDS = setting('BENCH_SECONDS', 10, 1);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 64, 8);
const LEDGER_WORKERS = 32;
const LEDGER_ACCOUNTS = setting('BENCH_LEDGER_ACCOUNTS', 1000, 100);
const BOT_TOKEN = '4242:bench-bot-token';
const here = path.dirname(fileURLToPath(import.meta.url));

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function runLoad(job: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'load-child.mjs')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(JSON.stringify(job));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as LoadResult)
        : reject(new Error(`load process exited ${code}`)),
    );
  });
}

async function ledgerThroughput(
  ledger: Ledger,
  userIds: string[],
): Promise<{ perSecond: number; total: number }> {
  const faucet = await ledger.systemAccount('faucet');
  const wallets: number[] = [];
  for (const userId of userIds) {
    const wallet = await ledger.playerWallet(userId);
    await ledger.transfer({
      idempotencyKey: `bench-fund:${userId}`,
      debitAccountId: faucet,
      creditAccountId: wallet,
      amount: 10_000_000,
      reason: 'faucet',
    });
    wallets.push(wallet);
  }
  const runId = randomBytes(4).toString('hex');
  const deadline = Date.now() + SECONDS * 1000;
  let total = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: LEDGER_WORKERS }, async (_, worker) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const from = wallets[Math.floor(Math.random() * wallets.length)]!;
        let to = wallets[Math.floor(Math.random() * wallets.length)]!;
        if (to === from) to = wallets[(wallets.indexOf(from) + 1) % wallets.length]!;
        await ledger.transfer({
          idempotencyKey: `bench:${runId}:${worker}:${i}`,
          debitAccountId: from,
          creditAccountId: to,
          amount: 1 + (i % 100),
          reason: 'bench',
        });
        total++;
      }
    }),
  );
  return { perSecond: total / ((Date.now() - started) / 1000), total };
}

const failures = new Failures();

/** A load with a failed request, or none answered, is a broken bench. */
function checkLoad(name: string, result: LoadResult): LoadResult {
  failures.check(result.total > 0, `${name}: no request answered`);
  failures.check(
    result.non2xx + result.errors === 0,
    `${name}: ${result.non2xx} non-2xx answers, ${result.errors} connection errors (${result.timeouts} of them time-outs)`,
  );
  return result;
}

function line(name: string, result: LoadResult) {
  // autocannon counts time-outs among the connection errors.
  const failed = result.non2xx + result.errors;
  return `${name.padEnd(22)} ${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s   p50 ${result.p50} ms   p99 ${result.p99} ms   (${result.total} requests, ${failed} failed)`;
}

const server = await benchPostgres();
const dbName = `svara_bench_${randomBytes(4).toString('hex')}`;
await createDatabase(server.adminUrl, dbName);
const orm = await openOrm({ url: withDatabase(server.adminUrl, dbName), poolMax: 40 });
const unlimited = { perSecond: 1e9, burst: 1e9 };
const api = createServer({
  config: loadConfig({ NODE_ENV: 'test', BOT_TOKEN }),
  logger: createLogger({ level: 'silent', pretty: false }),
  orm,
  miniappDist: null,
  // The limiter still runs on every request; its limits are lifted so one IP can load the server.
  rateLimits: { loginPerIp: unlimited, mutationPerUser: unlimited, mutationPerIp: unlimited },
});
try {
  const port = await api.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const { services } = api;

  // A lobby of 50 open public rooms, 20 of them with seated players in the directory's view.
  const userIds = Array.from({ length: LEDGER_ACCOUNTS }, (_, i) => String(700_000 + i));
  await knexOf(orm).raw(
    `insert into users (telegram_id, username) select g, 'bench' || g from generate_series(700000, ${700_000 + LEDGER_ACCOUNTS - 1}) g`,
  );
  for (let i = 0; i < 50; i++) {
    // Opening a room needs the current user agreement accepted (player protection).
    await services.protection.acceptAgreement(userIds[i]!, services.protection.agreementVersion);
    await services.ledger.transfer({
      idempotencyKey: `bench-room-fund:${i}`,
      debitAccountId: await services.ledger.systemAccount('faucet'),
      creditAccountId: await services.ledger.playerWallet(userIds[i]!),
      amount: 100_000,
      reason: 'faucet',
    });
    await services.rooms.create(userIds[i]!, { type: 'public', minBet: 1 + (i % 10) });
  }

  const cpu = execFileSync('nproc').toString().trim();
  console.log(
    `svara api bench: ${SECONDS}s per scenario, ${CONNECTIONS} connections, ${cpu} CPUs, loopback\n`,
  );

  const get = (pathname: string) =>
    runLoad({ url: base, method: 'GET', path: pathname, connections: CONNECTIONS, duration: SECONDS });
  // The framework's own ceiling on this machine right now, to read the other numbers against.
  console.log(line('GET /api/v1/health', checkLoad('GET /health', await get('/api/v1/health'))));
  console.log(line('GET /api/v1/rooms', checkLoad('GET /rooms', await get('/api/v1/rooms'))));

  const bodies = userIds.map((id) =>
    JSON.stringify({ initData: signDevInitData({ id, username: `bench${id}` }, { botToken: BOT_TOKEN }) }),
  );
  const login = await runLoad({
    url: base,
    method: 'POST',
    path: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    bodies,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  console.log(line('POST /api/v1/auth/login', checkLoad('POST /auth/login', login)));

  const ledger = await ledgerThroughput(services.ledger, userIds);
  const check = await services.checkLedger();
  console.log(
    `${'ledger transfers'.padEnd(22)} ${Math.round(ledger.perSecond).toString().padStart(7)} transfers/s (${LEDGER_WORKERS} workers over ${LEDGER_ACCOUNTS} wallets, ${ledger.total} transfers; ledger check ${check.ok ? 'OK' : 'FAILED'})`,
  );
  failures.check(ledger.total > 0, 'no ledger transfer made');
  failures.check(check.ok, 'the ledger check failed');
} finally {
  await api.close(1000);
  await orm.close(true);
  await dropDatabase(server.adminUrl, dbName);
  await server.stop();
}
failures.report('bench:api');
