/**
 * `npm run bench:payments`: money in and out through the api on loopback, the server in its own
 * process (this same file, forked with PAYMENTS_BENCH_ROLE=server) on a throw-away database.
 *
 * 1. Deposits: N players sign in and connect a socket; each gets deposit orders (a USDTTON and a TON
 *    address, then invoices of $10). The bench then plays the sandbox merchant: it signs `paid`
 *    callbacks itself (HMAC-SHA-256 with SANDBOX_SECRET, as the sandbox does) and POSTs them to
 *    /payments/callback/sandbox, at most one per player in flight and BENCH_CONCURRENCY in all.
 *    Latency: callback sent → the player's socket receiving transactionConfirmed.
 * 2. Withdrawals: each player saves a TON address and withdraws $10 at a time (Idempotency-Key),
 *    BENCH_CONCURRENCY in flight; latency of the 200 pending answer. The sandbox settles them later.
 * 3. The ledger check once every withdrawal has settled.
 *
 * It measures and prints; it exits 1 when a deposit or withdrawal failed, nothing was measured, a
 * withdrawal did not settle or the ledger check fails. Bounded in count and time. BENCH_SMOKE=1: 6
 * players, 3 orders each, a few seconds.
 *
 *   BENCH_PLAYERS=200 BENCH_ORDERS_PER_PLAYER=25 BENCH_CONCURRENCY=50 BENCH_SECONDS=10 npm run bench:payments
 *   (BENCH_POOL: the server's database pool, default 24.)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Address } from '@ton/core';
import { AGREEMENT_VERSION } from '@svara/core';
import { DEVELOPMENT_BOT_TOKEN } from '../config.js';
import { signDevInitData } from '../dev/init-data.js';
import { WireClient } from './wire-client.js';
import { Failures, percentile, pool, setting } from './bench-helpers.js';

const ROLE = process.env.PAYMENTS_BENCH_ROLE ?? 'bench';
const here = fileURLToPath(import.meta.url);

// ============================================================================ the server process

async function runServer(): Promise<void> {
  const { loadConfig } = await import('../config.js');
  const { createDatabase, dropDatabase, withDatabase } = await import('../db/admin.js');
  const { benchPostgres } = await import('./bench-postgres.js');
  const { knexOf, openOrm } = await import('../db/orm.js');
  const { createLogger } = await import('../logger.js');
  const { attachRealtime } = await import('../realtime/index.js');
  const { createServer } = await import('../server.js');
  const { checkLedger } = await import('../ledger/check.js');

  const GENEROUS = { perSecond: 1_000_000, burst: 1_000_000 };
  const postgres = await benchPostgres();
  const admin = postgres.adminUrl;
  const name = `svara_bench_pay_${randomBytes(4).toString('hex')}`;
  await createDatabase(admin, name);
  const orm = await openOrm({
    url: withDatabase(admin, name),
    poolMax: Number(process.env.BENCH_POOL ?? 24),
  });
  const knex = knexOf(orm);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    BOT_TOKEN: DEVELOPMENT_BOT_TOKEN,
    WITHDRAW_REVIEW_NEW_ADDRESS: 'false',
  });
  const logger = createLogger({ level: 'warn', pretty: false });
  const api = createServer({
    config,
    logger,
    orm,
    rateLimits: { loginPerIp: GENEROUS, mutationPerIp: GENEROUS, mutationPerUser: GENEROUS },
    miniappDist: null,
  });
  const realtime = await attachRealtime(api, { startDelayMs: 500, emptyRoomCloseMs: 3_600_000 });
  // As main.ts: credited deposits reach the player's sockets.
  api.services.wallets.onChanged((userId, message) => {
    realtime
      .walletChanged(userId, message)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'wallet push failed'));
  });
  const port = await api.listen(0, '127.0.0.1');
  api.services.payments.start();

  let stopping = false;
  async function stop(): Promise<void> {
    if (stopping) return;
    stopping = true;
    try {
      await api.services.payments.stop();
      await realtime.close();
      await api.close(500);
      await orm.close(true);
      await dropDatabase(admin, name);
      await postgres.stop();
    } finally {
      process.exit(0);
    }
  }

  type Request = { type?: string; id?: number };
  process.on('message', (message: Request) => {
    const reply = (body: Record<string, unknown>) =>
      process.send?.({ ...body, type: message.type, id: message.id });
    const fail = (error: unknown) => reply({ error: String(error) });
    switch (message?.type) {
      case 'stop':
        void stop();
        break;
      case 'orders':
        knex
          .raw<{ rows: { tracker_id: string; id: string }[] }>(
            `select tracker_id, id from payment_transactions where type = 'deposit'`,
          )
          .then((r) => reply({ orders: r.rows.map((row) => [row.tracker_id, String(row.id)]) }), fail);
        break;
      case 'withdrawals':
        knex
          .raw<{ rows: { status: string; n: string }[] }>(
            `select status, count(*) as n from payment_transactions where type = 'withdrawal' group by status`,
          )
          .then(
            (r) => reply({ statuses: Object.fromEntries(r.rows.map((row) => [row.status, Number(row.n)])) }),
            fail,
          );
        break;
      case 'ledger':
        checkLedger(knex).then((report) => reply({ report }), fail);
        break;
      case 'cpu': {
        const cpu = process.cpuUsage();
        const pool = (knex.client as { pool?: { numPendingAcquires(): number; numUsed(): number } }).pool;
        reply({
          cpuMs: (cpu.user + cpu.system) / 1000,
          pending: pool?.numPendingAcquires(),
          used: pool?.numUsed(),
        });
        break;
      }
    }
  });
  process.on('disconnect', () => void stop());
  process.send?.({ type: 'ready', port });
}

// ============================================================================ the bench

type Reply = Record<string, unknown> & { type: string; id: number; error?: string };

function summary(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface DepositOrder {
  trackerId: string;
  orderId: string;
  kind: 'deposit' | 'invoice';
  currency: 'USDTTON' | 'TON' | 'USDT';
  /** What the payer sends (an address's USDT payment; an invoice's own amount). */
  dollars: number;
}

