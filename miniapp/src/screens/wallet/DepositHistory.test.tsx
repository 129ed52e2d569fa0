// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { TransactionItem } from '@svara/core';
import { i18n } from '../../i18n';
import { api } from '../../api/http';
import { signIn } from '../../test-support/fake-api';
import DepositHistory, { HISTORY_POLL_MS } from './DepositHistory';

function item(over: Partial<TransactionItem>): TransactionItem {
  return {
    type: 'deposit',
    tracker_id: 'trk',
    amount: 10,
    status: 'success',
    createdAt: '2026-03-01T12:00:00Z',
    currency: 'USDTTON',
    ...over,
  };
}

const EVERY_STATUS: TransactionItem[] = [
  item({ tracker_id: 'a-pending', status: 'pending', amount: 0, expiresAt: '2026-03-01T13:00:00Z' }),
  item({ tracker_id: 'b-success', status: 'success', amount: 10, fee: 0.1 }),
  item({ tracker_id: 'c-canceled', type: 'withdrawal', status: 'canceled', amount: 25 }),
  item({ tracker_id: 'd-expired', status: 'expired', amount: 0 }),
  item({ tracker_id: 'e-below', status: 'below_minimum', amount: 3 }),
];

/** Lets the answered promises land and React draw them. */
const settle = () => act(async () => {});

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the transaction history', () => {
  it('labels and colours every status', async () => {
    vi.spyOn(api, 'history').mockResolvedValue(EVERY_STATUS);
    render(<DepositHistory />);
    const rows = await screen.findAllByTestId('history-item');
    const seen = rows.map((row) => {
      const status = within(row).getByTestId('history-status');
      return [row.dataset.status, status.textContent, status.dataset.tone];
    });
    expect(seen).toEqual([
      ['pending', i18n.t('wallet.status.pending'), 'orange'],
      ['success', i18n.t('wallet.status.success'), 'green'],
      ['canceled', i18n.t('wallet.status.canceled'), 'red'],
      ['expired', i18n.t('wallet.status.expired'), 'grey'],
      ['below_minimum', i18n.t('wallet.status.below_minimum'), 'rose'],
    ]);
  });

  it('says a withdrawal is being reviewed, and why an operator declined one', async () => {
    vi.spyOn(api, 'history').mockResolvedValue([
      item({ tracker_id: 'w-review', type: 'withdrawal', status: 'pending', amount: 21, review: true }),
      item({
        tracker_id: 'w-declined',
        type: 'withdrawal',
        status: 'canceled',
        amount: 30,
        rejection: { preset: 'address', note: 'Use a wallet you own.' },
      }),
      item({ tracker_id: 'w-sending', type: 'withdrawal', status: 'pending', amount: 5 }),
    ]);
    render(<DepositHistory />);
    const [review, declined, sending] = await screen.findAllByTestId('history-item');
    expect(within(review!).getByTestId('history-status').textContent).toBe(i18n.t('wallet.inReview'));
    expect(within(review!).getByTestId('history-review').textContent).toBe(i18n.t('wallet.reviewHint'));
    expect(within(declined!).getByTestId('history-rejection').textContent).toBe(
      i18n.t('wallet.rejectedBecause', {
        reason: `${i18n.t('wallet.rejectReasons.address')} Use a wallet you own.`,
      }),
    );
    expect(within(sending!).getByTestId('history-status').textContent).toBe(i18n.t('wallet.status.pending'));
    expect(within(sending!).queryByTestId('history-review')).toBeNull();
  });

  it('shows the fee on a credited deposit, and says a deposit below the minimum was not credited', async () => {
    vi.spyOn(api, 'history').mockResolvedValue(EVERY_STATUS);
    render(<DepositHistory />);
    const [pending, credited, , expired, below] = await screen.findAllByTestId('history-item');
    expect(within(credited!).getByTestId('history-fee').textContent).toBe(
      i18n.t('wallet.feeLine', { fee: '0,10\u00a0$', net: '9,90\u00a0$' }),
    );
    expect(within(below!).getByTestId('history-below-minimum').textContent).toBe(
      i18n.t('wallet.belowMinimumHint', { amount: '5,00\u00a0$' }),
    );
    expect(within(pending!).getByTestId('history-valid-until')).toBeTruthy();
    // An address that received nothing shows no amount.
    expect(pending!.textContent).toContain('—');
    expect(expired!.textContent).toContain('—');
    expect(screen.getAllByTestId('history-fee')).toHaveLength(1);
  });

  it('asks again every 3 s while something is pending, and stops once nothing is', async () => {
    vi.useFakeTimers();
    const history = vi
      .spyOn(api, 'history')
      .mockResolvedValueOnce([item({ status: 'pending', amount: 0 })])
      .mockResolvedValueOnce([item({ status: 'pending', amount: 0 })])
      .mockResolvedValue([item({ status: 'success' })]);
    render(<DepositHistory />);
    await settle();
    expect(history).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS - 1));
    expect(history).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(history).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    expect(history).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('history-status').textContent).toBe(i18n.t('wallet.status.success'));

    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 5));
    expect(history).toHaveBeenCalledTimes(3);
  });

  it('does not ask when nothing is pending, and stops asking when the page closes', async () => {
    vi.useFakeTimers();
    const quiet = vi.spyOn(api, 'history').mockResolvedValue([item({ status: 'success' })]);
    const { unmount } = render(<DepositHistory />);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 3));
    expect(quiet).toHaveBeenCalledTimes(1);

    quiet.mockResolvedValue([item({ status: 'pending', amount: 0 })]);
    window.dispatchEvent(new CustomEvent('balanceUpdated', { detail: { balance: 1 } }));
    await settle();
    expect(quiet).toHaveBeenCalledTimes(2);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 3));
    expect(quiet).toHaveBeenCalledTimes(2);
  });

  it('asks again at once on a balance event', async () => {
    const history = vi.spyOn(api, 'history').mockResolvedValue([]);
    render(<DepositHistory />);
    await screen.findByTestId('history-empty');
    history.mockResolvedValue([item({ status: 'success' })]);
    act(() => {
      window.dispatchEvent(new CustomEvent('balanceUpdated', { detail: { balance: 9.9, message: 'ok' } }));
    });
    expect(await screen.findByTestId('history-item')).toBeTruthy();
  });

  it('keeps the list shown when a refresh fails', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'history')
      .mockResolvedValueOnce([item({ status: 'pending', amount: 0 })])
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue([item({ status: 'success' })]);
    render(<DepositHistory />);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    expect(screen.queryByTestId('history-error')).toBeNull();
    expect(screen.getByTestId('history-status').textContent).toBe(i18n.t('wallet.status.pending'));
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    expect(screen.getByTestId('history-status').textContent).toBe(i18n.t('wallet.status.success'));
  });
});
