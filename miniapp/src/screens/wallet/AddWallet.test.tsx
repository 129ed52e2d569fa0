// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { fakeApi, signIn } from '../../test-support/fake-api';
import AddWallet from './AddWallet';

// TON Connect's block is WalletLink.test.tsx's subject; here it stays out of the way.
vi.mock('./TonWalletLink', () => ({ TonWalletLink: () => null }));

// One address in its raw and its 48-character non-bounceable spelling (made with @ton/core).
const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const FRIENDLY = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';

const input = () => screen.getByTestId('wallet-input') as HTMLTextAreaElement;
const submit = () => screen.getByTestId('wallet-submit') as HTMLButtonElement;
const hint = () => screen.getByTestId('wallet-input-hint').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

beforeEach(() => {
  signIn();
  currentPage.set({ name: 'addWallet' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('adding a withdrawal address', () => {
  it('converts a pasted raw 0:… address to its 48-character form instead of cutting it', () => {
    render(<AddWallet />);
    type(RAW);
    expect(input().value).toBe(FRIENDLY);
    expect(hint()).toBe(i18n.t('wallet.addressConverted'));
    expect(submit().disabled).toBe(false);
  });

  it('says why Add is off: not a TON address, or the wrong length', () => {
    render(<AddWallet />);
    expect(submit().disabled).toBe(true);
    expect(hint()).toBe('');

    type('my wallet is the one from the exchange, thanks!!');
    expect(submit().disabled).toBe(true);
    expect(hint()).toBe(i18n.t('wallet.notTonAddress'));

    type(FRIENDLY.slice(0, 40));
    expect(submit().disabled).toBe(true);
    expect(hint()).toBe(i18n.t('wallet.addressWrongLength', { count: 40, length: 48 }));

    type(FRIENDLY);
    expect(submit().disabled).toBe(false);
    expect(hint()).toBe('');
  });

  it('shows the success message, then goes to withdraw after 2 s', async () => {
    const { requests } = fakeApi({
      'POST /users/wallet-address': () => ({ body: { walletAddress: FRIENDLY } }),
      'GET /users/profile': () => ({ body: { telegramId: '1001', balance: 50, walletAddress: FRIENDLY } }),
    });
    render(<AddWallet />);
    type(FRIENDLY);
    fireEvent.click(submit());
    const done = await screen.findByTestId('wallet-status-addressAdded');
    expect(done.textContent).toBe(i18n.t('wallet.addressAdded'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ walletAddress: FRIENDLY });
    const shown = Date.now();
    await vi.waitFor(() => expect(currentPage.get().name).toBe('withdraw'), { timeout: 3_000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1_900);
  });
});
