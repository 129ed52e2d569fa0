/**
 * `migrate` in docker-compose.yml: applies pending migrations to DATABASE_URL once, then exits (0 when
 * the schema is up to date). The api nodes start only after it succeeded, so when they open the
 * database (which also runs the migrator) they find nothing pending: no two processes ever apply
 * migrations at the same time. It uses the api's own compiled migrator (api/dist/db/orm.js).
 */
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('migrate: DATABASE_URL must be a postgres:// or postgresql:// URL');
  process.exit(2);
}

const { openOrm } = await import(new URL('../api/dist/db/orm.js', import.meta.url).href);
const log = (msg, fields = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`);

try {
  let applied = 0;
  const orm = await openOrm({
    url,
    poolMax: 2,
    onMigrated: (name) => {
      applied += 1;
      log('migration applied', { migration: name });
    },
  });
  await orm.close(true);
  log(applied === 0 ? 'schema up to date: nothing to apply' : 'migrations applied', { applied });
  process.exit(0);
} catch (error) {
  console.error('migrate: failed:', error);
  process.exit(1);
}
