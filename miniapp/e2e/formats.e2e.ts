/**
 * Every screen a new player walks through, in Russian and English, at 390 × 844 and 360 × 640: each
 * amount and percentage has the formatter's shape (core/format-shapes.ts), a Russian screen has no
 * English words left (text or aria-label), and nothing is wider than the screen. A screenshot of
 * each stop is kept in the artifacts for looking at.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { misshapenNumbers } from '@svara/core';
import {
  fund,
  launchChromium,
  loaded,
  passAgreementGate,
  pressBack,
  saveLanguage,
  screenshot,
  settled,
} from './support/browser';

const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
/**
 * Latin words a Russian screen may show: currencies, names of services (TON Connect, the wallet
 * protocol) and help lines, links.
 */
const LATIN_ALLOWED = new Set(
  'USDT TON USDT-TON USD ID Telegram CryptoBot Connect Gambling Therapy Gamblers Anonymous BeGambleAware GamCare https me svara game bot start ref SVARA'.split(
    ' ',
  ),
);

type Found = { screen: string; problem: string };

/** What each item of the More page opens, by the test id it shows once there. */
const MORE_ITEMS = {
  history: 'history-page',
  hands: 'hands-page',
  activity: 'activity-page',
  'responsible-play': 'protection-page',
  referral: 'referral-modal',
} as const;

async function inspect(page: Page, lang: 'ru' | 'en', screen: string, found: Found[]): Promise<void> {
  await settled(page);
  await screenshot(page, `formats-${lang}-${page.viewportSize()!.width}-${screen}`);
  const seen = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflowing = [
      ...document.querySelectorAll<HTMLElement>('button, a, li, [role="tab"], h1, h2, p, span'),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width === 0 || style.visibility === 'hidden') return false;
        // A button's text too wide, or wrapped onto more lines than the button is tall.
        const clipped =
          (el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'visible') ||
          (el.scrollHeight > el.clientHeight + 1 && style.overflowY === 'visible');
        return r.right > width + 1 || (el.tagName === 'BUTTON' && clipped);
      })
      .map((el) => (el.innerText || el.getAttribute('aria-label') || el.tagName).slice(0, 40));
    const labels = [...document.querySelectorAll('[aria-label]')].map(
      (el) => el.getAttribute('aria-label') ?? '',
    );
    return { text: document.body.innerText, labels, overflowing };
  });
  for (const s of misshapenNumbers(seen.text, lang))
    found.push({ screen, problem: `shape ${JSON.stringify(s)}` });
  for (const o of seen.overflowing) found.push({ screen, problem: `overflows: ${JSON.stringify(o)}` });
  if (lang === 'ru') {
    const words = seen.text.match(/[A-Za-z][A-Za-z-]*[A-Za-z]/g) ?? [];
    for (const w of new Set(words))
      if (!LATIN_ALLOWED.has(w) && !/^(walker|[0-9a-f]+)$/i.test(w))
        found.push({ screen, problem: `English "${w}"` });
  }
}

describe('the formats walk', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // The four walks are four players of their own: they run side by side in one browser.
  describe.concurrent.each(['ru', 'en'] as const)('every screen in %s', (lang) => {
    it.for(SIZES)(
      'at $width × $height writes money, percentages and dates one way and fits',
      async (size, { expect }) => {
        const id = `${lang === 'ru' ? 81 : 82}${size.width}`;
        const context = await browser.newContext({
          viewport: size,
          deviceScaleFactor: 2,
          hasTouch: true,
          isMobile: true,
        });
        await context.addInitScript((language) => localStorage.setItem('language', language), lang);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/?user=${id}&name=walker`);
        await passAgreementGate(page);
        await page.getByTestId('dashboard').waitFor();
        await fund({ page } as Parameters<typeof fund>[0], 1000);
        // The player's language is stored on the server (the bot reads it too).
        await saveLanguage(page, lang);
        await page.reload();
        await page.getByTestId('header-balance').waitFor();
        const found: Found[] = [];

        await inspect(page, lang, 'lobby', found);
        await page.getByTestId('create-menu-button').click();
        await page.getByTestId('create-private').click();
        await page.getByTestId('stake-input').pressSequentially('1.5');
        await page.getByTestId('password-input').pressSequentially('123456');
        await inspect(page, lang, 'create-dialog', found);
        await page.keyboard.press('Escape');

        await page.getByTestId('deposit-button').click();
        await page.getByTestId('deposit-page').or(page.getByTestId('deposit-USDTTON')).first().waitFor();
        await inspect(page, lang, 'deposit', found);
        await page.getByTestId('deposit-tab-more').click();
        await page.getByTestId('invoice-amount').pressSequentially('12.5');
        await inspect(page, lang, 'deposit-more', found);
        await pressBack(page);
        await page.getByTestId('dashboard').waitFor();

        await page.getByTestId('withdraw-button').click();
        // The page has loaded its withdrawal methods when it shows what a withdrawal needs.
        await page
          .locator(
            '[data-testid="withdraw-needs-address"], [data-testid="withdraw-unavailable"], [data-testid="withdraw-page"] [role="radiogroup"]',
          )
          .first()
          .waitFor();
        await inspect(page, lang, 'withdraw', found);
        await pressBack(page);
        await page.getByTestId('dashboard').waitFor();

        for (const [item, opened] of Object.entries(MORE_ITEMS)) {
          await page.getByTestId('more-button').click();
          await page.getByTestId('more-page').waitFor();
          if (item === 'history') await inspect(page, lang, 'more', found);
          await page.getByTestId(`more-${item}`).click();
          await loaded(page, opened);
          await inspect(page, lang, item, found);
          await page.keyboard.press('Escape');
          await pressBack(page);
          await page.getByTestId('dashboard').waitFor();
        }

        await page.getByTestId('create-menu-button').click();
        await page.getByTestId('create-public').click();
        await page.getByTestId('stake-input').pressSequentially('1.5');
        await page.getByTestId('create-submit').click();
        await page.getByTestId('game-room').waitFor();
        await page.getByTestId('my-balance').waitFor();
        await inspect(page, lang, 'table', found);

        await context.close();
        expect(found).toEqual([]);
      },
    );
  });
});
