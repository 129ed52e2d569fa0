import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Knex } from '@mikro-orm/postgresql';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';

export type Orm = MikroORM;

export interface OpenOrmOptions {
  url: string;
  /** Most connections this process opens (default 20). */
  poolMax?: number;
  /** Told the name of each migration applied. */
  onMigrated?: (name: string) => void;
}

/** Connects MikroORM to PostgreSQL at `url` and applies pending migrations. */
export async function openOrm(options: OpenOrmOptions): Promise<Orm> {
  const orm = await MikroORM.init({
    clientUrl: options.url,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: options.poolMax ?? 20 },
    // Services fork their own EntityManager; a global identity map shared by requests would be a bug.
    allowGlobalContext: false,
    debug: false,
  });
  try {
    const applied = await orm.getMigrator().up();
    for (const migration of applied) options.onMigrated?.(migration.name);
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  return orm;
}

/** The query builder behind the ORM, for the ledger's hand-written SQL. */
export function knexOf(orm: Orm): Knex {
  return orm.em.getConnection().getKnex();
}
