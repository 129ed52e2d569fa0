import { defineProject } from 'vitest/config';
import { defaultServerConditions } from 'vite';

export default defineProject({
  // `source` resolves @svara/core and @svara/bot to their TypeScript sources, so tests need no build.
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'bot',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The api's PostgreSQL for tests: the bot runs against the real service layer, one database per file.
    globalSetup: ['../api/src/test-support/global-setup.ts'],
    // The files share their worker's modules instead of importing the whole server again for each
    // file: a second or more of CPU per file, which on a two-core machine starved the tests that time
    // leases and table steps. Every file still gets its own database (test-support/db.ts).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
