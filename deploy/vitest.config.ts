import { defineProject } from 'vitest/config';
import { defaultServerConditions } from 'vite';

export default defineProject({
  // `source` resolves @svara/* to their TypeScript sources: the compose check loads the api's config.
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'deploy',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
