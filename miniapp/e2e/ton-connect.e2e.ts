/**
 * Connect wallet (TON Connect) on the wallet screens, in the built product: TON Connect's code comes
 * only with those screens, and its block is whole and uncovered on a tall and a small phone, in
 * Russian and English. Pay from wallet on the Deposit page: the wallet is asked to send the message
 * the api built (decoded here), and a payment declined in the wallet is said plainly.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '@svara/locales';
import { Address, Cell } from '@ton/core';
import { signedProof, testWallet, type TestWallet } from '../../api/src/test-support/ton-wallet';
import { fakeJettonWallet } from '../../api/src/payments/ton/fake-toncenter';
import { launchChromium, loaded, openPlayer, screenshot, type Player } from './support/browser';

/** A typed withdrawal address for each player (an address belongs to one account). */
const ADDRESSES = {
  ru: 'UQBaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWgYv',
  en: 'UQBra2tra2tra2tra2tra2tra2tra2tra2tra2tra2tra3iA',
};
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

/** The element is inside the viewport's width and, scrolled to, nothing lies over its middle. */
async function uncovered(page: Page, testId: string): Promise<void> {
  const element = page.getByTestId(testId);
  await element.scrollIntoViewIfNeeded();
  const ok = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return (
      box.left >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight &&
      (top === node || node.contains(top)) &&
      node.scrollWidth <= node.clientWidth + 1
    );
  });
  expect(ok, `${testId} cut or covered`).toBe(true);
}

async function openWithdraw(page: Page): Promise<void> {
  await page.getByTestId('withdraw-button').click();
  const prompt = page.getByTestId('add-wallet-prompt');
  await Promise.race([prompt.waitFor(), page.getByTestId('withdraw-page').waitFor()]);
  if (await prompt.isVisible()) await prompt.getByRole('button').last().click();
}

