// @vitest-environment jsdom
/**
 * Deposits and the player's own deposit limit: a limit is offered before the first
 * deposit, and a deposit over the limit is refused with what may still be deposited.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { fakeApi, methods, signIn, type FakeRoutes } from '../../test-support/fake-api';
import { protectionState } from '../../protection/fixtures';
import { protection } from '../../protection/store';
import Deposit from '../wallet/Deposit';

const limited = () => {
  const p = protectionState();
  p.limits.deposit.daily = { amount: 20, pending: null };
  return p;
};

function routes(over: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /finances/methods': () => ({ body: methods({ invoice: true, depositCurrencies: ['USDTTON'] }) }),
    'GET /protection': () => ({ body: protectionState() }),
    'GET /finances/history/1001': () => ({ body: [] }),
    ...over,
  };
}

beforeEach(() => {
  signIn({ balance: 0 });
  setLanguage('en');
  protection.set(null);
  localStorage.clear();
  currentPage.set({ name: 'deposit' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

describe('the deposit limit offer', () => {
  it('is made before the first deposit and leads to the limits', async () => {
    fakeApi(routes());
    render(<Deposit />);
    await screen.findByTestId('deposit-limit-offer');
    fireEvent.click(screen.getByTestId('deposit-limit-offer-set'));
    expect(currentPage.get()).toEqual({ name: 'protection' });
  });

  it('is not made again once answered with "Not now"', async () => {
    fakeApi(routes());
    const first = render(<Deposit />);
    fireEvent.click(await screen.findByTestId('deposit-limit-offer-skip'));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
    first.unmount();
    render(<Deposit />);
    await screen.findByTestId('deposit-USDTTON');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
  });

  it('is not made to a player who already deposited or already has a limit', async () => {
    const success = {
      type: 'deposit',
      tracker_id: 't1',
      amount: 10,
      status: 'success',
      createdAt: '2026-11-01T00:00:00Z',
      currency: 'USDTTON',
    };
    fakeApi(routes({ 'GET /finances/history/1001': () => ({ body: [success] }) }));
    const one = render(<Deposit />);
    await screen.findByTestId('deposit-USDTTON');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
    one.unmount();

    fakeApi(routes({ 'GET /protection': () => ({ body: limited() }) }));
    render(<Deposit />);
    await screen.findByTestId('deposit-USDTTON');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
  });
});

describe('a deposit over the limit', () => {
  const refusal = (remaining: number) => ({
    status: 403,
    body: { code: 'deposit_limit_exceeded', message: 'over the limit', remaining },
  });

  it('is refused with the remaining amount (an invoice)', async () => {
    fakeApi(
      routes({ 'GET /protection': () => ({ body: limited() }), 'POST /finances/invoice': () => refusal(15) }),
    );
    render(<Deposit />);
    fireEvent.click(await screen.findByTestId('deposit-tab-more'));
    fireEvent.change(screen.getByTestId('invoice-amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('invoice-pay'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(
      'This deposit is over your deposit limit. You can deposit up to $15.00 more for now.',
    );
  });

  it('is refused with the remaining amount for an address too, and in Russian', async () => {
    setLanguage('ru');
    fakeApi(routes({ 'POST /finances/transaction': () => refusal(7.5) }));
    render(<Deposit />);
    fireEvent.click(await screen.findByTestId('deposit-USDTTON'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(
      'Это пополнение превышает ваш лимит. Сейчас можно пополнить ещё не более чем на 7,50\u00a0$.',
    );
  });

  it('says the limit is used up when nothing remains', async () => {
    fakeApi(routes({ 'POST /finances/transaction': () => refusal(0) }));
    render(<Deposit />);
    fireEvent.click(await screen.findByTestId('deposit-USDTTON'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe(
      'You have reached your deposit limit. You can deposit again when the period ends.',
    );
  });
});
