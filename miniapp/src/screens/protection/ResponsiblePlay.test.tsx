// @vitest-environment jsdom
/**
 * "Responsible play": the limits with what is used, pending raises with when they apply,
 * editing a limit, the reality check's interval, and a cool-off that needs a clear confirmation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Protection } from '@svara/core';
import { i18n, setLanguage } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { protectionState } from '../../protection/fixtures';
import { protection } from '../../protection/store';
import { toasts } from '../../ui/toast';
import ResponsiblePlay from './ResponsiblePlay';

const TOMORROW = '2026-11-27T14:00:00.000Z';

function withLimits(): Protection {
  const p = protectionState();
  p.limits.deposit.daily = { amount: 20, pending: { amount: 50, effectiveAt: TOMORROW } };
  p.limits.deposit.monthly = { amount: 300, pending: null };
  p.limits.loss.weekly = { amount: 100, pending: { amount: null, effectiveAt: TOMORROW } };
  p.limits.sessionMinutes = { amount: 90, pending: null };
  p.usage.deposited = { daily: 5, weekly: 5, monthly: 125.5 };
  p.usage.lost = { daily: 10, weekly: 30 };
  p.usage.playedMinutes = 42;
  return p;
}

beforeEach(() => {
  signIn();
  setLanguage('en');
  protection.set(null);
  toasts.set([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

describe('the limits', () => {
  it('shows each limit, what is used of it, and a pending raise or removal with when it applies', async () => {
    fakeApi({ 'GET /protection': () => ({ body: withLimits() }) });
    render(<ResponsiblePlay />);
    await screen.findByTestId('deposit-limits');
    expect(screen.getByTestId('limit-deposit-daily-amount').textContent).toBe('$20.00');
    expect(screen.getByTestId('limit-deposit-daily-used').textContent).toBe('$5.00 of $20.00');
    expect(screen.getByTestId('limit-deposit-daily-pending').textContent).toMatch(
      /^\$50\.00 from Nov 27, 2026, \d{1,2}:00 [AP]M$/,
    );
    expect(screen.getByTestId('limit-deposit-weekly-amount').textContent).toBe('No limit');
    expect(screen.queryByTestId('limit-deposit-weekly-used')).toBeNull();
    expect(screen.getByTestId('limit-deposit-monthly-used').textContent).toBe('$125.50 of $300.00');
    expect(screen.getByTestId('limit-loss-weekly-pending').textContent).toMatch(
      /^No limit from Nov 27, 2026/,
    );
    expect(screen.getByTestId('limit-session-amount').textContent).toBe('90 min');
    expect(screen.getByTestId('limit-session-used').textContent).toBe('42 min of 90 min');
  });

  it('lowers a deposit limit: sends the period and the amount, shows the new state and that it applies now', async () => {
    const after = withLimits();
    after.limits.deposit.daily = { amount: 10, pending: null };
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: withLimits() }),
      'POST /protection/limits': () => ({ body: after }),
    });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('limit-deposit-daily'));
    const input = screen.getByTestId('limit-input') as HTMLInputElement;
    expect(input.value).toBe('20.00');
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('limit-save'));
    await vi.waitFor(() => expect(screen.queryByTestId('limit-sheet')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'deposit',
      period: 'daily',
      amount: 10,
    });
    expect(screen.getByTestId('limit-deposit-daily-amount').textContent).toBe('$10.00');
    expect(toasts.get().map((t) => t.text)).toContain(i18n.t('protection.edit.appliedNow'));
  });

  it('raises a limit: says it applies only after 24 hours, at the time the server set', async () => {
    const after = withLimits();
    after.limits.loss.daily = { amount: 25, pending: { amount: 80, effectiveAt: TOMORROW } };
    const before = withLimits();
    before.limits.loss.daily = { amount: 25, pending: null };
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: before }),
      'POST /protection/limits': () => ({ body: after }),
    });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('limit-loss-daily'));
    expect(screen.getByTestId('limit-sheet').textContent).toContain(i18n.t('protection.edit.rule'));
    fireEvent.change(screen.getByTestId('limit-input'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('limit-save'));
    await vi.waitFor(() => expect(screen.queryByTestId('limit-sheet')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'loss',
      period: 'daily',
      amount: 80,
    });
    expect(
      toasts
        .get()
        .map((t) => t.text)
        .join(),
    ).toMatch(/^The change applies on Nov 27, 2026/);
    expect(screen.getByTestId('limit-loss-daily-amount').textContent).toBe('$25.00');
  });

  it('removes a limit with null, and sets the session minutes as whole minutes', async () => {
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: withLimits() }),
      'POST /protection/limits': () => ({ body: withLimits() }),
    });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('limit-deposit-monthly'));
    fireEvent.click(screen.getByTestId('limit-remove'));
    await vi.waitFor(() => expect(screen.queryByTestId('limit-sheet')).toBeNull());
    fireEvent.click(screen.getByTestId('limit-session'));
    fireEvent.change(screen.getByTestId('limit-input'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('limit-save'));
    // 2000 is cut to 4 digits but is over a day: refused before it is sent.
    expect(screen.getByTestId('limit-error').textContent).toBe(i18n.t('protection.edit.invalidMinutes'));
    fireEvent.change(screen.getByTestId('limit-input'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('limit-save'));
    await vi.waitFor(() => expect(screen.queryByTestId('limit-sheet')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { kind: 'deposit', period: 'monthly', amount: null },
      { kind: 'session', amount: 45 },
    ]);
  });

  it('shows the server’s refusal in the sheet and keeps it open', async () => {
    fakeApi({
      'GET /protection': () => ({ body: withLimits() }),
      'POST /protection/limits': () => ({
        status: 403,
        body: { code: 'agreement_required', message: 'Accept the user agreement first.' },
      }),
    });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('limit-deposit-weekly'));
    fireEvent.change(screen.getByTestId('limit-input'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('limit-save'));
    expect((await screen.findByTestId('limit-error')).textContent).not.toBe('');
    expect(screen.getByTestId('limit-sheet')).toBeTruthy();
  });
});

describe('the reality check', () => {
  it('shows the chosen interval and sends a new one', async () => {
    const after = protectionState();
    after.limits.realityCheckMinutes = 30;
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: protectionState() }),
      'POST /protection/reality-check': () => ({ body: after }),
    });
    render(<ResponsiblePlay />);
    expect((await screen.findByTestId('reality-check-60')).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('reality-check-30'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('reality-check-30').getAttribute('aria-checked')).toBe('true'),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ minutes: 30 });
  });
});

describe('a cool-off or a self-exclusion', () => {
  it('says what it means and that it cannot be undone early, and starts only once the player ticks that', async () => {
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { requests } = fakeApi({
      'GET /protection': () => ({ body: protectionState() }),
      'POST /protection/exclusion': () => ({
        body: protectionState({ exclusion: { kind: 'cool_off', until } }),
      }),
    });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('start-cool-off'));
    const sheet = screen.getByTestId('exclusion-sheet');
    expect(within(sheet).getByTestId('exclusion-final').textContent).toBe(
      i18n.t('protection.exclusion.final'),
    );
    expect(within(sheet).getByTestId('exclusion-means').textContent).toContain('Withdrawals still work');
    fireEvent.click(within(sheet).getByTestId('exclusion-duration-7d'));
    expect(sheet.textContent).toContain('Cool-off for 7 days');
    const confirm = within(sheet).getByTestId('exclusion-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(within(sheet).getByTestId('exclusion-understand'));
    fireEvent.click(confirm);
    expect((await screen.findByTestId('exclusion-active')).textContent).toMatch(/^Cool-off until /);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'cool_off', duration: '7d' });
    // No way to start another or to lift it.
    expect(screen.queryByTestId('start-cool-off')).toBeNull();
    expect(screen.queryByTestId('start-self-exclusion')).toBeNull();
  });

  it('offers self-exclusion for 6 months, 1 year or 5 years', async () => {
    fakeApi({ 'GET /protection': () => ({ body: protectionState() }) });
    render(<ResponsiblePlay />);
    fireEvent.click(await screen.findByTestId('start-self-exclusion'));
    for (const d of ['6m', '1y', '5y']) expect(screen.getByTestId(`exclusion-duration-${d}`)).toBeTruthy();
    expect(screen.queryByTestId('exclusion-duration-24h')).toBeNull();
  });
});
