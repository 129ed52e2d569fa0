import { defineConfig } from 'vitest/config';

// One run covers every workspace; each workspace keeps its own settings in its own project file.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'miniapp/e2e/vitest.config.ts', 'miniapp/layout/vitest.config.ts'],
  },
});
