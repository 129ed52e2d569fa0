/**
 * `npm run ledger:check`: verifies the ledger's invariants on the configured database (DATABASE_URL,
 * or the embedded one under .data/pg) and exits non-zero on any violation. Without EMBEDDED_PG_PORT
 * it uses the port the running api recorded for its embedded server, so it checks the database
 * `npm start` uses even when that runs on another port.
 */
import { loadConfig } from '../config.js';
import { openDatabase, withRecordedEmbeddedPort } from '../db/database.js';
import { knexOf } from '../db/orm.js';
import { createLogger } from '../logger.js';
import { checkLedger, formatLedgerReport } from './check.js';

const config = withRecordedEmbeddedPort(loadConfig(), process.env);
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
const database = await openDatabase(config, logger, { poolMax: 2 });
let ok = false;
try {
  const report = await checkLedger(knexOf(database.orm));
  process.stdout.write(`${formatLedgerReport(report)}\n`);
  ok = report.ok;
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