describe('Connect wallet on the wallet screens', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [index, language] of (['ru', 'en'] as const).entries()) {
    it(`${language}: loads TON Connect only with the wallet screens; its block is whole at 390×844 and 360×640`, async () => {
      const player = await openPlayer(browser, baseUrl, `${7601 + index}`, `ton${language}`, { language });
      const { page } = player;
      const chunks: string[] = [];
      page.on('request', (req) => chunks.push(req.url()));
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      expect(chunks.filter((url) => /WalletLink|TonWalletLink/.test(url))).toEqual([]);

      // Without an address Withdraw sends the player to Add wallet first.
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${baseUrl}/?user=${player.id}&name=${player.name}`);
        await page.getByTestId('dashboard').waitFor();
        await openWithdraw(page);
        if (!(await page.getByTestId('add-wallet-page').isVisible()))
          await page.getByTestId('wallet-add').click();
        await page.getByTestId('add-wallet-page').waitFor();
        await page.getByTestId('ton-connect-button').waitFor();
        await loaded(page, 'add-wallet-page');
        expect(await page.getByTestId('ton-connect-button').textContent()).toBe(
          translate(language, 'wallet.tonConnect.connect'),
        );
        await uncovered(page, 'ton-connect-button');
        await uncovered(page, 'wallet-input');
        await uncovered(page, 'wallet-submit');
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `ton-connect-add-wallet-${language}-${size.width}x${size.height}`);
      }
      // A typed address: Withdraw shows it as not verified, with Connect.
      await page.getByTestId('wallet-input').fill(ADDRESSES[language]);
      await page.getByTestId('wallet-submit').click();
      await page.getByTestId('withdraw-page').waitFor({ timeout: 5_000 });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${baseUrl}/?user=${player.id}&name=${player.name}`);
        await page.getByTestId('dashboard').waitFor();
        await openWithdraw(page);
        await page.getByTestId('ton-connect-button').waitFor();
        await loaded(page, 'withdraw-page');
        expect(await page.getByTestId('ton-connect-status').textContent()).toBe(
          translate(language, 'wallet.tonConnect.notVerified'),
        );
        await uncovered(page, 'ton-connect-button');
        await uncovered(page, 'withdraw-check');
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `ton-connect-withdraw-${language}-${size.width}x${size.height}`);
      }
      expect(chunks.some((url) => /WalletLink-/.test(url))).toBe(true);

      // Connect asks the api for a payload, then TON Connect's modal opens.
      const payload = page.waitForResponse((res) => res.url().endsWith('/api/v1/wallet/ton-proof/payload'));
      await page.getByTestId('ton-connect-button').click();
      expect((await payload).status()).toBe(200);
      await page.locator('#tc-widget-root').waitFor({ state: 'attached' });
      await page.waitForTimeout(1_500);
      await screenshot(page, `ton-connect-modal-${language}`);
      // Its wallets list, bridges and icons are not refused by the page's policy. (Its UI's inline
      // event handlers are, and stay refused: scripts run only from our origin.)
      expect(player.errors.filter((e) => /img-src|connect-src/.test(e))).toEqual([]);
    });
  }

  it('a wallet in the page signs a real v4R2 proof: the address is verified, then disconnected', async () => {
    const player = await openPlayer(browser, baseUrl, '7611', 'tonproof', { language: 'en' });
    const { page, context } = player;
    const wallet = testWallet('v4R2');
    // The api accepts proofs signed for 127.0.0.1 outside production (config.tonProof.domains).
    await page.exposeFunction('e2eSignProof', (payload: string) =>
      signedProof(wallet, payload, { domain: '127.0.0.1' }),
    );
    // A wallet's own browser injects its JS bridge (TON Connect's "embedded" wallet): the real TON
    // Connect UI connects to it when its modal opens, and it answers with our signed proof.
    await context.addInitScript(() => {
      const device = {
        platform: 'browser',
        appName: 'Tonkeeper',
        appVersion: '4.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      type Item = { name: string; payload?: string };
      const sign = (window as unknown as { e2eSignProof: (p: string) => Promise<SignedProof> }).e2eSignProof;
      type SignedProof = {
        address: string;
        network: string;
        public_key: string;
        proof: { state_init: string; [key: string]: unknown };
      };
      (window as unknown as Record<string, unknown>).tonkeeper = {
        tonconnect: {
          deviceInfo: device,
          walletInfo: { name: 'Tonkeeper', image: '', about_url: 'https://tonkeeper.com' },
          protocolVersion: 2,
          isWalletBrowser: true,
          async connect(_version: number, message: { items: Item[] }) {
            const asked = message.items.find((item) => item.name === 'ton_proof');
            const signed = await sign(asked!.payload!);
            const { state_init: stateInit, ...proof } = signed.proof;
            return {
              event: 'connect',
              id: 1,
              payload: {
                device,
                items: [
                  {
                    name: 'ton_addr',
                    address: signed.address,
                    network: signed.network,
                    publicKey: signed.public_key,
                    walletStateInit: stateInit,
                  },
                  { name: 'ton_proof', proof },
                ],
              },
            };
          },
          restoreConnection: async () => ({
            event: 'connect_error',
            id: 0,
            payload: { code: 0, message: '' },
          }),
          send: async () => ({ error: { code: 400, message: 'not in this test' }, id: '0' }),
          listen: () => () => {},
          disconnect: () => {},
        },
      };
    });
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await openWithdraw(page);
    if (!(await page.getByTestId('add-wallet-page').isVisible()))
      await page.getByTestId('wallet-add').click();
    await page.getByTestId('ton-connect-button').click();
    const status = page.getByTestId('ton-connect-status');
    await status.waitFor({ timeout: 15_000 });
    expect(await status.textContent()).toMatch(/^Verified by TON Connect · /);
    expect(await page.getByTestId('ton-connect-address').textContent()).toBe(
      wallet.address.toString({ bounceable: false, urlSafe: true, testOnly: false }),
    );
    await screenshot(page, 'ton-connect-verified-en');
    await page.getByTestId('ton-connect-disconnect').click();
    await page.getByTestId('ton-connect-button').waitFor();
    expect(await status.textContent()).toBe('Not verified');
  });
});

