import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// End-to-end: the built product in headless Chromium at 390 × 844. One test file, all.e2e.test.ts,
// runs the parts one after another; the run builds and starts the server once (global-setup.ts).
export default defineProject({
  test: {
    name: 'miniapp-e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['all.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 400_000,
  },
});
