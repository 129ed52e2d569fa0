import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { ensureDatabase, isReachable, withDatabase } from './admin.js';
import { embeddedUrl, startEmbeddedPostgres } from './embedded.js';
import { openOrm, type Orm } from './orm.js';

export interface Database {
  orm: Orm;
  /** Closes the pool, then stops the embedded server if this process started one. */
  close(): Promise<void>;
}

/** The product's database on the embedded server. */
const EMBEDDED_DATABASE = 'svara';

interface ServerChoice {
  url: string;
  stop: (() => Promise<void>) | null;
}

/**
 * DATABASE_URL when set. Otherwise the embedded server under .data/pg: the one already running on
 * its port (another local process, such as a running api, started it), or one started here.
 */
async function chooseServer(config: Config, logger: Logger): Promise<ServerChoice> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: null };
  const { port, dataDir } = config.embeddedPg;
  if (await isReachable(embeddedUrl(port))) {
    logger.info({ port }, 'using the embedded PostgreSQL already running');
  } else {
    logger.info({ port, dataDir }, 'starting embedded PostgreSQL');
    const embedded = await startEmbeddedPostgres({
      port,
      dataDir,
      onLog: (line) => logger.debug({ pg: line.trim() }, 'embedded postgres'),
    });
    try {
      await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    return { url: withDatabase(embedded.url, EMBEDDED_DATABASE), stop: () => embedded.stop() };
  }
  await ensureDatabase(embeddedUrl(port), EMBEDDED_DATABASE);
  return { url: embeddedUrl(port, EMBEDDED_DATABASE), stop: null };
}

/** Opens the configured database, applies migrations, and returns the ORM with its closer. */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { poolMax?: number } = {},
): Promise<Database> {
  const server = await chooseServer(config, logger);
  try {
    const orm = await openOrm({
      url: server.url,
      ...(options.poolMax ? { poolMax: options.poolMax } : {}),
      onMigrated: (name) => logger.info({ migration: name }, 'migration applied'),
    });
    return {
      orm,
      async close() {
        await orm.close(true);
        await server.stop?.();
      },
    };
  } catch (error) {
    await server.stop?.();
    throw error;
  }
}
