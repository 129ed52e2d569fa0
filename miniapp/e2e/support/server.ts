/**
 * The real product for end-to-end runs and the bench: builds core, api and the Mini App, then runs
 * `node api/dist/main.js` on a free port with a fresh embedded PostgreSQL in a temporary directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

/** `npm run build` at the repository root (core, api, miniapp); throws with its output on failure. */
export function buildProduct(): void {
  // A test runner sets NODE_ENV=test, which would make Vite build the development flavour.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8', env });
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (${result.status}):\n${(result.stdout + result.stderr).slice(-4000)}`,
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type RunningProduct = {
  url: string;
  logFile: string;
  /** Port of the product's embedded PostgreSQL (for `npm run ledger:check` against it). */
  pgPort: number;
  stop(): Promise<void>;
};

/** A GET's status without keeping the connection open (a kept-alive socket would delay the api's shutdown). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    if ((await statusOf(`${url}/api/v1/rooms`)) === 200) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the api did not answer within ${timeoutMs} ms`);
}

/** Starts the built api (which serves miniapp/dist) with development routes and a fresh database. */
export async function startProduct(name: string, env: Record<string, string> = {}): Promise<RunningProduct> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = path.join(ARTIFACTS, `${name}-server.log`);
  const log = createWriteStream(logFile);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svara-e2e-pg-'));
  // As root, PostgreSQL runs as its own system user, which must be able to reach its data directory.
  chmodSync(dataDir, 0o755);
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_DIR: path.join(dataDir, 'pg'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${logFile}`);
  }
  return { url, logFile, pgPort, stop };
}