/** Tether's USDT master on mainnet: the api's default (config.ts MAINNET_USDT_MASTER). */
const USDT_MASTER = Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs');

/** What the page's wallet was asked to send: sendTransaction's parameters as the bridge carries them. */
type SentRequest = {
  valid_until: number;
  network: string;
  from: string;
  messages: { address: string; amount: string; payload?: string }[];
};

/**
 * A wallet's own browser (TON Connect's embedded JS bridge) holding `wallet`: it connects without a
 * proof, keeps each sendTransaction request in `window.e2eSent`, and approves it, or declines it as a
 * wallet does (error 300) while `window.e2eDecline` is set.
 */
async function injectPayingWallet(player: Player, wallet: TestWallet): Promise<void> {
  await player.context.addInitScript(
    ({ address, publicKey, stateInit }) => {
      const device = {
        platform: 'browser',
        appName: 'Tonkeeper',
        appVersion: '4.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      const page = window as unknown as { e2eSent: unknown[]; e2eDecline: boolean } & Record<string, unknown>;
      page.e2eSent = [];
      page.e2eDecline = false;
      page.tonkeeper = {
        tonconnect: {
          deviceInfo: device,
          walletInfo: { name: 'Tonkeeper', image: '', about_url: 'https://tonkeeper.com' },
          protocolVersion: 2,
          isWalletBrowser: true,
          connect: async () => ({
            event: 'connect',
            id: 1,
            payload: {
              device,
              items: [{ name: 'ton_addr', address, network: '-239', publicKey, walletStateInit: stateInit }],
            },
          }),
          restoreConnection: async () => ({
            event: 'connect_error',
            id: 0,
            payload: { code: 0, message: '' },
          }),
          async send(request: { method: string; params: string[]; id: string }) {
            page.e2eSent.push(JSON.parse(request.params[0]!));
            return page.e2eDecline
              ? { error: { code: 300, message: 'User declined the transaction' }, id: request.id }
              : { result: 'te6cckEBAQEAAgAAAEysuc0=', id: request.id };
          },
          listen: () => () => {},
          disconnect: () => {},
        },
      };
    },
    {
      address: wallet.address.toRawString(),
      publicKey: wallet.keys.publicKey.toString('hex'),
      stateInit: wallet.stateInitBase64,
    },
  );
}

async function sentRequests(page: Page): Promise<SentRequest[]> {
  return page.evaluate(() => (window as unknown as { e2eSent: SentRequest[] }).e2eSent);
}

async function openDepositAddress(page: Page, currency: 'USDTTON' | 'TON'): Promise<string> {
  await page.getByTestId('deposit-button').click();
  await page.getByTestId(`deposit-${currency}`).click();
  await page.getByTestId('confirm-deposit-page').waitFor();
  return (await page.getByTestId('deposit-address').textContent())!.trim();
}

describe('Pay from wallet on the Deposit page', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [index, language] of (['ru', 'en'] as const).entries()) {
    it(`${language}: USDT and TON messages as the wallet gets them; the block is whole at 390×844 and 360×640`, async () => {
      const player = await openPlayer(browser, baseUrl, `${7621 + index}`, `tonpay${language}`, { language });
      const { page } = player;
      const wallet = testWallet('v4R2');
      await injectPayingWallet(player, wallet);
      await page.reload();
      await page.getByTestId('dashboard').waitFor();

      // USDT: connect, type an amount, pay.
      const usdtAddress = await openDepositAddress(page, 'USDTTON');
      await page.getByTestId('wallet-pay-connect').click();
      await page.getByTestId('wallet-pay-from').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('wallet-pay-from').textContent()).toContain(
        wallet.address.toString({ bounceable: false, urlSafe: true }).slice(0, 6),
      );
      await page.getByTestId('wallet-pay-amount').fill(language === 'ru' ? '12,5' : '12.5');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await loaded(page, 'confirm-deposit-page');
        await uncovered(page, 'wallet-pay-amount');
        await uncovered(page, 'wallet-pay-button');
        await page.getByTestId('wallet-pay').evaluate((node) => node.scrollIntoView({ block: 'start' }));
        await screenshot(page, `ton-pay-deposit-${language}-${size.width}x${size.height}`);
      }
      await page.getByTestId('wallet-pay-button').click();
      await page.getByTestId('wallet-pay-sent').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('wallet-pay-sent').textContent()).toBe(
        translate(language, 'wallet.tonPay.sent'),
      );
      const [usdt] = await sentRequests(page);
      expect(usdt!.network).toBe('-239');
      expect(usdt!.from).toBe(wallet.address.toRawString());
      expect(usdt!.messages).toHaveLength(1);
      const jetton = usdt!.messages[0]!;
      // To the player's own USDT jetton wallet (the sandbox's local TON API), 0.05 TON for its fees.
      expect(Address.parse(jetton.address).equals(fakeJettonWallet(wallet.address, USDT_MASTER))).toBe(true);
      expect(jetton.amount).toBe('50000000');
      const body = Cell.fromBase64(jetton.payload!).beginParse();
      expect(body.loadUint(32)).toBe(0x0f8a7ea5);
      body.loadUintBig(64);
      expect(body.loadCoins()).toBe(12_500_000n);
      expect(body.loadAddress()!.equals(Address.parse(usdtAddress))).toBe(true);
      expect(body.loadAddress()!.equals(wallet.address)).toBe(true);
      expect(body.loadMaybeRef()).toBeNull();
      expect(body.loadCoins()).toBe(1n);
      // The sandbox issues no memo, so the forward payload is empty (with a memo it is the comment:
      // api/src/http/routes/wallet-pay.test.ts).
      expect(body.loadBit()).toBe(false);
      expect(body.remainingBits).toBe(0);
      // Sent is not credited: the page still waits for the provider.
      await page.waitForTimeout(500);
      expect(await page.getByTestId('deposit-credited').count()).toBe(0);
      await page.getByTestId('wallet-pay').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await screenshot(page, `ton-pay-sent-${language}`);

      // TON: the amount in nanotons, straight to the deposit address.
      await page.goto(`${baseUrl}/?user=${player.id}&name=${player.name}`);
      await page.getByTestId('dashboard').waitFor();
      const tonAddress = await openDepositAddress(page, 'TON');
      const connect = page.getByTestId('wallet-pay-connect');
      await Promise.race([connect.waitFor(), page.getByTestId('wallet-pay-from').waitFor()]);
      if (await connect.isVisible()) await connect.click();
      await page.getByTestId('wallet-pay-amount').fill(language === 'ru' ? '1,5' : '1.5');
      await page.getByTestId('wallet-pay-button').click();
      await page.getByTestId('wallet-pay-sent').waitFor({ timeout: 15_000 });
      const ton = (await sentRequests(page)).at(-1)!;
      expect(ton.messages).toEqual([{ address: tonAddress, amount: '1500000000' }]);
      expect(player.errors).toEqual([]);
    });
  }

  it('a payment declined in the wallet is said plainly, and nothing is sent', async () => {
    const player = await openPlayer(browser, baseUrl, '7631', 'tonpaydecline', { language: 'en' });
    const { page } = player;
    await injectPayingWallet(player, testWallet('v5R1'));
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await openDepositAddress(page, 'TON');
    await page.getByTestId('wallet-pay-connect').click();
    await page.getByTestId('wallet-pay-from').waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      (window as unknown as { e2eDecline: boolean }).e2eDecline = true;
    });
    await page.getByTestId('wallet-pay-amount').fill('2');
    await page.getByTestId('wallet-pay-button').click();
    const error = page.getByTestId('wallet-pay-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toBe('You cancelled the payment in the wallet. Nothing was sent.');
    expect(await page.getByTestId('wallet-pay-sent').count()).toBe(0);
    expect(await page.getByTestId('wallet-pay-button').isEnabled()).toBe(true);
    // TON Connect's own "confirm in your wallet" sheet closes by itself.
    await page.waitForTimeout(1_500);
    await page.getByTestId('wallet-pay').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'ton-pay-declined-en');
  });
});
