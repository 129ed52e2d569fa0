/**
 * "My hands" and a practice hand's replay as a phone shows them (hands.html), at 390 × 844 and
 * 360 × 640, in Russian and English: a practice hand is written in play chips with its mark and no
 * "$" (RULES §8), a dollar hand beside it keeps its dollars, every amount has the formatter's shape,
 * and nothing is wider than the screen or cut.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@svara/locales';
import { LANGS, openFixture, SHOTS, SIZES } from './support';
// From core's source: the layout run does not build core (only the browser side resolves the package).
import { misshapenNumbers } from '../../core/src/format-shapes';

/** What the page shows: its text, and the elements wider than the screen or with their text cut. */
function inspect(page: Page, root: string) {
  return page.evaluate((testId) => {
    const width = document.documentElement.clientWidth;
    const scope = document.querySelector(`[data-testid="${testId}"]`)!;
    const bad = [...scope.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0) return false;
        const style = getComputedStyle(el);
        // Text that does not fit where it may not spill (a truncated name says so with its ellipsis).
        const cut =
          style.textOverflow !== 'ellipsis' &&
          style.overflowX !== 'visible' &&
          el.scrollWidth > el.clientWidth + 1;
        return r.left < -0.5 || r.right > width + 0.5 || cut;
      })
      .map((el) => `${el.dataset.testid ?? el.tagName}: ${el.innerText.slice(0, 30)}`);
    return { text: (scope as HTMLElement).innerText, bad };
  }, root);
}

describe('my hands on a phone', () => {
  let page: Page;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ page, close } = await openFixture('hands.html', 'hands-list'));
  });

  afterAll(async () => {
    await close?.();
  });

  for (const size of SIZES)
    for (const lang of LANGS) {
      it(`lists a practice hand in chips beside a dollar one at ${size.width}×${size.height} in ${lang}`, async () => {
        await page.setViewportSize(size);
        await page.evaluate((shown) => window.showHands(shown), { lang, hand: false });
        await page.getByTestId('hands-list').waitFor();
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        await page.screenshot({ path: path.join(SHOTS, `hands-list-${size.width}-${lang}.png`) });
        const [practice, dollars] = await page.getByTestId('hand-row').all();
        expect(await practice!.getAttribute('data-currency')).toBe('chips');
        expect(await practice!.getByTestId('practice-mark').textContent()).toContain(
          translate(lang, 'practiceTable.markShort'),
        );
        const practiceText = await practice!.innerText();
        expect(practiceText).not.toContain('$');
        expect(practiceText).toContain('\u25ce');
        expect(await dollars!.getByTestId('practice-mark').count()).toBe(0);
        expect(await dollars!.innerText()).toContain('$');
        const { text, bad } = await inspect(page, 'hands-page');
        expect(misshapenNumbers(text, lang)).toEqual([]);
        expect(bad).toEqual([]);
      });

      it(`replays a practice hand in chips with its house players marked at ${size.width}×${size.height} in ${lang}`, async () => {
        await page.setViewportSize(size);
        await page.evaluate((shown) => window.showHands(shown), { lang, hand: true });
        await page.getByTestId('replay-summary').waitFor();
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        for (const step of ['bets', 'showdown', 'won']) {
          await page.screenshot({ path: path.join(SHOTS, `hands-replay-${step}-${size.width}-${lang}.png`) });
          const { text, bad } = await inspect(page, 'hand-replay');
          expect(text, step).not.toContain('$');
          expect(misshapenNumbers(text, lang), step).toEqual([]);
          expect(bad, step).toEqual([]);
          expect(await page.getByTestId('house-badge').count(), step).toBe(3);
          if (step !== 'won') await page.getByTestId('replay-next').click();
        }
        expect(await page.getByTestId('hand-replay').getByTestId('practice-mark').textContent()).toContain(
          translate(lang, 'practiceTable.mark'),
        );
        // The table drawn in the replay is as full of pieces as at the table; none leaves the screen.
        const table = await page.getByTestId('table').boundingBox();
        expect(table!.x).toBeGreaterThanOrEqual(0);
        expect(table!.x + table!.width).toBeLessThanOrEqual(size.width + 0.5);
      });
    }
});
