/**
 * Once per test run: picks the PostgreSQL server the api tests create their databases on.
 * TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres) when it answers; otherwise one
 * embedded server under .data/pg-test, started here and stopped when the run ends.
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

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (await isReachable(url)) {
    project.provide('pgAdminUrl', url);
    return undefined;
  }
  const port = Number(process.env.TEST_EMBEDDED_PG_PORT || 54330);
  console.warn(`api tests: no PostgreSQL at ${new URL(url).host}; starting an embedded one on port ${port}`);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(REPO_ROOT, '.data', 'pg-test'), port });
  project.provide('pgAdminUrl', embedded.url);
  return () => embedded.stop();
}
