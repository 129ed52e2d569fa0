import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The table's layout in headless Chromium: the real components on the development server, drawn
// from fixed states (table.html), measured at phone sizes in both languages.
export default defineProject({
  test: {
    name: 'miniapp-layout',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.layout.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
