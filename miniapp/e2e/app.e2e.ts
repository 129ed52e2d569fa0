/**
 * The Mini App end to end, against the real server: sign-in, the lobby, two players creating,
 * entering and playing a hand, chat, language, every modal and page, and losing the connection.
 * Any console error that the test did not provoke on purpose fails the run.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { translate } from '@svara/locales';
import {
  fund,
  launchChromium,
  openPlayer,
  passAgreementGate,
  playHand,
  pressBack,
  screenshot,
  tableStatus,
  type Player,
} from './support/browser';

const ru = (key: string) => translate('ru', key);
const en = (key: string) => translate('en', key);

describe('the Mini App', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let alice: Player;
  let bob: Player;
  let roomId = '';
  /** The first hand's server-seed hash as the table menu showed it before the deal. */
  let nextCommitment = '';

  beforeAll(async () => {
    browser = await launchChromium();
    alice = await openPlayer(browser, baseUrl, '7001', 'alice');
    bob = await openPlayer(browser, baseUrl, '7002', 'bob');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs in from Telegram init data and shows the lobby', async () => {
    const { page } = alice;
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('alice');
    expect(await page.getByTestId('header-balance').textContent()).toBe('0,00\u00a0$');
    expect(await page.getByTestId('rooms-empty').textContent()).toBe(ru('lobby.roomsNotFound'));
    expect(await page.getByTestId('footer-18').textContent()).toContain('18+');

    for (const player of [alice, bob]) {
      await fund(player, 1000);
      await player.page.reload();
      await expect
        .poll(() => player.page.getByTestId('header-balance').textContent())
        .toBe('1\u00a0000,00\u00a0$');
    }

    // RULES §9: the Tournaments button opens the Sit & Go's; the back button comes back.
    await page.getByTestId('tournaments-button').click();
    await page.getByTestId('tournaments').waitFor();
    await page.getByTestId('tournaments-back').click();
    await page.getByTestId('dashboard').waitFor();
  });

  it('checks the create and join dialogs', async () => {
    const { page } = alice;
    await page.getByTestId('create-menu-button').click();
    await page.getByTestId('create-public').click();
    const stake = page.getByTestId('stake-input');
    const submit = page.getByTestId('create-submit');
    await stake.fill('0.5');
    expect(await submit.isDisabled()).toBe(true);
    await stake.pressSequentially('1.234');
    await stake.fill('');
    await stake.pressSequentially('1.234');
    expect(await stake.inputValue()).toBe('1,23');
    await stake.fill('');
    await stake.pressSequentially('20');
    await page.getByTestId('stake-ok').waitFor();
    await stake.fill('');
    await stake.pressSequentially('200');
    expect(await page.getByTestId('stake-ok').count()).toBe(0);
    await submit.click();
    await page.getByTestId('create-error').getByText(ru('lobby.notEnoughToCreate')).waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('create-menu-button').click();
    await page.getByTestId('create-private').click();
    await page.getByTestId('stake-input').pressSequentially('1');
    await page.getByTestId('password-input').pressSequentially('12a345');
    expect(await page.getByTestId('password-input').inputValue()).toBe('12345');
    expect(await page.getByTestId('create-submit').isDisabled()).toBe(true);
    await page.getByTestId('password-input').pressSequentially('6');
    expect(await page.getByTestId('create-submit').isDisabled()).toBe(false);
    await page.keyboard.press('Escape');

    await page.getByTestId('create-menu-button').click();
    await page.getByTestId('join-room').click();
    await page.getByTestId('join-room-id').fill('3f2a9c1e-0000-4000-8000-000000000000');
    await page.getByTestId('join-password').pressSequentially('123456');
    alice.expected.push(/status of 404.*\/join$/);
    await page.getByTestId('join-submit').click();
    await page.getByTestId('join-error').getByText(ru('errors.not_found')).waitFor();
    await page.keyboard.press('Escape');
  });

  it('creates a room, shows loading for 3 s, and a second player enters from the lobby', async () => {
    const { page } = alice;
    await page.getByTestId('create-menu-button').click();
    await page.getByTestId('create-public').click();
    await page.getByTestId('stake-input').pressSequentially('2');
    const started = Date.now();
    await page.getByTestId('create-submit').click();
    await page.getByTestId('loading-screen').waitFor();
    await page.getByTestId('game-room').waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    roomId = ((await page.getByTestId('room-header-id').textContent()) ?? '').slice(1);
    expect(roomId).toMatch(/^[0-9a-f]{8}$/);
    await page.getByTestId('my-balance').waitFor();
    await page.getByTestId('waiting-state').getByText(ru('game.waitingForPlayers')).waitFor();
    // RULES §7: before any card is dealt, the table menu shows the first hand's server-seed hash in full.
    await page.getByTestId('room-menu').click();
    await page.getByTestId('settings-sheet').waitFor();
    nextCommitment = (await page.getByTestId('fairness-next').textContent()) ?? '';
    expect(nextCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('fairness-commitment').count()).toBe(0);
    await screenshot(page, 'table-menu-before-deal');
    await pressBack(page);
    await page.getByTestId('settings-sheet').waitFor({ state: 'detached' });

    const card = bob.page.locator(`[data-room-id^="${roomId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('room-players').textContent()).toBe('1 / 6');
    expect(await card.getByTestId('room-stake').textContent()).toBe('2,00\u00a0$');
    expect(await card.textContent()).toContain(`#${roomId}`);
    await screenshot(bob.page, 'lobby');
    await card.getByTestId('room-enter').click();
    await bob.page.getByTestId('game-room').waitFor();
    await bob.page.getByTestId('my-balance').waitFor();
  });

  it('deals a hand and plays it to the end', async () => {
    const pages = [alice.page, bob.page];
    for (const page of pages) {
      await expect.poll(() => tableStatus(page), { timeout: 15_000 }).toMatch(/blind_betting|betting/);
    }
    // The hand was dealt with the seed whose hash the table showed before the deal.
    await bob.page.getByTestId('room-menu').click();
    await expect.poll(() => bob.page.getByTestId('fairness-commitment').textContent()).toBe(nextCommitment);
    await pressBack(bob.page);
    await bob.page.getByTestId('settings-sheet').waitFor({ state: 'detached' });
    // Each seat gets three cards; the viewer sits at the bottom (seat 4).
    await expect
      .poll(() => alice.page.locator('[data-seat="4"][data-viewer] [data-testid="seat-cards"] > *').count())
      .toBeGreaterThanOrEqual(3);
    // The player on turn bets blind, which the table shows as BLIND. Whose turn it is shows once the
    // deal's animation lets that player's buttons on: until then neither has them, and guessing the
    // other player would leave the one on turn to time out.
    const canBetBlind = (p: Player) => p.page.locator('[data-testid="action-blind"]:not([disabled])').count();
    await expect
      .poll(async () => (await canBetBlind(alice)) + (await canBetBlind(bob)), { timeout: 15_000 })
      .toBe(1);
    const onTurn = (await canBetBlind(alice)) ? alice : bob;
    await onTurn.page.getByTestId('action-blind').click();
    const other = onTurn === alice ? bob : alice;
    await other.page.locator('[data-testid="seat-label"][data-label="blind"]').waitFor();
    // The deal's animation lasts about 2 s. Waiting for every animation to stop would outlast the
    // turn: while a player is on turn the table keeps something moving.
    await other.page.waitForTimeout(2500);
    await screenshot(other.page, 'table-mid-hand');

    // Chat: a phrase appears above the sender's seat for the others.
    await other.page.getByTestId('chat-button').click();
    await other.page.getByTestId('chat-phrase2').click();
    await onTurn.page.getByTestId('chat-bubble').getByText(ru('chat.phrase2')).waitFor();

    // The server deals this first hand from a seed under which both players' cards score equally
    // (global-setup.ts), so playing it to the showdown starts a svara.
    const end = await playHand(pages);
    expect(['svara_pending', 'showdown']).toContain(end);
    for (const page of pages) {
      await expect.poll(() => tableStatus(page), { timeout: 10_000 }).toBe('svara_pending');
    }
    await alice.page.getByTestId('svara-intro').waitFor();
    await alice.page.getByTestId('svara-dialog').waitFor({ timeout: 8000 });
    await screenshot(alice.page, 'svara-dialog');
    // Both tied players take part without paying and say so: the svara hand is dealt at once, not
    // when the 20 s window runs out.
    for (const player of [alice, bob]) {
      await player.page.getByTestId('svara-dialog').getByTestId('svara-participating').waitFor();
      await player.page.getByTestId('svara-dialog').getByTestId('svara-join').click();
    }
    for (const page of pages) {
      await expect.poll(() => tableStatus(page), { timeout: 8_000 }).toMatch(/blind_betting|betting/);
    }
  });

  it('offers the raise sheet with quick picks', async () => {
    // Open the cards, then the other player may raise.
    const pages = [alice.page, bob.page];
    let raiser: Player | null = null;
    for (let i = 0; i < 40 && !raiser; i++) {
      for (const p of [alice, bob]) {
        if (await p.page.locator('[data-testid="action-raise"]:not([disabled])').count()) raiser = p;
        else if (await p.page.locator('[data-testid="action-look"]:not([disabled])').count())
          await p.page.getByTestId('action-look').click();
      }
      await alice.page.waitForTimeout(250);
    }
    expect(raiser).not.toBeNull();
    const page = raiser!.page;
    await page.getByTestId('action-raise').click();
    await page.getByTestId('raise-sheet').waitFor();
    for (const pick of ['2x', '5x', '10x', 'Max']) await page.getByTestId(`raise-pick-${pick}`).waitFor();
    await page.getByTestId('raise-pick-2x').click();
    await page.getByTestId('raise-confirm').click();
    await page.locator('[data-testid="seat-label"][data-label="raise"]').waitFor();
    // This is the svara hand, dealt from a seed with one winner (global-setup.ts): the table shows
    // WIN on the winner's seat and the win indicator.
    const end = await playHand(pages);
    expect(['finished', 'showdown']).toContain(end);
    await page.locator('[data-testid="seat-label"][data-label="win"]').waitFor();
    await page.getByTestId('win-indicator').waitFor();
    // The hand is over: its seed is revealed on the table, and the verifier recomputes it (RULES §7).
    await page.locator('[data-testid="fairness-badge"][data-revealed="true"]').click();
    await page.getByTestId('verify-fair').waitFor({ timeout: 10_000 });
    await screenshot(page, 'verify-hand');
    await page.keyboard.press('Escape');
    await page.getByTestId('verify-sheet').waitFor({ state: 'detached' });
  });

  it('switches the language at the table and in the More page', async () => {
    const { page } = alice;
    await page.getByTestId('room-menu').click();
    await page.getByTestId('settings-language').click();
    await page.getByTestId('language-en').click();
    await page.getByText(en('game.stake')).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.keyboard.press('Escape');

    await bob.page.getByTestId('room-menu').click();
    await bob.page.getByTestId('settings-exit').click();
    await bob.page.getByTestId('exit-yes').click();
    await bob.page.getByTestId('dashboard').waitFor();
    await bob.page.getByTestId('more-button').click();
    await bob.page.getByTestId('more-language').click();
    await bob.page.getByTestId('language-en').click();
    await bob.page.getByText(en('more.myId')).waitFor();
    await bob.page.getByTestId('more-language').click();
    await bob.page.getByTestId('language-ru').click();
    await bob.page.getByText(ru('more.myId')).waitFor();
  });

  it('opens every page and modal', async () => {
    const { page } = bob;
    // My ID copies.
    await page.getByTestId('more-my-id').click();
    await page.getByText(ru('common.copied')).waitFor();
    // Referral programme and its rules.
    await page.getByTestId('more-referral').click();
    await page.getByTestId('referral-link').waitFor();
    await page.getByTestId('referral-rules-open').click();
    await page.getByTestId('referral-levels').waitFor();
    expect(await page.locator('[data-testid="referral-rules-modal"] li').count()).toBe(5);
    await page.getByTestId('referral-rules-modal').getByTestId('modal-close').click();
    await page.getByTestId('referral-modal').getByTestId('modal-close').click();
    // The agreement, all ten sections.
    await page.getByTestId('more-agreement').click();
    await page.getByTestId('agreement-changes').waitFor();
    expect(
      await page.locator('[data-testid^="agreement-"]:not([data-testid="agreement-modal"])').count(),
    ).toBe(10);
    await page.getByTestId('modal-close').click();
    // How to play: nine counting rows and at least eight examples drawn with real cards.
    await page.getByTestId('more-rules').click();
    await page.getByTestId('rules-counting-table').waitFor();
    expect(await page.locator('[data-testid="rules-counting-table"] tbody tr').count()).toBe(9);
    expect(await page.locator('[data-testid="rules-examples"] li').count()).toBeGreaterThanOrEqual(8);
    expect(
      await page.locator('[data-testid="rules-examples"] [data-card] svg').count(),
    ).toBeGreaterThanOrEqual(24);
    await screenshot(page, 'rules-modal');
    await page.getByTestId('modal-close').click();
    // Deposit history: empty, and its close button returns to More.
    await page.getByTestId('more-history').click();
    await page.getByTestId('history-empty').getByText(ru('wallet.noTransactions')).waitFor();
    await page.getByTestId('history-close').click();
    await page.getByTestId('more-page').waitFor();
    await pressBack(page);
    await page.getByTestId('dashboard').waitFor();

    // Deposit: the sandbox merchant hands out a TON address (payments.e2e.ts pays one).
    await page.getByTestId('deposit-button').click();
    await page.getByTestId('deposit-TON').click();
    await page.getByTestId('confirm-deposit-page').waitFor();
    expect((await page.getByTestId('deposit-address').textContent())!.trim()).toHaveLength(48);
    await pressBack(page);
    await page.getByTestId('deposit-page').waitFor();
    await pressBack(page);
    await page.getByTestId('dashboard').waitFor();

    // Withdraw without a wallet: @CryptoBot needs none, so the page opens and offers to add one;
    // Add wallet takes a 48-character TON address and says why it refuses anything else.
    await page.getByTestId('withdraw-button').click();
    await page.getByTestId('wallet-add').click();
    await page.getByTestId('add-wallet-page').waitFor();
    const input = page.getByTestId('wallet-input');
    await input.fill('E'.repeat(47));
    expect(await page.getByTestId('wallet-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('wallet-input-hint').textContent()).toBe(
      ru('wallet.addressWrongLength').replace('{{length}}', '48').replace('{{count}}', '47'),
    );
    await input.fill('E'.repeat(48));
    expect(await page.getByTestId('wallet-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('wallet-input-hint').textContent()).toBe(ru('wallet.notTonAddress'));
    await pressBack(page);
    await page.getByTestId('dashboard').waitFor();
  });

  it('loses the connection, shows the sheet, and comes back', async () => {
    const { page, context } = alice;
    alice.expected.push(/ERR_INTERNET_DISCONNECTED|WebSocket connection/);
    await context.setOffline(true);
    await page.getByTestId('no-connection').waitFor({ timeout: 15_000 });
    await context.setOffline(false);
    await page.getByTestId('retry-connection').click();
    await page.getByTestId('no-connection').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('table').waitFor();
    alice.expected.pop();
  });

  it('opens the room of an invitation link (start parameter join_{roomId}_{userId}) on start', async () => {
    const room = await alice.page.evaluate(async (prefix) => {
      const res = await fetch('/api/v1/rooms');
      const list = (await res.json()) as { roomId: string }[];
      return list.find((r) => r.roomId.startsWith(prefix))?.roomId ?? null;
    }, roomId);
    expect(room).not.toBeNull();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?user=7003&name=carol&start=join_${room}_7001`);
    // A new player accepts the agreement first; the start link is acted on after it.
    await passAgreementGate(page);
    // carol has no money: joining refuses (insufficientBalance) and the app sends her to deposit,
    // or the hand is running and she watches. Either way the start link was acted on.
    await page.locator('[data-testid="game-room"], [data-testid="deposit-page"]').first().waitFor();
    await context.close();
  });

  it('outside Telegram, without init data, shows the catalogue error when the server offers no development sign-in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // What a production server answers: the development routes do not exist there.
    await page.route('**/api/v1/dev/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('error-page').getByText(ru('errors.no_init_data')).waitFor();
    await context.close();
  });

  it('in a plain browser against a development server, picks a test player who can take play money', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'dave · 1004' }).click();
    await passAgreementGate(page);
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('dave');
    expect(await page.getByTestId('header-balance').textContent()).toBe('0,00\u00a0$');
    await page.getByTestId('dev-faucet').getByRole('button').click();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('1\u00a0000,00\u00a0$');
    await context.close();
  });

  it("opened as Telegram's apps open it (launch data in the URL's hash), signs in with one request, sent before the app's own script arrives", async () => {
    const res = await fetch(`${baseUrl}/api/v1/dev/init-data?id=7005&username=erin&first_name=Erin`);
    const { initData } = (await res.json()) as { initData: string };
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    // Telegram's Android app gives the page a native bridge to post its events to.
    await page.addInitScript(() => {
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent() {} };
    });
    const logins: unknown[] = [];
    let loginSeen = () => {};
    const loginSent = new Promise<void>((resolve) => (loginSeen = resolve));
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/v1/auth/login')) return;
      logins.push(request.postDataJSON());
      loginSeen();
    });
    // The app's own script is held back until the sign-in request is out: it must not need the app.
    const heldUntilLogin: boolean[] = [];
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
      heldUntilLogin.push(await Promise.race([loginSent.then(() => true), timeout]));
      await route.continue();
    });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const launch = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppStartParam: 'ref_7001',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#0b2818', text_color: '#f3efe2' }),
    });
    await page.goto(`${baseUrl}/#${launch.toString()}`);
    await passAgreementGate(page);
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('erin');
    expect(heldUntilLogin).toEqual([true]);
    expect(logins).toEqual([{ initData, startPayload: 'ref_7001' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logged no unexpected console errors', () => {
    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
