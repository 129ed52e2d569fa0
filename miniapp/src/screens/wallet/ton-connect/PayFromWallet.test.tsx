// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { fakeApi, signIn } from '../../../test-support/fake-api';
import type { ConnectedAccount, SendOutcome, WalletTransaction } from './adapter';

// TON Connect's UI stands behind this app's own adapter; the test plays the wallet through it.
const wallet = vi.hoisted(() => ({
  account: null as ConnectedAccount | null,
  connect: vi.fn(async () => {}),
  disconnect: vi.fn(async () => {}),
  outcome: { status: 'sent' } as SendOutcome,
  sent: [] as WalletTransaction[],
}));
vi.mock('./adapter', () => ({
  TonConnectProvider: ({ children }: { children: unknown }) => children,
  useWalletPayment: () => ({
    account: wallet.account,
    connect: wallet.connect,
    disconnect: wallet.disconnect,
    send: async (transaction: WalletTransaction) => {
      wallet.sent.push(transaction);
      return wallet.outcome;
    },
  }),
}));
vi.mock('./return-url', () => ({ useReturnUrl: () => null }));
const { default: PayFromWallet } = await import('./PayFromWallet');

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const TRANSACTION = {
  validUntil: 1_790_000_300,
  network: '-239',
  from: RAW,
  messages: [{ address: 'EQjettonwallet', amount: '50000000', payload: 'te6cc' }],
};

const button = () => screen.getByTestId('wallet-pay-button') as HTMLButtonElement;
const type = (text: string) =>
  fireEvent.change(screen.getByTestId('wallet-pay-amount'), { target: { value: text } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signIn();
  wallet.account = { address: RAW, chain: '-239' };
  wallet.outcome = { status: 'sent' };
  wallet.sent = [];
  wallet.connect.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Pay from wallet on the Deposit page', () => {
  it('without a connected wallet offers to connect one (TON Connect’s modal, no proof asked)', () => {
    wallet.account = null;
    render(<PayFromWallet trackerId="trk-1" currency="USDTTON" />);
    expect(screen.queryByTestId('wallet-pay-button')).toBeNull();
    fireEvent.click(screen.getByTestId('wallet-pay-connect'));
    expect(wallet.connect).toHaveBeenCalledTimes(1);
  });

  it('USDT: waits for an amount from 5 with 2 decimals, then says which amount the button pays', () => {
    render(<PayFromWallet trackerId="trk-1" currency="USDTTON" />);
    expect(screen.getByTestId('wallet-pay-from').textContent).toBe('FromUQCD39…8xqEBI');
    expect(button().disabled).toBe(true);
    type('4.99');
    expect(button().disabled).toBe(true);
    type('12.345');
    expect((screen.getByTestId('wallet-pay-amount') as HTMLInputElement).value).toBe('4.99');
    type('12.5');
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Pay 12.5 USDT');
  });

  it('asks the api for the transaction of this order and amount, has the wallet send it, and only says it was sent', async () => {
    const { requests } = fakeApi({
      'POST /wallet/ton-connect/deposit-transaction': () => ({ body: TRANSACTION }),
    });
    render(<PayFromWallet trackerId="trk-1" currency="USDTTON" />);
    type('12.5');
    fireEvent.click(button());
    await screen.findByTestId('wallet-pay-sent');
    expect(requests.map((r) => [`${r.method} ${r.path}`, r.body])).toEqual([
      [
        'POST /wallet/ton-connect/deposit-transaction',
        { trackerId: 'trk-1', amount: '12.5', walletAddress: RAW, network: '-239' },
      ],
    ]);
    expect(wallet.sent).toEqual([TRANSACTION]);
    expect(screen.getByTestId('wallet-pay-sent').textContent).toBe(i18n.t('wallet.tonPay.sent'));
  });

  it('a payment declined in the wallet is said plainly, and the player may try again', async () => {
    fakeApi({ 'POST /wallet/ton-connect/deposit-transaction': () => ({ body: TRANSACTION }) });
    wallet.outcome = { status: 'rejected' };
    render(<PayFromWallet trackerId="trk-1" currency="TON" />);
    type('1.5');
    fireEvent.click(button());
    const error = await screen.findByTestId('wallet-pay-error');
    expect(error.textContent).toBe('You cancelled the payment in the wallet. Nothing was sent.');
    expect(screen.queryByTestId('wallet-pay-sent')).toBeNull();
    expect(button().disabled).toBe(false);
  });

  it('any other wallet failure has its own plain text', async () => {
    fakeApi({ 'POST /wallet/ton-connect/deposit-transaction': () => ({ body: TRANSACTION }) });
    wallet.outcome = { status: 'failed', reason: 'bridge gone' };
    render(<PayFromWallet trackerId="trk-1" currency="TON" />);
    type('2');
    fireEvent.click(button());
    expect((await screen.findByTestId('wallet-pay-error')).textContent).toBe(i18n.t('wallet.tonPay.failed'));
  });

  it('an api refusal shows its catalogue text, and the wallet is not asked', async () => {
    fakeApi({
      'POST /wallet/ton-connect/deposit-transaction': () => ({
        status: 503,
        body: { code: 'ton_api_unavailable', message: 'x' },
      }),
    });
    render(<PayFromWallet trackerId="trk-1" currency="USDTTON" />);
    type('10');
    fireEvent.click(button());
    expect((await screen.findByTestId('wallet-pay-error')).textContent).toBe(
      i18n.t('errors.ton_api_unavailable'),
    );
    expect(wallet.sent).toEqual([]);
  });

  it('TON: up to 4 decimals; in Russian the amount shows with a decimal comma', async () => {
    await act(() => i18n.changeLanguage('ru'));
    render(<PayFromWallet trackerId="trk-1" currency="TON" />);
    type('1,2345');
    expect((screen.getByTestId('wallet-pay-amount') as HTMLInputElement).value).toBe('1,2345');
    type('1,23456');
    expect((screen.getByTestId('wallet-pay-amount') as HTMLInputElement).value).toBe('1,2345');
    await waitFor(() => expect(button().textContent).toBe('Оплатить 1,2345 TON'));
  });
});
