// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { toasts } from '../../ui/toast';
import { fakeApi, methods, signIn, type FakeReply } from '../../test-support/fake-api';
import ConfirmWithdraw from './ConfirmWithdraw';
import Withdraw from './Withdraw';

// TON Connect's block is WalletLink.test.tsx's subject; here it stays out of the way.
vi.mock('./TonWalletLink', () => ({ TonWalletLink: () => null }));

const ADDRESS = 'UQ' + 'b'.repeat(46);
const accepted = (review = false): FakeReply => ({
  body: { trackerId: 'wd-1', amount: 25, status: 'pending', review },
});

beforeEach(() => {
  toasts.set([]);
  currentPage.set({ name: 'dashboard' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('confirming a withdrawal', () => {
  beforeEach(() => signIn({ balance: 100, walletAddress: ADDRESS }));

  it('sends the same Idempotency-Key when the player retries after a lost answer', async () => {
    let tries = 0;
    const { requests } = fakeApi({
      'POST /finances/transaction': () => (++tries === 1 ? 'network' : accepted()),
      'GET /users/profile': () => ({ body: { telegramId: '1001', balance: 75, walletAddress: ADDRESS } }),
    });
    render(<ConfirmWithdraw amount={25} method="address" />);
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(i18n.t('errors.withdraw_failed'));

    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await vi.waitFor(() => expect(currentPage.get()).toEqual({ name: 'depositHistory' }));

    const sent = requests.filter((r) => r.path === '/finances/transaction');
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((r) => r.headers['Idempotency-Key']);
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second).toBe(first);
    expect(sent[0]?.body).toEqual({
      telegramId: '1001',
      currency: 'USDTTON',
      type: 'withdraw',
      amount: 25,
      method: 'address',
      receiver: ADDRESS,
    });
    expect(toasts.get().map((t) => t.text)).toContain(i18n.t('wallet.withdrawCreated'));
  });

  it('sends one request for a double tap', async () => {
    const { requests } = fakeApi({ 'POST /finances/transaction': () => accepted() });
    render(<ConfirmWithdraw amount={25} method="address" />);
    const button = screen.getByTestId('withdraw-confirm');
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(currentPage.get().name).toBe('depositHistory'));
    expect(requests.filter((r) => r.path === '/finances/transaction')).toHaveLength(1);
  });

  it('makes a new key for a new confirmation screen', async () => {
    const { requests } = fakeApi({ 'POST /finances/transaction': () => accepted() });
    const withdrawals = () => requests.filter((r) => r.path === '/finances/transaction');
    for (let i = 0; i < 2; i++) {
      render(<ConfirmWithdraw amount={25} method="address" />);
      fireEvent.click(screen.getByTestId('withdraw-confirm'));
      await vi.waitFor(() => expect(withdrawals()).toHaveLength(i + 1));
      cleanup();
    }
    const [first, second] = withdrawals().map((r) => r.headers['Idempotency-Key']);
    expect(first).not.toBe(second);
  });

  it('says when the withdrawal waits for a check by the operator', async () => {
    fakeApi({ 'POST /finances/transaction': () => accepted(true) });
    render(<ConfirmWithdraw amount={25} method="address" />);
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await vi.waitFor(() => expect(currentPage.get().name).toBe('depositHistory'));
    // One short toast: the history page it opens says "Being reviewed" on the row itself.
    expect(toasts.get().map((t) => [t.kind, t.text])).toEqual([['success', i18n.t('wallet.withdrawReview')]]);
  });

  it('shows a refusal by its code', async () => {
    fakeApi({
      'POST /finances/transaction': () => ({
        status: 503,
        body: { code: 'payment_provider_unavailable', message: 'down' },
      }),
    });
    render(<ConfirmWithdraw amount={25} method="address" />);
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(
      i18n.t('errors.payment_provider_unavailable'),
    );
    expect(currentPage.get().name).toBe('dashboard');
  });

  it('says the balance is short in the words of a withdrawal, not of a stake', async () => {
    fakeApi({
      'POST /finances/transaction': () => ({
        status: 422,
        body: { code: 'insufficientBalance', message: 'insufficient' },
      }),
    });
    render(<ConfirmWithdraw amount={25} method="address" />);
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(
      i18n.t('wallet.withdrawInsufficient'),
    );
  });

  it('to @CryptoBot sends no address and shows none', async () => {
    const { requests } = fakeApi({ 'POST /finances/transaction': () => accepted() });
    render(<ConfirmWithdraw amount={25} method="cryptobot" />);
    expect(screen.queryByTestId('confirm-address')).toBeNull();
    expect(screen.getByTestId('confirm-method').textContent).toBe(i18n.t('wallet.methodCryptobot'));
    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await vi.waitFor(() => expect(currentPage.get().name).toBe('depositHistory'));
    expect(requests.find((r) => r.path === '/finances/transaction')?.body).toEqual({
      telegramId: '1001',
      currency: 'USDTTON',
      type: 'withdraw',
      amount: 25,
      method: 'cryptobot',
    });
  });
});

describe('the withdraw form', () => {
  it('says why Check is off: below the $10 minimum, or above the balance', async () => {
    signIn({ balance: 40, walletAddress: ADDRESS });
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ withdrawMethods: ['address'] }) }) });
    render(<Withdraw />);
    const input = screen.getByTestId('withdraw-amount');
    const check = () => (screen.getByTestId('withdraw-check') as HTMLButtonElement).disabled;
    await vi.waitFor(() => expect(screen.getByText(i18n.t('wallet.memoWarning'))).toBeTruthy());

    expect(screen.queryByTestId('withdraw-block-reason')).toBeNull();
    fireEvent.change(input, { target: { value: '9.5' } });
    expect(check()).toBe(true);
    expect(screen.getByTestId('withdraw-block-reason').textContent).toBe(
      i18n.t('wallet.belowMinWithdraw', { amount: '10,00\u00a0$' }),
    );
    fireEvent.change(input, { target: { value: '40.01' } });
    expect(check()).toBe(true);
    expect(screen.getByTestId('withdraw-block-reason').textContent).toBe(
      i18n.t('wallet.aboveBalance', { amount: '40,00\u00a0$' }),
    );
    fireEvent.change(input, { target: { value: '40' } });
    expect(check()).toBe(false);
    expect(screen.queryByTestId('withdraw-block-reason')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-check'));
    expect(currentPage.get()).toEqual({ name: 'confirmWithdraw', amount: 40, method: 'address' });
  });

  it('says before anything is typed when the balance is below the minimum withdrawal', async () => {
    signIn({ balance: 4.5, walletAddress: ADDRESS });
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ withdrawMethods: ['address'] }) }) });
    render(<Withdraw />);
    await vi.waitFor(() => expect(screen.getByText(i18n.t('wallet.memoWarning'))).toBeTruthy());
    expect((screen.getByTestId('withdraw-check') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('withdraw-block-reason').textContent).toBe(
      i18n.t('wallet.balanceBelowMinWithdraw', { amount: '10,00\u00a0$' }),
    );
    expect(screen.getByTestId('withdraw-available').textContent).toBe('4,50\u00a0$');
  });

  it('offers @CryptoBot when the server does: no address needed', async () => {
    signIn({ balance: 40, walletAddress: null });
    fakeApi({
      'GET /finances/methods': () => ({ body: methods({ withdrawMethods: ['address', 'cryptobot'] }) }),
    });
    render(<Withdraw />);
    // The address comes first; without one the page asks for it.
    await screen.findByTestId('withdraw-needs-address');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '15' } });
    expect((screen.getByTestId('withdraw-check') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('withdraw-method-cryptobot'));
    expect(screen.queryByTestId('withdraw-needs-address')).toBeNull();
    expect(screen.getByTestId('withdraw-cryptobot-note').textContent).toContain(
      i18n.t('wallet.cryptobotNote'),
    );
    fireEvent.click(screen.getByTestId('withdraw-check'));
    expect(currentPage.get()).toEqual({ name: 'confirmWithdraw', amount: 15, method: 'cryptobot' });
  });

  it('leads to adding an address from the address way', async () => {
    signIn({ balance: 40, walletAddress: null });
    fakeApi({
      'GET /finances/methods': () => ({ body: methods({ withdrawMethods: ['address', 'cryptobot'] }) }),
    });
    render(<Withdraw />);
    fireEvent.click(await screen.findByTestId('wallet-add'));
    expect(currentPage.get()).toEqual({ name: 'addWallet' });
  });

  it('says withdrawals are not available when the server offers no way', async () => {
    signIn({ balance: 40 });
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ withdrawMethods: [] }) }) });
    render(<Withdraw />);
    expect((await screen.findByTestId('withdraw-unavailable')).textContent).toBe(
      i18n.t('wallet.withdrawUnavailable'),
    );
  });
});
