/**
 * Two tabs of one player, against the real product: one watches a table (Sit down offered), the
 * other starts a cool-off from Responsible play. Within a couple of seconds the table tab offers no
 * seat, says why and until when, and keeps the balance in its header; the lobby shows the banner
 * with Create and Enter off. Screenshots at 390 × 844 in Russian and 360 × 640 in English. Last, a
 * new player with $0 opens an invitation to that table: the deposit page says which table, its stake
 * and the balance a seat needs, and leads to the table.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '@svara/locales';
import {
  fund,
  launchChromium,
  openPlayer,
  passAgreementGate,
  pressBack,
  screenshot,
  type Player,
} from './support/browser';

const ru = (key: string) => translate('ru', key);

async function watchRoom(page: Page, roomId: string): Promise<void> {
  const card = page.locator(`[data-testid="room-card"][data-room-id="${roomId}"]`);
  await card.getByTestId('room-watch').click();
  await page.getByTestId('game-room').waitFor();
}

describe('a cool-off started in one tab reaches the other at once', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let eve: Player;
  let dana: Player;
  let table: Page;
  let roomId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    eve = await openPlayer(browser, baseUrl, '7502', 'eve');
    await fund(eve, 100);
    await eve.page.reload();
    await eve.page.getByTestId('dashboard').waitFor();
    await eve.page.getByTestId('create-menu-button').click();
    await eve.page.getByTestId('create-public').click();
    await eve.page.getByTestId('stake-input').pressSequentially('1');
    await eve.page.getByTestId('create-submit').click();
    await eve.page.getByTestId('game-room').waitFor();
    // Seated (the lobby lists only rooms where someone sits).
    await eve.page.getByTestId('action-bar').waitFor();
    const short = ((await eve.page.getByTestId('room-header-id').textContent()) ?? '').slice(1);
    roomId = await eve.page.evaluate(async (prefix) => {
      const list = (await (await fetch('/api/v1/rooms')).json()) as { roomId: string }[];
      return list.find((r) => r.roomId.startsWith(prefix))?.roomId ?? '';
    }, short);

    dana = await openPlayer(browser, baseUrl, '7501', 'dana');
    await fund(dana, 50);
    // The second tab: the same player in the same browser.
    table = await dana.context.newPage();
    await table.goto(`${baseUrl}/?user=7501&name=dana`);
    await passAgreementGate(table);
    await table.getByTestId('dashboard').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('takes the Sit down away from the table tab within a couple of seconds, with the reason', async () => {
    expect(roomId).toMatch(/^[0-9a-f-]{36}$/);
    await watchRoom(table, roomId);
    await table.getByTestId('sit-down').waitFor();

    const { page } = dana;
    await page.getByTestId('more-button').click();
    await page.getByTestId('more-responsible-play').click();
    await page.getByTestId('start-cool-off').click();
    await page.getByTestId('exclusion-understand').check();
    await page.getByTestId('exclusion-confirm').click();
    const confirmed = Date.now();

    await table.getByTestId('account-blocked-notice').waitFor({ timeout: 4_000 });
    console.info(
      `account e2e: the table tab showed the cool-off ${Date.now() - confirmed} ms after confirming`,
    );
    expect(await table.getByTestId('account-blocked-notice').textContent()).toContain(
      'Ваша пауза действует до',
    );
    expect(await table.getByTestId('sit-down').count()).toBe(0);
    expect(await table.getByTestId('sit-seat').count()).toBe(0);
    expect(await table.getByTestId('my-balance').textContent()).toBe('50,00\u00a0$');
    await screenshot(table, 'account-table-cool-off-ru');

    await table.getByTestId('room-menu').click();
    await table.getByTestId('settings-responsible-play').click();
    await table.getByTestId('exclusion-active').waitFor();
    await screenshot(table, 'account-table-responsible-play-ru');
    await table.getByTestId('protection-close').click();
    // Telegram's back button leaves a table where no hand is played.
    await pressBack(table);
    await table.getByTestId('dashboard').waitFor();
    await table.getByTestId('exclusion-notice').waitFor();
    expect(await table.getByTestId('create-menu-button').isDisabled()).toBe(true);
    expect(await table.getByTestId('room-enter').first().isDisabled()).toBe(true);
    expect(await table.getByText(ru('protection.notice.title')).count()).toBe(1);
    await screenshot(table, 'account-lobby-cool-off-ru');
  });

  it('says the same in English on a 360 × 640 screen', async () => {
    // The cool-off signed the player out everywhere; the app signs in again by itself, so the call
    // is tried with the token it holds until that token is the new one.
    const status = await table.evaluate(async () => {
      let answer = 0;
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await fetch('/api/v1/users/language', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${localStorage.getItem('token')}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ language: 'en' }),
        });
        answer = res.status;
        if (answer !== 401) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return answer;
    });
    expect(status).toBe(200);
    await table.setViewportSize({ width: 360, height: 640 });
    await table.reload();
    await table.getByTestId('exclusion-notice').waitFor();
    await screenshot(table, 'account-lobby-cool-off-en-360');
    await watchRoom(table, roomId);
    await table
      .getByTestId('account-blocked-notice')
      .getByText(/^Your cool-off lasts until/)
      .waitFor();
    expect(await table.getByTestId('my-balance').textContent()).toBe('$50.00');
    await screenshot(table, 'account-table-cool-off-en-360');
  });

  it('tells a new player without money who opens an invitation which table it is and what a seat needs', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?user=7503&name=finn&start=join_${roomId}_7502`);
    await passAgreementGate(page);
    await page.getByTestId('deposit-page').waitFor();
    const notice = page.getByTestId('invitation-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`#${roomId.slice(0, 8)}`);
    expect(await page.getByTestId('invitation-text').textContent()).toBe(
      'Ставка 1,00\u00a0$: чтобы сесть, нужен баланс 10,00\u00a0$, у вас 0,00\u00a0$. Пополните баланс и вернитесь к столу.',
    );
    await screenshot(page, 'invitation-deposit-ru');
    await page.getByTestId('invitation-table').click();
    await page.getByTestId('game-room').waitFor();
    await context.close();
  });

  it('logged no unexpected console errors', () => {
    expect([...eve.errors, ...dana.errors]).toEqual([]);
  });
});
