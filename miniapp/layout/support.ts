/**
 * What the layout walks share: the sizes and languages they measure, where their screenshots go, and
 * a fixture page opened in Chromium from the Mini App's development server (the real components,
 * drawn from fixed states).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser';

const MINIAPP = fileURLToPath(new URL('..', import.meta.url));
export const SHOTS = path.join(MINIAPP, '..', 'test-artifacts', 'layout');
export const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;
export const LANGS = ['ru', 'en'] as const;

/** A fixture page, at the first size, once `readyTestId` is drawn; `close` stops the browser and the server. */
export async function openFixture(
  html: string,
  readyTestId: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: path.join(MINIAPP, 'vite.config.ts'),
    root: MINIAPP,
    server: { host: '127.0.0.1', port: 0 },
    logLevel: 'error',
  });
  await server.listen();
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const page = await browser.newPage({ viewport: SIZES[0], deviceScaleFactor: 2 });
    // The first visit compiles the fixture's modules: slow on a loaded machine.
    await page.goto(`${server.resolvedUrls!.local[0]}layout/${html}`, { timeout: 240_000 });
    await page.getByTestId(readyTestId).waitFor({ timeout: 240_000 });
    mkdirSync(SHOTS, { recursive: true });
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
