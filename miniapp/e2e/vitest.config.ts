import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * app.e2e.test.ts first: its seeded deals take the server seeds the run hands out first
 * (DEV_SERVER_SEEDS, global-setup.ts), so no other file may open a table before it.
 */
class SeededDealsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => f.moduleId.endsWith('/app.e2e.test.ts');
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

// End-to-end: the built product in headless Chromium at 390 × 844. One file at a time; the run builds
// and starts the server once (global-setup.ts).
export default defineProject({
  test: {
    name: 'miniapp-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: SeededDealsFirst },
    testTimeout: 120_000,
    hookTimeout: 400_000,
  },
});
