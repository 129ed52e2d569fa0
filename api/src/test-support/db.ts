/**
 * A fresh database for one test file: created on the run's server (see global-setup.ts), migrated,
 * and dropped when the file's tests end.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { knexOf, openOrm, type Orm } from '../db/orm.js';
import { createDatabase, dropDatabase, withDatabase } from '../db/admin.js';
import { statementCounter } from '../db/statement-counter.js';

export interface TestDatabase {
  url: string;
  orm: Orm;
}

export async function createTestDatabase(): Promise<TestDatabase & { drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `svara_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const orm = await openOrm({ url, poolMax: 40 }).catch(async (error: unknown) => {
    await dropDatabase(adminUrl, name);
    throw error;
  });
  return {
    url,
    orm,
    async drop() {
      await orm.close(true);
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Registers beforeAll/afterAll for the calling file; read `.current` inside tests. */
export function useTestDatabase(): {
  readonly current: TestDatabase;
  readonly knex: ReturnType<typeof knexOf>;
} {
  let db: (TestDatabase & { drop(): Promise<void> }) | null = null;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  return {
    get current() {
      if (!db) throw new Error('the test database is not ready (use it inside tests or hooks)');
      return db;
    },
    get knex() {
      return knexOf(this.current.orm);
    },
  };
}

/** The statements `work` sends to PostgreSQL (db/statement-counter.ts). */
export async function countStatements(
  knex: ReturnType<typeof knexOf>,
  work: () => Promise<unknown>,
): Promise<number> {
  const counter = await statementCounter(knex);
  try {
    await work();
    return counter.count;
  } finally {
    counter.stop();
  }
}
