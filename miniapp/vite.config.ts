import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { svaraLocales } from './vite-plugin-locales.ts';
import { precompress } from './vite-plugin-precompress.ts';
import { fairnessSpec } from './vite-plugin-fairness-spec.ts';
import { firstPaintChunks } from './vite-plugin-first-paint.ts';
import { EARLY_SIGN_IN, earlySignIn } from './vite-plugin-early-sign-in.ts';

// The api in development; SVARA_API_URL points the proxy elsewhere (another port, another machine).
const API = process.env.SVARA_API_URL ?? 'http://127.0.0.1:3000';

const firstPaint = firstPaintChunks();

export default defineConfig({
  plugins: [
    svaraLocales(),
    react(),
    tailwindcss(),
    fairnessSpec(),
    firstPaint.plugin,
    earlySignIn(),
    precompress(),
  ],
  // `source` makes @svara/core resolve to its TypeScript sources, so the app never waits for a core build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
      // TON Connect's manifest and icon live at the root (api/src/http/routes/tonconnect-manifest.ts).
      '/tonconnect-': { target: API, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 400,
    // The public hand verifier (/verify) is a page of its own: no Telegram, no sign-in. The early
    // sign-in is a script of its own in the app's page.
    rolldownOptions: {
      input: { main: 'index.html', verify: 'verify/index.html', 'sign-in': EARLY_SIGN_IN },
      output: {
        codeSplitting: { groups: firstPaint.groups },
        // The chunk that holds TON Connect (shared by the wallet screens' blocks) under its own name,
        // not its first module's: the end-to-end tests and the README name it.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/@tonconnect/ui/'))
            ? 'assets/ton-connect-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
