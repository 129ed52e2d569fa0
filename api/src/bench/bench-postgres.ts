/**
 * The PostgreSQL server a bench makes its throw-away database on, found as the tests find theirs
 * (test-support/global-setup.ts): TEST_DATABASE_URL, DATABASE_URL, or the local server on 5432;
 * when none answers, an embedded server under .data/pg-bench on BENCH_EMBEDDED_PG_PORT (54331),
 * started here and stopped by `stop`. Benches run one at a time: they share that directory.
 */
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { isReachable } from '../db/admin.js';
import { startEmbeddedPostgres } from '../db/embedded.js';

export type BenchPostgres = { adminUrl: string; embedded: boolean; stop: () => Promise<void> };

export async function benchPostgres(): Promise<BenchPostgres> {
  const candidates = [
    process.env.TEST_DATABASE_URL,
    process.env.DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/postgres',
  ].filter((url): url is string => Boolean(url));
  for (const url of candidates)
    if (await isReachable(url)) return { adminUrl: url, embedded: false, stop: async () => undefined };
  const port = Number(process.env.BENCH_EMBEDDED_PG_PORT || 54331);
  console.log(`no PostgreSQL server answers: starting an embedded one on port ${port}`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(REPO_ROOT, '.data', 'pg-bench'), port });
  return { adminUrl: server.url, embedded: true, stop: () => server.stop() };
}
