/**
 * The public verify page (/verify?hand=…), a page of its own in the build: it loads outside Telegram
 * without a sign-in, in the language asked for, and says plainly when a hand has no record (the
 * in-app verifier of a played hand is checked in app.e2e.test.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '@svara/locales';
import { launchChromium, screenshot } from './support/browser';

describe('the public verify page', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    page.on('pageerror', (err) => errors.push(err.message));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('loads without Telegram and says when the hand has no record', async () => {
    const unknown = '00000000-0000-4000-8000-00000000beef-1';
    await page.goto(`${baseUrl}/verify?hand=${unknown}&lang=en`);
    await page.getByText(translate('en', 'fairness.publicPage')).waitFor();
    await page.getByText(translate('en', 'fairness.notFound')).waitFor();
    await screenshot(page, 'verify-page-unknown');
  });

  it('asks for a hand when none is given, in Russian by default for a Russian browser', async () => {
    await page.goto(`${baseUrl}/verify?lang=ru`);
    await page.getByText(translate('ru', 'fairness.noHand')).waitFor();
    expect(errors).toEqual([]);
  });
});
