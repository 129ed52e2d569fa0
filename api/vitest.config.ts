import { defineProject } from 'vitest/config';
import { defaultServerConditions } from 'vite';

export default defineProject({
  // `source` resolves @svara/core to its TypeScript sources, so tests never need a build first.
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Finds a PostgreSQL server for the tests (or starts an embedded one); each file gets its own database.
    globalSetup: ['src/test-support/global-setup.ts'],
    // The files share their worker's modules instead of importing the whole server again for each
    // file: a second or more of CPU per file, which on a two-core machine starved the tests that time
    // leases and table steps. Every file still gets its own database (test-support/db.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
