import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

/**
 * Beside the embedded data folder while a process runs the server there: its port, so a tool run
 * without the server's EMBEDDED_PG_PORT (`npm run ledger:check`) finds the database `npm start` uses.
 */
export function embeddedPortFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.port`;
}

/** The port recorded by the process running the embedded server on `dataDir`, if any. */
export function recordedEmbeddedPort(dataDir: string): number | null {
  try {
    const port = Number(readFileSync(embeddedPortFile(dataDir), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

interface ServerChoice {
  url: string;
  stop: (() => Promise<void>) | null;
}

/**
 * The configuration a tool uses to reach the api's database: with the embedded server and no
 * EMBEDDED_PG_PORT of its own, on the port the running api recorded.
 */
export function withRecordedEmbeddedPort(config: Config, env: NodeJS.ProcessEnv): Config {
  if (config.databaseUrl || env.EMBEDDED_PG_PORT) return config;
  const port = recordedEmbeddedPort(config.embeddedPg.dataDir);
  return port ? { ...config, embeddedPg: { ...config.embeddedPg, port } } : config;
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
    const portFile = embeddedPortFile(dataDir);
    try {
      // Its folder may not exist yet: as root in a folder the server's user cannot reach, the data
      // itself lives elsewhere (embedded.ts), and nothing else makes .data.
      mkdirSync(dirname(portFile), { recursive: true });
      writeFileSync(portFile, `${port}\n`);
    } catch (error) {
      logger.warn({ err: error, portFile }, 'could not record the embedded PostgreSQL port');
    }
    return {
      url: withDatabase(embedded.url, EMBEDDED_DATABASE),
      stop: async () => {
        rmSync(portFile, { force: true });
        await embedded.stop();
      },
    };
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
