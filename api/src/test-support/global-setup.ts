/**
 * Once per test run: picks the PostgreSQL server the api tests create their databases on.
 * TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres) when it answers; otherwise one
 * embedded server under .data/pg-test, started here and stopped when the run ends (shared by every
 * project that uses this setup).
 */
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { isReachable } from '../db/admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

type EmbeddedServer = Awaited<ReturnType<typeof startEmbeddedPostgres>>;
type Shared = { server: Promise<EmbeddedServer>; users: number };

// Several test projects (api, bot) use this setup in one run, in one process: they share one
// embedded server (one port, one data directory), started by the first and stopped by the last.
const SHARED = Symbol.for('svara.test.embeddedPostgres');
const registry = globalThis as { [SHARED]?: Shared };

function acquireEmbedded(adminUrl: string): Promise<EmbeddedServer> {
  let shared = registry[SHARED];
  if (!shared) {
    const port = Number(process.env.TEST_EMBEDDED_PG_PORT || 54330);
    console.warn(
      `tests: no PostgreSQL at ${new URL(adminUrl).host}; starting an embedded one on port ${port}`,
    );
    shared = {
      server: startEmbeddedPostgres({ dataDir: path.join(REPO_ROOT, '.data', 'pg-test'), port }),
      users: 0,
    };
    registry[SHARED] = shared;
  }
  shared.users += 1;
  return shared.server;
}

async function releaseEmbedded(): Promise<void> {
  const shared = registry[SHARED];
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete registry[SHARED];
  await (await shared.server).stop();
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (await isReachable(url)) {
    project.provide('pgAdminUrl', url);
    return undefined;
  }
  const embedded = await acquireEmbedded(url);
  project.provide('pgAdminUrl', embedded.url);
  return releaseEmbedded;
}
