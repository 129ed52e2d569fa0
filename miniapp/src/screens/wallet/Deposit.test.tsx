// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { confirmPayment, fakeApi, methods, signIn } from '../../test-support/fake-api';
import Deposit from './Deposit';

const HOUR_AHEAD = () => new Date(Date.now() + 3_600_000).toISOString();

beforeEach(() => signIn({ balance: 0 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the deposit page offers what the server offers', () => {
  it('shows the cryptocurrency tab with only the currencies configured', async () => {
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ depositCurrencies: ['USDTTON'] }) }) });
    render(<Deposit />);
    expect(await screen.findByTestId('deposit-tab-crypto')).toBeTruthy();
    expect(screen.queryByTestId('deposit-tab-more')).toBeNull();
    expect(screen.getByTestId('deposit-USDTTON')).toBeTruthy();
    expect(screen.queryByTestId('deposit-TON')).toBeNull();
  });

  it('shows only the other tab (an invoice) when no currency is configured', async () => {
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ invoice: true }) }) });
    render(<Deposit />);
    expect(await screen.findByTestId('deposit-tab-more')).toBeTruthy();
    expect(screen.queryByTestId('deposit-tab-crypto')).toBeNull();
    expect(screen.getByTestId('invoice-form')).toBeTruthy();
  });

  it('shows both tabs when both are configured, the currencies first', async () => {
    fakeApi({
      'GET /finances/methods': () => ({
        body: methods({ depositCurrencies: ['USDTTON', 'TON'], invoice: true }),
      }),
    });
    render(<Deposit />);
    await screen.findByTestId('deposit-tab-more');
    expect(screen.getByTestId('deposit-TON')).toBeTruthy();
    fireEvent.click(screen.getByTestId('deposit-tab-more'));
    expect(screen.getByTestId('invoice-form')).toBeTruthy();
  });

  it('says deposits are not available, with no tabs, when nothing is configured', async () => {
    fakeApi({ 'GET /finances/methods': () => ({ body: methods() }) });
    render(<Deposit />);
    expect((await screen.findByTestId('deposit-unavailable')).textContent).toBe(
      i18n.t('wallet.depositUnavailable'),
    );
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('goes to the address with its end of validity and memo', async () => {
    const expiresAt = HOUR_AHEAD();
    fakeApi({
      'GET /finances/methods': () => ({ body: methods({ depositCurrencies: ['TON'] }) }),
      'POST /finances/transaction': () => ({
        body: { address: 'EQaddr', trackerId: 'trk-1', expiresAt, memo: '777' },
      }),
    });
    render(<Deposit />);
    fireEvent.click(await screen.findByTestId('deposit-TON'));
    await vi.waitFor(() => expect(currentPage.get().name).toBe('confirmDeposit'));
    expect(currentPage.get()).toEqual({
      name: 'confirmDeposit',
      address: 'EQaddr',
      trackerId: 'trk-1',
      currency: 'TON',
      expiresAt,
      memo: '777',
    });
  });
});

describe('paying an invoice (the other tab)', () => {
  it('asks for at least $5 and shows the 1 % fee and what the balance gets', async () => {
    fakeApi({ 'GET /finances/methods': () => ({ body: methods({ invoice: true }) }) });
    render(<Deposit />);
    const input = await screen.findByTestId('invoice-amount');
    fireEvent.change(input, { target: { value: '4.99' } });
    expect((screen.getByTestId('invoice-pay') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('invoice-below-minimum').textContent).toBe(
      i18n.t('wallet.belowMinDeposit', { amount: '5,00\u00a0$' }),
    );
    fireEvent.change(input, { target: { value: '10' } });
    expect(screen.getByTestId('invoice-fee').textContent).toBe('0,10\u00a0$');
    expect(screen.getByTestId('invoice-net').textContent).toBe('9,90\u00a0$');
    expect((screen.getByTestId('invoice-pay') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(input, { target: { value: '10.123' } });
    expect((input as HTMLInputElement).value).toBe('10');
  });

  it('creates the invoice, opens its page, waits, and turns to paid on the confirmation', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const listens = vi.spyOn(window, 'addEventListener');
    const { requests } = fakeApi({
      'GET /finances/methods': () => ({ body: methods({ invoice: true }) }),
      'POST /finances/invoice': () => ({
        body: {
          trackerId: 'inv_0123456789abcdefXYZ',
          payUrl: 'http://localhost:3000/api/v1/sandbox/invoice/abc',
          amount: 10,
          expiresAt: HOUR_AHEAD(),
        },
      }),
    });
    render(<Deposit />);
    fireEvent.change(await screen.findByTestId('invoice-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('invoice-pay'));

    await screen.findByTestId('invoice-waiting');
    expect(requests.find((r) => r.path === '/finances/invoice')?.body).toEqual({ amount: 10 });
    expect(open).toHaveBeenCalledWith(
      'http://localhost:3000/api/v1/sandbox/invoice/abc',
      '_blank',
      'noopener',
    );
    expect(screen.getByTestId('invoice-amount-due').textContent).toBe('10,00\u00a0$');
    expect(screen.getByTestId('tracker-copy').textContent).toBe('inv_0123...bcdefXYZ');
    // An hour ahead, less the seconds a loaded machine took to get here.
    expect(screen.getByTestId('invoice-countdown').textContent).toMatch(/^(60:00|59:[0-5]\d)$/);

    // The page hears payments from an effect, which a loaded machine may run a little after the
    // page shows: the confirmation is sent once it listens.
    await vi.waitFor(() => expect(listens).toHaveBeenCalledWith('balanceUpdated', expect.any(Function)));
    act(() => confirmPayment(9.9, 'Deposit of $10.00 confirmed'));
    expect(screen.getByTestId('credited-amount').textContent).toBe(
      i18n.t('wallet.credited', { amount: '9,90\u00a0$' }),
    );
    expect(screen.getByTestId('credited-message').textContent).toBe('Deposit of $10.00 confirmed');
    fireEvent.click(screen.getByTestId('to-lobby'));
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
  });

  it('shows why the invoice was refused', async () => {
    fakeApi({
      'GET /finances/methods': () => ({ body: methods({ invoice: true }) }),
      'POST /finances/invoice': () => ({
        status: 503,
        body: { code: 'payment_provider_unavailable', message: 'provider down' },
      }),
    });
    render(<Deposit />);
    fireEvent.change(await screen.findByTestId('invoice-amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('invoice-pay'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(
      i18n.t('errors.payment_provider_unavailable'),
    );
  });
});
