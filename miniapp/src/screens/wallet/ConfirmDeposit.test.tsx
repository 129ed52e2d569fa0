// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { paymentMethods } from '../../app/payments';
import { confirmPayment, fakeApi, methods, signIn } from '../../test-support/fake-api';
import ConfirmDeposit from './ConfirmDeposit';

// The TON Connect block has its own tests (ton-connect/PayFromWallet.test.tsx); here only where it shows.
vi.mock('./TonPayFromWallet', () => ({
  TonPayFromWallet: ({ trackerId, currency }: { trackerId: string; currency: string }) => (
    <div data-testid="wallet-pay-slot">{`${trackerId} ${currency}`}</div>
  ),
}));

const NOW = Date.parse('2026-03-01T12:00:00Z');
const ADDRESS = 'UQ' + 'a'.repeat(46);

/** The page for an address valid 90 s more (unless told otherwise). */
function page(over: { expiresAt?: string; memo?: string | null; trackerId?: string } = {}) {
  return (
    <ConfirmDeposit
      address={ADDRESS}
      trackerId={over.trackerId ?? 'trk-1'}
      currency="USDTTON"
      expiresAt={over.expiresAt ?? new Date(Date.now() + 90_000).toISOString()}
      memo={over.memo ?? null}
    />
  );
}

beforeEach(() => signIn({ balance: 20 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the deposit address countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    paymentMethods.set(methods({ depositCurrencies: ['USDTTON'] }));
  });

  it('runs to the address end time given by the server, not a fixed hour', () => {
    render(page());
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('01:30');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('01:29');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('00:29');
  });

  it('at zero hides the address, says it expired and offers a new one', () => {
    render(page());
    expect(screen.getByTestId('deposit-address').textContent).toBe(ADDRESS);
    act(() => vi.advanceTimersByTime(90_000));
    expect(screen.getByTestId('deposit-countdown').textContent).toBe(i18n.t('wallet.expiredShort'));
    expect(screen.getByTestId('deposit-expired').textContent).toContain(i18n.t('wallet.addressExpired'));
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('copy-address')).toBeNull();
    expect(screen.queryByTestId('wallet-pay-slot')).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-new-address'));
    expect(currentPage.get()).toEqual({ name: 'deposit' });
  });

  it('offers paying this order from the TON Connect wallet while the address is valid', () => {
    render(page({ trackerId: 'trk-9' }));
    expect(screen.getByTestId('wallet-pay-slot').textContent).toBe('trk-9 USDTTON');
  });

  it('is expired at once when the end time has already passed', () => {
    render(page({ expiresAt: new Date(NOW - 1_000).toISOString() }));
    expect(screen.getByTestId('deposit-expired')).toBeTruthy();
  });

  it('shows the memo the transfer must carry, when there is one', () => {
    render(page({ memo: '104729' }));
    expect(screen.getByTestId('memo-copy').textContent).toBe('104729');
    expect(screen.getByTestId('deposit-memo').textContent).toContain(i18n.t('wallet.memoRequired'));
  });

  it('shows no memo when there is none', () => {
    render(page());
    expect(screen.queryByTestId('deposit-memo')).toBeNull();
  });
});

describe('a confirmed payment on the address page', () => {
  it('shows what was credited, the message, and leads back to the lobby', () => {
    paymentMethods.set(methods({ depositCurrencies: ['USDTTON'] }));
    render(page());
    act(() => confirmPayment(69.8, 'Пополнение на $50.30 зачислено'));
    expect(screen.getByTestId('credited-amount').textContent).toBe(
      i18n.t('wallet.credited', { amount: '49,80\u00a0$' }),
    );
    expect(screen.getByTestId('credited-message').textContent).toBe('Пополнение на $50.30 зачислено');
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    fireEvent.click(screen.getByTestId('to-lobby'));
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
  });

  it('ignores a balance change without a message (a game, not a payment)', () => {
    paymentMethods.set(methods({ depositCurrencies: ['USDTTON'] }));
    render(page());
    act(() => {
      window.dispatchEvent(new CustomEvent('balanceUpdated', { detail: { balance: 5 } }));
    });
    expect(screen.queryByTestId('deposit-credited')).toBeNull();
    expect(screen.getByTestId('deposit-address')).toBeTruthy();
  });
});

describe('the simulate-payment panel', () => {
  it('is not there on a real server', async () => {
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ depositCurrencies: ['USDTTON'] }) }) });
    render(page());
    // Once the methods are in and drawn.
    await act(() => vi.waitFor(() => expect(paymentMethods.get()).not.toBeNull()));
    expect(screen.queryByTestId('sandbox-panel')).toBeNull();
  });

  it('in the sandbox pays the tracker id (10 by default) and says what the sandbox answered', async () => {
    const { requests } = fakeApi({
      'GET /finances/methods': () => ({
        body: methods({ depositCurrencies: ['USDTTON'], sandbox: true }),
      }),
      'POST /sandbox/pay': () => ({ body: { ok: true, status: 'paid' } }),
    });
    render(page({ trackerId: 'trk-42' }));
    const panel = await screen.findByTestId('sandbox-panel');
    expect(panel.textContent).toContain(i18n.t('wallet.sandboxBadge'));
    expect((screen.getByTestId('sandbox-amount') as HTMLInputElement).value).toBe('10');
    fireEvent.change(screen.getByTestId('sandbox-amount'), { target: { value: '3.5' } });
    fireEvent.click(screen.getByTestId('sandbox-pay'));

    expect((await screen.findByTestId('sandbox-result')).textContent).toBe(
      i18n.t('wallet.sandboxSent', { status: 'paid' }),
    );
    const pay = requests.find((r) => r.path === '/sandbox/pay');
    expect(pay?.body).toEqual({ trackerId: 'trk-42', amount: 3.5 });
    expect(pay?.headers.Authorization).toBeUndefined();
  });

  it('in the sandbox shows a refusal by its code', async () => {
    fakeApi({
      'GET /finances/methods': () => ({
        body: methods({ depositCurrencies: ['USDTTON'], sandbox: true }),
      }),
      'POST /sandbox/pay': () => ({ status: 429, body: { code: 'rate_limited', message: 'slow down' } }),
    });
    render(page());
    fireEvent.click(await screen.findByTestId('sandbox-pay'));
    expect((await screen.findByTestId('sandbox-error')).textContent).toBe(i18n.t('errors.rate_limited'));
  });
});
