/**
 * The api as a real process (api/src/main.ts under tsx), for tests of crashes, restarts and several
 * nodes: started on a free port against a test database, resolved once it listens, with its output
 * kept for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { TEST_BOT_TOKEN } from './http.js';

const MAIN = path.join(REPO_ROOT, 'api', 'src', 'main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type ApiProcess = { child: ChildProcess; port: number; output: string[] };

/**
 * Starts the api on `port` (a free one when absent) with `env` over the tests' settings; fails when
 * it does not listen within `startTimeoutMs` (45 s by default).
 */
export async function startApiProcess(options: {
  databaseUrl: string;
  port?: number;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOT_TOKEN: TEST_BOT_TOKEN,
      JWT_SECRET: 'test-jwt-secret-long-enough-for-the-rule',
      LOG_LEVEL: 'info',
      TABLE_TURN_MS: '20000',
      TABLE_RESULT_MS: '200',
      TABLE_START_DELAY_MS: '300',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`api did not start:\n${output.join('')}`)),
      options.startTimeoutMs ?? 45_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('svara api listening')) {
        clearTimeout(timer);
        resolve({ child, port, output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code}:\n${output.join('')}`));
    });
  });
}

/** Resolves with the exit code once the process is gone (null when a signal ended it). */
export function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Shared by the workers of one run (their parent), not by another run on the same machine. */
const TURN = path.join(os.tmpdir(), `svara-api-process-turn-${process.ppid}`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Files that start api processes take turns across the run's workers: each start costs seconds of
 * CPU, and two such files at once on a two-core machine pushed each other's takeovers and restarts
 * past the seconds their tests allow. Registers beforeAll/afterAll for the calling file.
 */
export function takeTurnStartingApiProcesses(): void {
  beforeAll(async () => {
    for (;;) {
      try {
        mkdirSync(TURN);
        writeFileSync(path.join(TURN, 'pid'), String(process.pid));
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      // A worker that died holding the turn gives it up.
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(TURN, 'pid'), 'utf8'));
      } catch {
        // Just taken: the holder has not written its pid yet.
      }
      if (holder > 0 && !alive(holder)) rmSync(TURN, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 30 * 60_000);
  afterAll(() => {
    rmSync(TURN, { recursive: true, force: true });
  });
}
