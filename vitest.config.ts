import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each workspace keeps its own settings in its own project file.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'miniapp/e2e/vitest.config.ts', 'miniapp/layout/vitest.config.ts'],
    // Vitest's default leaves one core free, which on a two-core CI machine runs every file one after
    // another; the files spend much of their time waiting on PostgreSQL, sockets and child processes,
    // so every core gets a worker. (The end-to-end files still run one at a time: their config.)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
