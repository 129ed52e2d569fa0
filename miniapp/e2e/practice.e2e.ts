/**
 * Practice tables as a newcomer meets them (RULES §8), against the real product: after the first-open
 * gate the Practice tab shows the 10,000 play chips with their own sign and never "$", the house's
 * practice tables in chips, and Play now deals the player in within seconds with nobody else online
 * (house players take the other seats). The dollar lobby lists no practice table.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHIPS_SIGN } from '@svara/core';
import { translate } from '@svara/locales';
import { launchChromium, openPlayer, screenshot, type Player } from './support/browser';

const ru = (key: string) => translate('ru', key);
/** From the tap on Play now to the player's own cards on the table. */
const DEALT_WITHIN_MS = 5_000;

describe('practice tables for a newcomer', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let player: Player;

  beforeAll(async () => {
    browser = await launchChromium();
    // A brand-new player: openPlayer passes the agreement gate as a newcomer does.
    player = await openPlayer(browser, baseUrl, '7601', 'petra', { randomSeeds: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the play chips with their own sign, never "$", and the practice tables in chips', async () => {
    const { page } = player;
    await page.getByTestId('lobby-tab-practice').click();
    const chips = page.getByTestId('practice-chips');
    // The first look grants 10,000 chips; the dollar balance stays as it was.
    await expect.poll(() => chips.textContent()).toBe(`10\u00a0000\u00a0${CHIPS_SIGN}`);
    expect(await page.getByTestId('practice-panel').textContent()).not.toContain('$');
    expect(await page.getByTestId('header-balance').textContent()).toBe('0,00\u00a0$');
    // Just granted: the next top-up waits, and the button says until when.
    expect(await page.getByTestId('practice-top-up').isDisabled()).toBe(true);
    expect(await page.getByTestId('practice-top-up-at').textContent()).toMatch(/^Снова в \d\d:\d\d$/);

    // The house keeps a table open at every practice stake.
    const cards = page.getByTestId('practice-room-list').getByTestId('room-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
    const stakes = await page.getByTestId('practice-room-list').getByTestId('room-stake').allTextContents();
    expect(stakes).toEqual(expect.arrayContaining(['10\u00a0◎', '50\u00a0◎', '200\u00a0◎']));
    expect(stakes.join(' ')).not.toContain('$');
    const marks = await page.getByTestId('practice-room-list').getByTestId('room-practice').allTextContents();
    expect(marks).toHaveLength(await cards.count());
    expect(new Set(marks)).toEqual(new Set([ru('practice.mark')]));
    await screenshot(page, 'practice-lobby');

    // The dollar lobby lists none of them.
    await page.getByTestId('lobby-tab-money').click();
    await page.getByTestId('room-filters').waitFor();
    expect(await page.getByTestId('room-practice').count()).toBe(0);
    await page.getByTestId('lobby-tab-practice').click();
    await page.getByTestId('play-now').waitFor();
  });

  it('Play now deals the newcomer in within 5 s, house players at the table, nobody else online', async () => {
    const { page } = player;
    const started = Date.now();
    await page.getByTestId('play-now').click();
    await page.getByTestId('game-room').waitFor({ timeout: DEALT_WITHIN_MS });
    // Three cards at the player's own seat (the viewer sits at the bottom).
    await page
      .locator('[data-viewer] [data-testid="seat-cards"] [data-testid="seat-card"]')
      .nth(2)
      .waitFor({ timeout: Math.max(1, DEALT_WITHIN_MS - (Date.now() - started)) });
    const dealtMs = Date.now() - started;
    expect(dealtMs).toBeLessThanOrEqual(DEALT_WITHIN_MS);
    console.info(`practice: dealt in ${dealtMs} ms after Play now`);
    // The other seats are the house's: this player is the only person online in this run's table.
    expect(await page.locator('[data-testid="seat"]').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'practice-dealt');
  });

  it('logged no unexpected console errors', () => {
    expect(player.errors).toEqual([]);
  });
});
