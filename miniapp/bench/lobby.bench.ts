/**
 * `npm run bench:miniapp`: builds the product, prints the initial JS and CSS of the Mini App (gzip),
 * then measures the time until the lobby is interactive in headless Chromium on a throttled mobile
 * profile: Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU
 * (CDP Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate).
 * "Interactive" is the app's own `svara:lobby-ready` mark: signed in, profile loaded, lobby drawn.
 * The page opens the way Telegram's mobile apps open it: launch parameters in the URL hash (init data
 * signed by the development bot token) and a native `TelegramWebviewProxy` to post events to.
 * Exits 1 when the lobby is not reached or the page reports an error.
 *
 * BENCH_SMOKE=1 (npm run bench:smoke): one run, and the product is built only when no build is there
 * (CI's `npm test` has just built it for the end-to-end tests); BENCH_SKIP_BUILD=1 never builds.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, buildProduct, startProduct } from '../e2e/support/server';
import { VIEWPORT, launchChromium } from '../e2e/support/browser';

const DIST = path.join(REPO_ROOT, 'miniapp', 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const API_ENTRY = path.join(REPO_ROOT, 'api', 'dist', 'main.js');
const SMOKE = process.env.BENCH_SMOKE === '1';
const RUNS = Number(process.env.BENCH_RUNS || (SMOKE ? 1 : 5));
/** BENCH_NETWORK=fast4g measures on DevTools' "Fast 4G" (60 ms, 9 Mbit/s down, 1.5 Mbit/s up) instead. */
const NETWORKS = {
  slow4g: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  fast4g: {
    offline: false,
    latency: 60,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  },
};
const NETWORK_NAME = process.env.BENCH_NETWORK === 'fast4g' ? 'fast4g' : 'slow4g';
const NETWORK = NETWORKS[NETWORK_NAME];
const CPU_SLOWDOWN = 4;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * The entry chunk and everything it imports statically, and any other script the page names (the
 * early sign-in): what the browser loads before the first paint.
 */
export function initialAssets(
  manifest: Record<string, ManifestChunk>,
  html = '',
): { js: string[]; css: string[] } {
  // The app's own page (the build has a second entry: the public verify page).
  const entry = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const js = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key]!;
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(walk);
  };
  walk(entry);
  for (const key of Object.keys(manifest)) {
    if (manifest[key]!.isEntry && html.includes(`"/${manifest[key]!.file}"`)) walk(key);
  }
  return { js: [...js], css: [...css] };
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(DIST, f)), { level: 9 }).length, 0) / 1024;

/**
 * A new player meets the first-open gate; the bench measures a returning player, who
 * accepted the current agreement before.
 */
async function acceptAgreement(baseUrl: string, initData: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ initData, startPayload: null }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const state = (await (await fetch(`${baseUrl}/api/v1/protection`, { headers: auth })).json()) as {
    agreement: { currentVersion: string };
  };
  const res = await fetch(`${baseUrl}/api/v1/protection/agreement`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ version: state.agreement.currentVersion }),
  });
  if (!res.ok) throw new Error(`accepting the agreement answered ${res.status}`);
}

/** The URL hash a Telegram mobile client opens the Mini App with, for a test user. */
async function telegramLaunchHash(baseUrl: string, userId: number): Promise<string> {
  const res = await fetch(
    `${baseUrl}/api/v1/dev/init-data?id=${userId}&username=bench${userId}&first_name=Bench`,
  );
  const { initData } = (await res.json()) as { initData: string };
  await acceptAgreement(baseUrl, initData);
  const theme = {
    bg_color: '#0b2818',
    text_color: '#f3efe2',
    hint_color: '#9fb3a5',
    button_color: '#d4a942',
  };
  return new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  }).toString();
}

/** Builds the product, unless told not to or (smoke) a build is already there. */
function build(): void {
  const built = existsSync(MANIFEST) && existsSync(API_ENTRY);
  if (process.env.BENCH_SKIP_BUILD === '1' || (SMOKE && built)) {
    if (!built) throw new Error('no build of the product: run `npm run build` first');
    console.log(`using the build of ${statSync(MANIFEST).mtime.toISOString()}`);
    return;
  }
  console.log('building…');
  buildProduct();
}

async function main() {
  build();
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
  const { js, css } = initialAssets(manifest, readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  const jsKb = gzipKb(js);
  const cssKb = gzipKb(css);
  console.log(`initial JS:  ${jsKb.toFixed(1)} KB gzip in ${js.length} files (budget 140 KB)`);
  console.log(`initial CSS: ${cssKb.toFixed(1)} KB gzip`);

  const product = await startProduct('bench');
  const browser = await launchChromium();
  const times: number[] = [];
  const errors: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`run ${run + 1}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`run ${run + 1}: console: ${message.text()}`);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.addInitScript(() => {
        (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent() {} };
        // The page says when the mark is set: waiting with page.waitForFunction would evaluate
        // Playwright's injected script in the page (~45 ms on the slowed CPU) while the app starts.
        new PerformanceObserver((list) => {
          if (list.getEntries().some((e) => e.name === 'svara:lobby-ready'))
            console.debug('svara:lobby-ready');
        }).observe({ type: 'mark' });
      });
      const ready = page.waitForEvent('console', {
        predicate: (message) => message.text() === 'svara:lobby-ready',
        timeout: 60_000,
      });
      const hash = await telegramLaunchHash(product.url, 9001 + run);
      await page.goto(`${product.url}/#${hash}`);
      await ready;
      const ms = await page.evaluate(() => performance.getEntriesByName('svara:lobby-ready')[0]!.startTime);
      times.push(ms);
      console.log(`run ${run + 1}: lobby interactive after ${Math.round(ms)} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `lobby interactive, median of ${RUNS}: ${Math.round(median)} ms (${NETWORK_NAME}, CPU ×${CPU_SLOWDOWN}; aim 1500 ms)`,
  );
  if (errors.length > 0) {
    console.error(
      `bench:miniapp FAILED: the page reported errors:\n${errors.map((e) => `  - ${e}`).join('\n')}`,
    );
    process.exitCode = 1;
  }
}

await main();
