import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of a run (Vitest takes the sequencer from this root config only, for every project): the
 * longest files start at once rather than last, where one would hold the run while the other worker
 * has nothing left to do. The end-to-end run (one file of several minutes) first, then the table
 * layout walk and the Sit & Go's server test.
 */
const LONGEST_FIRST = [
  '/e2e/all.e2e.test.ts',
  '/layout/table.layout.test.ts',
  '/tournaments/sit-and-go.test.ts',
];

class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((end) => f.moduleId.endsWith(end));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // A stable sort: the rest keep the base sequencer's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// One run covers every workspace; each workspace keeps its own settings in its own project file.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'miniapp/e2e/vitest.config.ts', 'miniapp/layout/vitest.config.ts'],
    // Vitest's default leaves one core free, which on a two-core CI machine runs every file one after
    // another; the files spend much of their time waiting on PostgreSQL, sockets and child processes,
    // so every core gets a worker. (The end-to-end parts still run one at a time: all.e2e.test.ts.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: RunOrder },
  },
});
