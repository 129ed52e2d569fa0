/** Small administrative helpers on a PostgreSQL server: reachability, creating and dropping databases. */
import { knex, type Knex } from '@mikro-orm/knex';

function adminClient(url: string): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 3000 },
    pool: { min: 0, max: 1 },
  });
}

async function withAdmin<T>(url: string, work: (client: Knex) => Promise<T>): Promise<T> {
  const client = adminClient(url);
  try {
    return await work(client);
  } finally {
    await client.destroy();
  }
}

export async function isReachable(url: string): Promise<boolean> {
  return withAdmin(url, (client) => client.raw('select 1')).then(
    () => true,
    () => false,
  );
}

/** The URL of database `name` on the same server as `url`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.raw('create database ??', [name]));
}

/** Creates database `name` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    const found = await client.raw<{ rows: unknown[] }>('select 1 from pg_database where datname = ?', [
      name,
    ]);
    if (found.rows.length === 0) await client.raw('create database ??', [name]);
  });
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.raw('drop database if exists ?? with (force)', [name]));
}
