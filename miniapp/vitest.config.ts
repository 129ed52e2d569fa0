import { defineProject } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { svaraLocales } from './vite-plugin-locales.ts';

// Unit tests of the Mini App: pure rules run in node; component tests opt into jsdom per file.
// `source` resolves @svara/core to its TypeScript sources in both environments.
export default defineProject({
  plugins: [svaraLocales(), react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'miniapp',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-support/languages.ts', 'src/test-support/async-timeout.ts'],
  },
});
