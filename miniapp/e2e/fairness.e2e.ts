/**
 * Fairness in the browser. The public verify page (/verify?hand=…), a page of its own in the build:
 * it loads outside Telegram without a sign-in, in the language asked for, and says plainly when a
 * hand has no record. And the automatic contribution (FAIRNESS.md §6): two players who never chose a
 * seed play a hand; each app sent a fresh random seed after seeing that hand's commitment, the hand's
 * record holds both, the table menu and the verifier say the player's own seed went in, and the
 * verifier links to the specification, served with the build.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '@svara/locales';
import {
  fund,
  launchChromium,
  openPlayer,
  pressBack,
  screenshot,
  tableStatus,
  type Player,
} from './support/browser';

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

describe('the automatic contribution to each hand', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let carol: Player;
  let dave: Player;

  beforeAll(async () => {
    browser = await launchChromium();
    carol = await openPlayer(browser, baseUrl, '7011', 'carol', { randomSeeds: true });
    dave = await openPlayer(browser, baseUrl, '7012', 'dave', { randomSeeds: true });
    for (const player of [carol, dave]) {
      await fund(player, 1000);
      await player.page.reload();
      await player.page.getByTestId('dashboard').waitFor();
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** What the app remembers sending: commitment → seed. */
  const sentBy = async (p: Player) =>
    new Map(
      await p.page.evaluate(
        () => JSON.parse(localStorage.getItem('svara.seedContributions') ?? '[]') as [string, string][],
      ),
    );

  it('sends a fresh random seed for the hand once its hash is shown, and the record and verifier show it went in', async () => {
    const page = carol.page;
    await page.getByTestId('create-menu-button').click();
    await page.getByTestId('create-public').click();
    await page.getByTestId('stake-input').pressSequentially('3');
    await page.getByTestId('create-submit').click();
    await page.getByTestId('game-room').waitFor();
    const roomId = ((await page.getByTestId('room-header-id').textContent()) ?? '').slice(1);
    const card = dave.page.locator(`[data-room-id^="${roomId}"]`);
    await card.waitFor();
    const fullRoomId = (await card.getAttribute('data-room-id')) ?? '';
    await card.getByTestId('room-enter').click();
    for (const p of [carol, dave]) {
      await expect.poll(() => tableStatus(p.page), { timeout: 15_000 }).toMatch(/blind_betting|betting/);
    }

    // The hand's commitment, as the table menu shows it, and what each app sent for it.
    await page.getByTestId('room-menu').click();
    const commitment = (await page.getByTestId('fairness-commitment').textContent()) ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await expect
      .poll(() => page.getByTestId('fairness-mixed').textContent())
      .toContain(translate('ru', 'fairness.yoursIn'));
    await pressBack(page);
    await page.getByTestId('settings-sheet').waitFor({ state: 'detached' });
    const seeds = [(await sentBy(carol)).get(commitment), (await sentBy(dave)).get(commitment)];
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(seeds[0]).not.toBe(seeds[1]);

    // The player on turn looks and folds: the hand is over (its seed revealed), and its public
    // record holds both seeds.
    const revealed = page.locator('[data-testid="fairness-badge"][data-revealed="true"]');
    for (let i = 0; i < 60 && (await revealed.count()) === 0; i++) {
      for (const p of [carol, dave]) {
        for (const id of ['action-look', 'action-fold']) {
          const button = p.page.locator(`[data-testid="${id}"]:not([disabled])`);
          // A button may go as it is pressed (the move made, the hand over): that is no failure.
          if (await button.count()) await button.click({ timeout: 3_000 }).catch(() => undefined);
        }
      }
      await page.waitForTimeout(250);
    }
    const record = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/fairness/hands/${id}-1`);
      return (await res.json()) as { commitment: string; playerSeeds: string[] };
    }, fullRoomId);
    expect(record.commitment).toBe(commitment);
    expect([...record.playerSeeds].sort()).toEqual([...seeds].sort());

    // The verifier names the check of the player's own seed, and links to the specification.
    await revealed.click();
    await page.getByTestId('verify-fair').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-check="ownSeed"]').getAttribute('data-ok')).toBe('true');
    const href = await page.getByTestId('fairness-spec-link').getAttribute('href');
    const spec = await page.evaluate(async (path) => (await fetch(path!)).text(), href);
    expect(spec).toContain('## 7. Test vectors');
    expect(carol.errors.concat(dave.errors)).toEqual([]);
  });
});
