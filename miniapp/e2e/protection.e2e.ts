/**
 * Player protection as a newcomer meets it, against the real product: the first open
 * stops at the gate (18+ and the agreement with its version), the acceptance is stored (a reload
 * goes straight to the lobby), the deposit page offers a deposit limit before the first deposit, a
 * $20 daily limit is set, and a $25 invoice is refused with the $20 that remains.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGREEMENT_VERSION, formatUsdCents, type Protection } from '@svara/core';
import { translate } from '@svara/locales';
import { VIEWPORT, launchChromium, pressBack, screenshot } from './support/browser';

const ru = (key: string) => translate('ru', key);
const ID = '7401';

async function protectionState(page: Page): Promise<{ status: number; body: Protection }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/protection', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return { status: res.status, body: await res.json() };
  });
}

describe('player protection from the first open', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    page = await context.newPage();
    page.on('console', (msg) => {
      // The refused invoice is an expected 403 in the console.
      if (msg.type() === 'error' && !/403/.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('stops at the gate: 18+ and the agreement with its version, nothing else until accepted', async () => {
    await page.goto(`${baseUrl}/?user=${ID}&name=erin`);
    await page.getByTestId('protection-gate').waitFor();
    expect(await page.getByTestId('dashboard').count()).toBe(0);
    expect(await page.getByTestId('protection-gate-version').textContent()).toBe(
      ru('protection.gate.version').replace('{{version}}', AGREEMENT_VERSION),
    );
    expect(await page.getByTestId('protection-gate-agreement').textContent()).toContain(
      ru('agreement.sections.eligibility.title'),
    );
    // Money waits for the agreement on the server too.
    const before = await protectionState(page);
    expect(before.body.agreement).toMatchObject({ currentVersion: AGREEMENT_VERSION, acceptedVersion: null });
    await screenshot(page, 'protection-gate');

    const cont = page.getByTestId('gate-continue');
    expect(await cont.isDisabled()).toBe(true);
    await page.getByTestId('gate-age').check();
    expect(await cont.isDisabled()).toBe(true);
    await page.getByTestId('gate-accept').check();
    await cont.click();
    await page.getByTestId('dashboard').waitFor();

    const after = await protectionState(page);
    expect(after.body.agreement).toMatchObject({ acceptedVersion: AGREEMENT_VERSION });
    expect(Date.parse(after.body.agreement.acceptedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not ask again after a reload: the acceptance is stored', async () => {
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('protection-gate').count()).toBe(0);
  });

  it('offers a deposit limit before the first deposit and sets $20 a day', async () => {
    await page.getByTestId('deposit-button').click();
    await page.getByTestId('deposit-limit-offer').waitFor();
    await page.getByTestId('deposit-limit-offer-set').click();
    await page.getByTestId('protection-page').waitFor();
    expect(await page.getByTestId('limit-deposit-daily-amount').textContent()).toBe(ru('protection.none'));
    await page.getByTestId('limit-deposit-daily').click();
    await page.getByTestId('limit-input').fill('20');
    await page.getByTestId('limit-save').click();
    await page.getByTestId('limit-sheet').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('limit-deposit-daily-amount').textContent())
      .toBe(formatUsdCents(2000, 'ru'));
    await page.getByText(ru('protection.edit.appliedNow')).first().waitFor();
    await screenshot(page, 'protection-limits');
    const state = await protectionState(page);
    expect(state.body.limits.deposit.daily).toEqual({ amount: 20, pending: null });
  });

  it('refuses a $25 invoice over the limit and shows the $20 that remains', async () => {
    await pressBack(page);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('deposit-button').click();
    // The limit is set: no offer any more.
    await page.getByTestId('deposit-tab-more').click();
    expect(await page.getByTestId('deposit-limit-offer').count()).toBe(0);
    await page.getByTestId('invoice-amount').fill('25');
    await page.getByTestId('invoice-pay').click();
    const error = page.getByTestId('deposit-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      ru('protection.depositRefused').replace('{{amount}}', formatUsdCents(2000, 'ru')),
    );
    await screenshot(page, 'protection-deposit-refused');
    // Nothing was created: no invoice waits to be paid.
    expect(await page.getByTestId('invoice-waiting').count()).toBe(0);
  });

  it('logged no unexpected console errors', () => {
    expect(errors).toEqual([]);
  });
});
