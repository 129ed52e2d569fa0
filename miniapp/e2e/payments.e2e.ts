/**
 * Money in and out as a newcomer does it, against the real product and its sandbox merchant:
 * a USDT-TON deposit paid with `npm run dev:pay`, an invoice paid on its development page, a $20
 * withdrawal that shows pending then success, and the ledger checked afterwards.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatUsdCents } from '@svara/core';
import { translate } from '@svara/locales';
import { launchChromium, openPlayer, pressBack, screenshot, type Player } from './support/browser';
import { REPO_ROOT } from './support/server';

const ru = (key: string) => translate('ru', key);

/** The player's own history, as the app reads it. */
async function history(player: Player): Promise<{ tracker_id: string; status: string; type: string }[]> {
  return player.page.evaluate(async (id) => {
    const res = await fetch(`/api/v1/finances/history/${id}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  }, player.id);
}

function npmRun(script: string, args: string[], env: Record<string, string>) {
  return spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test', ...env },
  });
}

describe('money in and out', () => {
  const baseUrl = inject('e2eBaseUrl');
  const pgPort = inject('e2ePgPort');
  let browser: Browser;
  let dora: Player;

  beforeAll(async () => {
    browser = await launchChromium();
    dora = await openPlayer(browser, baseUrl, '7301', 'dora');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('deposits USDT-TON: the address and its QR code, paid with npm run dev:pay, credited less 1 % with a notice', async () => {
    const { page } = dora;
    await page.getByTestId('deposit-button').click();
    await page.getByTestId('deposit-USDTTON').click();
    await page.getByTestId('confirm-deposit-page').waitFor();
    const address = (await page.getByTestId('deposit-address').textContent())!.trim();
    expect(address).toHaveLength(48);
    await page.getByTestId('qr-toggle').click();
    await page.getByTestId('deposit-qr').locator('img').waitFor();
    expect(await page.getByTestId('deposit-countdown').textContent()).toMatch(/^(60:00|59:\d\d)$/);
    await screenshot(page, 'confirm-deposit');

    const [pending] = await history(dora);
    expect(pending).toMatchObject({ type: 'deposit', status: 'pending' });
    const paid = npmRun('dev:pay', [pending!.tracker_id, '10'], { SVARA_API_URL: baseUrl });
    expect(paid.status, paid.stdout + paid.stderr).toBe(0);

    await page.getByTestId('deposit-credited').waitFor({ timeout: 5_000 });
    await page
      .getByText(translate('ru', 'payments.depositCredited').replace('{{amount}}', formatUsdCents(990, 'ru')))
      .first()
      .waitFor();
    await page.getByTestId('to-lobby').click();
    await page.getByTestId('dashboard').waitFor();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('9,90\u00a0$');
  });

  it("pays an invoice from the 'more' tab on the sandbox's development page", async () => {
    const { page, context } = dora;
    await page.getByTestId('deposit-button').click();
    await page.getByTestId('deposit-tab-more').click();
    await page.getByTestId('invoice-amount').fill('25');
    const popup = context.waitForEvent('page');
    await page.getByTestId('invoice-pay').click();
    const payPage = await popup;
    await payPage.waitForLoadState();
    await payPage.getByRole('button', { name: 'Pay' }).click();
    await payPage.getByText(/paid/i).first().waitFor();
    await payPage.close();
    await page.getByTestId('deposit-credited').waitFor({ timeout: 5_000 });
    await pressBack(page);
    await page.getByTestId('dashboard').waitFor();
    // $9.90 + $25 less 1 % ($24.75).
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('34,65\u00a0$');
  });

  it('withdraws $20: pending at once, then success; the ledger holds', async () => {
    const { page } = dora;
    await page.getByTestId('withdraw-button').click();
    const prompt = page.getByTestId('add-wallet-prompt');
    const addWallet = page.getByTestId('wallet-add');
    await Promise.race([
      prompt.waitFor(),
      addWallet.waitFor(),
      page.getByTestId('withdraw-amount').waitFor(),
    ]);
    if (await prompt.isVisible()) {
      await prompt.getByRole('button', { name: ru('common.add'), exact: true }).click();
    } else {
      await addWallet.click();
    }
    await page.getByTestId('add-wallet-page').waitFor();
    const wallet = 'UQBJSUlJSUlJSUlJSUlJSUlJSUlJSUlJSUlJSUlJSUlJSSoe';
    await page.getByTestId('wallet-input').fill(wallet);
    await page.getByTestId('wallet-submit').click();
    await page.getByTestId('wallet-status-addressAdded').waitFor();
    await page.getByTestId('withdraw-amount').waitFor({ timeout: 5_000 });
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-check').click();
    await page.getByTestId('withdraw-confirm').click();
    await page.getByTestId('history-list').waitFor({ timeout: 10_000 });
    const first = page.getByTestId('history-item').first();
    await expect
      .poll(() => first.getByTestId('history-status').textContent())
      .toBe(ru('wallet.status.pending'));
    await expect
      .poll(() => first.getByTestId('history-status').textContent(), { timeout: 10_000 })
      .toBe(ru('wallet.status.success'));
    await screenshot(page, 'history-after-withdrawal');
    await pressBack(page);
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('14,65\u00a0$');

    const check = npmRun('ledger:check', [], { DATABASE_URL: '', EMBEDDED_PG_PORT: String(pgPort) });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('logged no unexpected console errors', () => {
    expect(dora.errors).toEqual([]);
  });
});
