#!/usr/bin/env node
// `npm run bench:smoke`: every bench once in its smoke mode (BENCH_SMOKE=1: the real paths for a few
// seconds, exit 1 on a refused action, an error, a ledger imbalance or nothing measured), one after
// another since they share the machine and, without a PostgreSQL server, the embedded one. CI runs
// it after the tests, so a change that breaks a bench fails there. Exits 1 if any bench failed.
// `npm run bench:smoke -- api realtime` runs only those. `practice` is bench:realtime at practice
// tables (BENCH_PRACTICE=1: one person and the house's players at each).
import { spawn } from 'node:child_process';

const ALL = [
  'engine',
  'frames',
  'lobby',
  'api',
  'realtime',
  'practice',
  'sockets',
  'payments',
  'hands',
  'miniapp',
];
/** Smoke runs of a bench's other mode: the npm script they run and what they add to its environment. */
const VARIANTS = { practice: { script: 'realtime', env: { BENCH_PRACTICE: '1' } } };
const unknown = process.argv.slice(2).filter((name) => !ALL.includes(name));
if (unknown.length) {
  console.error(`no bench named ${unknown.join(', ')} (benches: ${ALL.join(', ')})`);
  process.exit(2);
}
const BENCHES = process.argv.length > 2 ? process.argv.slice(2) : ALL;
/** A bench still running after this is stopped and counted as failed (a hang must not hold CI). */
const TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_MS || 300_000);

function run(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    // Its own process group, so that a timeout stops the bench's server processes too.
    const variant = VARIANTS[name];
    const child = spawn('npm', ['run', '-s', `bench:${variant?.script ?? name}`], {
      env: { ...process.env, ...variant?.env, BENCH_SMOKE: '1' },
      stdio: 'inherit',
      detached: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGTERM');
      setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000).unref();
    }, TIMEOUT_MS);
    const done = (code, error) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const failure = timedOut
        ? `timed out after ${TIMEOUT_MS / 1000}s`
        : error
          ? String(error)
          : code !== 0
            ? `exit ${code}`
            : null;
      resolve({ name, seconds, failure });
    };
    child.on('error', (error) => done(null, error));
    child.on('exit', (code, signal) => done(code ?? signal));
  });
}

const results = [];
for (const name of BENCHES) {
  console.log(`\n=== bench:${name} (smoke)`);
  results.push(await run(name));
}
console.log('\nbench:smoke');
for (const r of results)
  console.log(
    `  ${`bench:${r.name}`.padEnd(16)} ${r.seconds.toFixed(1).padStart(6)}s  ${r.failure ? `FAILED (${r.failure})` : 'ok'}`,
  );
const total = results.reduce((sum, r) => sum + r.seconds, 0);
const failed = results.filter((r) => r.failure);
console.log(
  `  ${'total'.padEnd(16)} ${total.toFixed(1).padStart(6)}s  ${failed.length ? `${failed.length} failed` : 'all ok'}`,
);
process.exit(failed.length ? 1 : 0);