interface Player {
  index: number;
  id: string;
  token: string;
  client: WireClient;
  orders: DepositOrder[];
  balance: number;
  /** The deposit in flight, waiting for its socket push. */
  waiting: ((payload: { balance: number; message: string }) => void) | null;
  pushes: number;
}

async function runBench(): Promise<void> {
  const PLAYERS = setting('BENCH_PLAYERS', 200, 6);
  const ORDERS_PER_PLAYER = Math.max(1, setting('BENCH_ORDERS_PER_PLAYER', 25, 3));
  const CONCURRENCY = setting('BENCH_CONCURRENCY', 50, 3);
  const SECONDS = setting('BENCH_SECONDS', 10, 3);
  const WITHDRAW_SECONDS = setting('BENCH_WITHDRAW_SECONDS', SECONDS, SECONDS);
  const PUSH_TIMEOUT_MS = 10_000;
  const secret = randomBytes(32).toString('hex');
  const sign = (raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

  // --- the server
  const child: ChildProcess = fork(here, [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: {
      ...process.env,
      PAYMENTS_BENCH_ROLE: 'server',
      SANDBOX_SECRET: secret,
      SANDBOX_WITHDRAW_DELAY_MS: process.env.SANDBOX_WITHDRAW_DELAY_MS ?? '200',
      SANDBOX_CALLBACK_DELAY_MS: '0',
      SANDBOX_FAILURE_RATE: '0',
      SANDBOX_TIMEOUT_RATE: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m?.type === 'ready') resolve(m.port!);
    });
  });
  let askId = 0;
  const ask = (type: string): Promise<Reply> => {
    const id = ++askId;
    return new Promise((resolve, reject) => {
      const onMessage = (m: Reply) => {
        if (m?.type !== type || m.id !== id) return;
        child.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type, id });
    });
  };
  const stopServer = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
      setTimeout(() => {
        child.kill();
        resolve();
      }, 15_000).unref();
    });

  const base = `http://127.0.0.1:${port}/api/v1`;
  async function call<T>(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T };
  }
  async function must<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
    const answer = await call<T>(method, url, body, token);
    if (answer.status !== 200)
      throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  try {
    // --- players: sign in, connect, orders
    const setupStarted = Date.now();
    const players: Player[] = [];
    await pool(
      Array.from({ length: PLAYERS }, (_, i) => i),
      20,
      async (i) => {
        const id = String(8_100_000 + i);
        const { accessToken } = await must<{ accessToken: string }>('POST', '/auth/login', {
          initData: signDevInitData({ id, username: `payer_${i}`, languageCode: 'en' }),
        });
        // The user agreement accepted (player protection): no deposit without it.
        const accepted = await call(
          'POST',
          '/protection/agreement',
          { version: AGREEMENT_VERSION },
          accessToken,
        );
        if (accepted.status !== 204) throw new Error(`agreement: ${accepted.status}`);
        const client = await WireClient.connect(port, { token: accessToken });
        const player: Player = {
          index: i,
          id,
          token: accessToken,
          client,
          orders: [],
          balance: 0,
          waiting: null,
          pushes: 0,
        };
        client.on('transactionConfirmed', (json) => {
          const payload = JSON.parse(json) as { balance: number; message: string };
          player.pushes++;
          player.balance = payload.balance;
          const waiting = player.waiting;
          player.waiting = null;
          waiting?.(payload);
        });
        players[i] = player;
      },
    );
    const signedIn = Date.now();
    const trackers: {
      player: Player;
      trackerId: string;
      kind: 'deposit' | 'invoice';
      currency: DepositOrder['currency'];
      dollars: number;
    }[] = [];
    await pool(players, 20, async (player) => {
      for (let k = 0; k < ORDERS_PER_PLAYER; k++) {
        if (k < 2) {
          const currency = k === 0 ? 'USDTTON' : 'TON';
          const { trackerId } = await must<{ trackerId: string }>(
            'POST',
            '/finances/transaction',
            { type: 'deposit', telegramId: player.id, currency },
            player.token,
          );
          trackers.push({ player, trackerId, kind: 'deposit', currency, dollars: 10 });
        } else {
          // Each a different amount: an open invoice of the same amount is given again, not made twice.
          const dollars = 10 + k;
          const { trackerId } = await must<{ trackerId: string }>(
            'POST',
            '/finances/invoice',
            { amount: dollars },
            player.token,
          );
          trackers.push({ player, trackerId, kind: 'invoice', currency: 'USDT', dollars });
        }
      }
    });
    const ordersMade = Date.now();
    const orderIds = new Map((await ask('orders')).orders as [string, string][]);
    for (const t of trackers) {
      const orderId = orderIds.get(t.trackerId);
      if (!orderId) throw new Error(`no order for ${t.trackerId}`);
      t.player.orders.push({
        trackerId: t.trackerId,
        orderId,
        kind: t.kind,
        currency: t.currency,
        dollars: t.dollars,
      });
    }
    console.log(
      `setup: ${PLAYERS} players signed in and connected in ${((signedIn - setupStarted) / 1000).toFixed(1)}s, ` +
        `${trackers.length} deposit orders (2 addresses + ${ORDERS_PER_PLAYER - 2} invoices each) in ` +
        `${((ordersMade - signedIn) / 1000).toFixed(1)}s (${Math.round(trackers.length / ((ordersMade - signedIn) / 1000))}/s)`,
    );

    // --- deposits: signed callbacks, at most one per player in flight
    async function depositRound(ready: Player[], width: number, deadline: number): Promise<void> {
      await Promise.all(
        Array.from({ length: width }, async () => {
          for (;;) {
            if (performance.now() > deadline) return;
            const player = ready.shift();
            if (!player) return;
            const order = player.orders.shift()!;
            const ton = order.currency === 'TON';
            const body = JSON.stringify({
              callbackId: `cb_bench_${++callbackCounter}_${randomBytes(4).toString('hex')}`,
              uid: order.trackerId,
              kind: order.kind,
              status: 'paid',
              comment: order.orderId,
              currency: order.currency,
              amount: order.kind === 'invoice' ? String(order.dollars) : null,
              paidAmount: ton ? '2' : String(order.dollars),
              asset: ton ? 'TON' : 'USDT',
              rate: ton ? '5.00' : '1',
              txId: null,
              sentAt: new Date().toISOString(),
            });
            const pushed = new Promise<number | null>((resolve) => {
              const timer = setTimeout(() => {
                player.waiting = null;
                resolve(null);
              }, PUSH_TIMEOUT_MS);
              player.waiting = () => {
                clearTimeout(timer);
                resolve(performance.now());
              };
            });
            const sentAt = performance.now();
            const answer = await call('POST', '/payments/callback/sandbox', body, undefined, {
              'x-sandbox-signature': sign(body),
            }).catch((error: unknown) => ({ status: -1, body: String(error) }));
            callbackLatencies.push(performance.now() - sentAt);
            if (answer.status !== 200) {
              const key = `HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`;
              depositErrors[key] = (depositErrors[key] ?? 0) + 1;
              player.waiting = null;
            } else {
              const at = await pushed;
              if (at === null)
                depositErrors['no transactionConfirmed in 10 s'] =
                  (depositErrors['no transactionConfirmed in 10 s'] ?? 0) + 1;
              else {
                confirmed++;
                lastConfirmAt = at;
                pushLatencies.push(at - sentAt);
              }
            }
            if (player.orders.length > 0) ready.push(player);
          }
        }),
      );
    }
    const pushLatencies: number[] = [];
    const callbackLatencies: number[] = [];
    const depositErrors: Record<string, number> = {};
    let confirmed = 0;
    let callbackCounter = 0;
    let lastConfirmAt = 0;
    const cpu0 = (await ask('cpu')).cpuMs as number;
    const depositStart = performance.now();
    lastConfirmAt = depositStart;
    let poolSample = { used: 0, pending: 0, samples: 0 };
    const sampler = setInterval(() => {
      void ask('cpu').then((m) => {
        poolSample = {
          used: poolSample.used + Number(m.used ?? 0),
          pending: poolSample.pending + Number(m.pending ?? 0),
          samples: poolSample.samples + 1,
        };
      });
    }, 250);
    await depositRound([...players], CONCURRENCY, depositStart + SECONDS * 1000);
    clearInterval(sampler);
    const depositSeconds = (lastConfirmAt - depositStart) / 1000;
    const depositCpuMs = ((await ask('cpu')).cpuMs as number) - cpu0;
    const push = summary(pushLatencies);
    const cb = summary(callbackLatencies);
    const depositsPerSecond = confirmed / depositSeconds;

    // --- withdrawals
    await pool(players, 20, async (player) => {
      const hash = Buffer.alloc(32, 0x5a);
      hash.writeUInt32BE(player.index + 1, 0);
      const walletAddress = new Address(0, hash).toString({ bounceable: false });
      await must('POST', '/users/wallet-address', { walletAddress }, player.token);
      (player as Player & { address?: string }).address = walletAddress;
    });
    type Job = { player: Player & { address?: string }; n: number };
    const jobs: Job[] = [];
    const perPlayer = players.map((p) => Math.floor(p.balance / 10));
    for (let round = 0; ; round++) {
      let any = false;
      players.forEach((player, i) => {
        if (round < perPlayer[i]!) {
          jobs.push({ player, n: round });
          any = true;
        }
      });
      if (!any) break;
    }
    const withdrawLatencies: number[] = [];
    const withdrawErrors: Record<string, number> = {};
    let withdrawn = 0;
    let withdrawEnd = 0;
    async function withdrawRound(list: Job[], width: number, deadline: number): Promise<void> {
      let nextJob = 0;
      await Promise.all(
        Array.from({ length: width }, async () => {
          while (nextJob < list.length && performance.now() < deadline) {
            const { player, n } = list[nextJob++]!;
            const sentAt = performance.now();
            const answer = await call<{ status?: string; code?: string }>(
              'POST',
              '/finances/transaction',
              {
                type: 'withdraw',
                telegramId: player.id,
                currency: 'USDTTON',
                amount: 10,
                receiver: player.address,
              },
              player.token,
              { 'idempotency-key': `bench-w-${player.id}-${n}` },
            ).catch((error: unknown) => ({ status: -1, body: { status: undefined, code: String(error) } }));
            const now = performance.now();
            withdrawLatencies.push(now - sentAt);
            withdrawEnd = now;
            if (answer.status === 200 && answer.body.status === 'pending') withdrawn++;
            else {
              const key = `HTTP ${answer.status} ${answer.body.status ?? answer.body.code ?? ''}`;
              withdrawErrors[key] = (withdrawErrors[key] ?? 0) + 1;
            }
          }
        }),
      );
    }
    const withdrawCpu0 = (await ask('cpu')).cpuMs as number;
    const withdrawStart = performance.now();
    withdrawEnd = withdrawStart;
    await withdrawRound(jobs, CONCURRENCY, withdrawStart + WITHDRAW_SECONDS * 1000);
    const withdrawSeconds = (withdrawEnd - withdrawStart) / 1000;
    const withdrawCpuMs = ((await ask('cpu')).cpuMs as number) - withdrawCpu0;
    const withdraw = summary(withdrawLatencies);

    // --- let the sandbox settle the withdrawals (bounded), then the ledger
    const settleStart = Date.now();
    let statuses: Record<string, number> = {};
    while (Date.now() - settleStart < 30_000) {
      statuses = (await ask('withdrawals')).statuses as Record<string, number>;
      if (!statuses.pending) break;
      await sleep(250);
    }
    const settleSeconds = (Date.now() - settleStart) / 1000;
    const ledger = (await ask('ledger')).report as {
      ok: boolean;
      accounts: number;
      transfers: number;
      totalBalance: number;
      mismatches: unknown[];
      negatives: unknown[];
    };

    const poolUsed = poolSample.samples ? poolSample.used / poolSample.samples : NaN;
    const poolPending = poolSample.samples ? poolSample.pending / poolSample.samples : NaN;
    console.log(`
deposits (signed callback → transactionConfirmed on the player's socket), ${CONCURRENCY} in flight, one per player:
  confirmed ${confirmed} in ${depositSeconds.toFixed(2)}s = ${depositsPerSecond.toFixed(0)}/s   (aim ≥ 500/s)
  callback → socket push  p50 ${push.p50} ms  p99 ${push.p99} ms  max ${push.max} ms   (aim p99 < 100 ms)
  callback → HTTP 200     p50 ${cb.p50} ms  p99 ${cb.p99} ms  max ${cb.max} ms
  errors ${JSON.stringify(depositErrors)}
  server CPU ${(depositCpuMs / Math.max(1, confirmed)).toFixed(2)} ms/deposit (${((depositCpuMs / 1000 / depositSeconds) * 100).toFixed(0)} % of a core); db pool avg used ${poolUsed.toFixed(1)}, pending acquires ${poolPending.toFixed(1)}
withdrawals (POST /finances/transaction type withdraw → 200 pending), ${CONCURRENCY} in flight:
  accepted ${withdrawn} of ${withdrawLatencies.length} in ${withdrawSeconds.toFixed(2)}s = ${(withdrawn / withdrawSeconds).toFixed(0)}/s
  latency p50 ${withdraw.p50} ms  p99 ${withdraw.p99} ms  max ${withdraw.max} ms
  errors ${JSON.stringify(withdrawErrors)}
  server CPU ${(withdrawCpuMs / Math.max(1, withdrawLatencies.length)).toFixed(2)} ms/withdrawal
  settled by the sandbox in ${settleSeconds.toFixed(1)}s: ${JSON.stringify(statuses)}
ledger: ${ledger.ok ? 'ok' : 'VIOLATIONS'} (${ledger.accounts} accounts, ${ledger.transfers} transfers, total ${ledger.totalBalance}, ${ledger.mismatches.length} mismatches, ${ledger.negatives.length} negatives)
`);
    console.log(
      JSON.stringify({
        bench: 'payments',
        players: PLAYERS,
        concurrency: CONCURRENCY,
        deposits: {
          confirmed,
          seconds: Number(depositSeconds.toFixed(3)),
          perSecond: Math.round(depositsPerSecond),
          pushMs: push,
          callbackMs: cb,
          errors: depositErrors,
          serverCpuMsPer: Number((depositCpuMs / Math.max(1, confirmed)).toFixed(3)),
        },
        withdrawals: {
          accepted: withdrawn,
          sent: withdrawLatencies.length,
          seconds: Number(withdrawSeconds.toFixed(3)),
          perSecond: Math.round(withdrawn / withdrawSeconds),
          latencyMs: withdraw,
          errors: withdrawErrors,
          settled: statuses,
        },
        ledger: {
          ok: ledger.ok,
          mismatches: ledger.mismatches.length,
          negatives: ledger.negatives.length,
          totalBalance: ledger.totalBalance,
        },
      }),
    );
    for (const player of players) player.client.close();
    const failures = new Failures();
    failures.check(confirmed > 0, 'no deposit confirmed');
    failures.check(
      Object.keys(depositErrors).length === 0,
      `deposit errors: ${JSON.stringify(depositErrors)}`,
    );
    failures.check(withdrawn > 0, 'no withdrawal accepted');
    failures.check(
      Object.keys(withdrawErrors).length === 0,
      `withdrawal errors: ${JSON.stringify(withdrawErrors)}`,
    );
    failures.check(
      Object.keys(statuses).every((status) => status === 'success'),
      `withdrawals not settled as success: ${JSON.stringify(statuses)}`,
    );
    failures.check(ledger.ok, 'the ledger check failed');
    failures.report('bench:payments');
  } finally {
    await stopServer();
  }
}

// Last, so that every declaration above is initialized before either role runs.
if (ROLE === 'server') await runServer();
else await runBench();
