/** Headless Chromium for the end-to-end tests: players as browser contexts, console errors collected. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS } from './server';
import { e2eClientSeed } from './seeds';

export const VIEWPORT = { width: 390, height: 844 };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * What TON Connect's UI logs on the wallet screens here: it fetches its wallets list and every
 * wallet's icon from the internet, which the test machine may not reach (so icons stay blank here),
 * and the empty `ontouchstart` it sets on the body is refused by our policy (scripts only from our
 * origin) when the screen is touched. None of it is the app's error.
 */
const TON_CONNECT_NOISE = [
  /^Failed to load resource: net::ERR_[A-Z_]+ @ https:\/\//,
  /^\[TON_CONNECT_SDK\]/,
  /^Executing inline event handler violates .* @ \S+\/assets\/ton-connect-/,
];

export type Player = {
  name: string;
  id: string;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors not covered by an expectation. */
  errors: string[];
  /** Console errors matching these are expected (a deliberate 501, going offline). */
  expected: RegExp[];
};

/**
 * Opens the Mini App as a test user (development sign-in through /api/v1/dev/init-data). The player
 * has typed their own client seed (the app sends it for every hand), so the seeded deals are the
 * planned ones; `randomSeeds` leaves the app's default: a fresh random seed for every hand.
 * `language`: the language the player chose (on this device and on the server).
 */
export async function openPlayer(
  browser: Browser,
  baseUrl: string,
  id: string,
  name: string,
  options: { randomSeeds?: boolean; language?: 'ru' | 'en' } = {},
): Promise<Player> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  if (!options.randomSeeds) {
    await context.addInitScript(
      (seed) => localStorage.setItem('svara.ownClientSeed', seed),
      e2eClientSeed(id),
    );
  }
  // The language the player picked on this device (the app opens in it; Russian otherwise).
  if (options.language)
    await context.addInitScript((language) => localStorage.setItem('language', language), options.language);
  const page = await context.newPage();
  const player: Player = { name, id, context, page, errors: [], expected: [...TON_CONNECT_NOISE] };
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = `${msg.text()} @ ${msg.location().url}`;
    if (!player.expected.some((re) => re.test(text))) player.errors.push(text);
  });
  page.on('pageerror', (err) => player.errors.push(`pageerror: ${err.message}`));
  await page.goto(`${baseUrl}/?user=${id}&name=${name}`);
  await passAgreementGate(page);
  await page.getByTestId('dashboard').waitFor();
  if (options.language) {
    // The player's language is kept on the server too, and the app follows it on sign-in.
    await saveLanguage(page, options.language);
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
  }
  return player;
}

/**
 * A new player meets the first-open gate: confirms being 18 or older and accepts the
 * agreement. A player who already accepted goes straight to the lobby.
 */
export async function passAgreementGate(page: Page): Promise<void> {
  const gate = page.getByTestId('protection-gate');
  await page.locator('[data-testid="protection-gate"], [data-testid="dashboard"]').first().waitFor();
  if (!(await gate.isVisible())) return;
  await page.getByTestId('gate-age').check();
  await page.getByTestId('gate-accept').check();
  await page.getByTestId('gate-continue').click();
}

/** Credits the signed-in player through the development faucet and reloads the profile. */
export async function fund(player: Player, amount: number): Promise<void> {
  const status = await player.page.evaluate(async (dollars) => {
    const res = await fetch('/api/v1/dev/faucet', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${localStorage.getItem('token')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ amount: dollars }),
    });
    return res.status;
  }, amount);
  if (status !== 200) throw new Error(`faucet answered ${status}`);
}

/** Presses Telegram's back button, as the Telegram client reports it to the Mini App. */
export async function pressBack(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.postMessage(JSON.stringify({ eventType: 'back_button_pressed', eventData: {} }), '*'),
  );
}

/**
 * Waits until the screen holds still: fonts loaded and every entrance animation (a sheet rising, a
 * dialog popping, cards dealt) finished; endless ones (a pulse, a spinner) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Waits for a page or modal to have loaded what it shows: it is on screen and no spinner turns in it. */
export async function loaded(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction(
    (id) =>
      ![...document.querySelectorAll(`[data-testid="${id}"] .animate-spin`)].some(
        (spinner) => spinner.getClientRects().length > 0,
      ),
    testId,
  );
  await settled(page);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

export async function tableStatus(page: Page): Promise<string | null> {
  return page.getByTestId('table').getAttribute('data-status');
}

/**
 * Plays until the hand ends (finished, or a svara): whoever is on turn pays if they can, else opens,
 * else bets blind, else passes.
 */
export async function playHand(pages: Page[], maxSteps = 80): Promise<string> {
  const prefer = ['action-call', 'action-look', 'action-blind', 'action-fold'];
  for (let step = 0; step < maxSteps; step++) {
    for (const page of pages) {
      const status = await tableStatus(page);
      if (status === 'finished' || status === 'svara_pending' || status === 'showdown') return status;
      for (const id of prefer) {
        const button = page.locator(`[data-testid="${id}"]:not([disabled])`);
        if (await button.count()) {
          await button.click();
          // Answered: the action is no longer offered (the turn moved on, or the cards are open). A
          // refused one stays, and the next round tries again.
          await button.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
          break;
        }
      }
    }
    await pages[0]!.waitForTimeout(200);
  }
  throw new Error('the hand did not end');
}

/** Stores the signed-in player's language on the server (the app and the bot read it there). */
export async function saveLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate(async (lang) => {
    await fetch('/api/v1/users/language', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${localStorage.getItem('token')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ language: lang }),
    });
  }, language);
}
