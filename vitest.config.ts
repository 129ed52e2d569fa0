import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a run (Vitest takes the sequencer from this root config only, for every project):
 * - the table layout walk, one long file, starts at once rather than last, where it would hold the
 *   run while the other worker has nothing left to do;
 * - of the end-to-end files, app.e2e.test.ts comes first: its seeded deals take the server seeds the
 *   run hands out first (DEV_SERVER_SEEDS, miniapp/e2e/global-setup.ts), so no other file may open
 *   a table before it.
 */
class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const early = (f: TestSpecification) =>
      f.project.name === 'miniapp-layout' || f.moduleId.endsWith('/e2e/app.e2e.test.ts');
    return [...sorted.filter(early), ...sorted.filter((f) => !early(f))];
  }
}

// One run covers every workspace; each workspace keeps its own settings in its own project file.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'miniapp/e2e/vitest.config.ts', 'miniapp/layout/vitest.config.ts'],
    // Vitest's default leaves one core free, which on a two-core CI machine runs every file one after
    // another; the files spend much of their time waiting on PostgreSQL, sockets and child processes,
    // so every core gets a worker. (The end-to-end files still run one at a time: their config.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: RunOrder },
  },
});
