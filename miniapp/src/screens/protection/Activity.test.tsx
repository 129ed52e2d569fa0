// @vitest-environment jsdom
/** "My activity": deposits, withdrawals and the table result by day, week or month. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n, setLanguage } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import Activity from './Activity';

const DAYS = [
  { start: '2026-11-27T00:00:00.000Z', deposited: 0, withdrawn: 0, net: 0 },
  { start: '2026-11-26T00:00:00.000Z', deposited: 25, withdrawn: 0, net: -7.5 },
  { start: '2026-11-25T00:00:00.000Z', deposited: 0, withdrawn: 20, net: 12.25 },
  { start: '2026-11-24T00:00:00.000Z', deposited: 0, withdrawn: 0, net: 0 },
];
const MONTHS = [{ start: '2026-11-01T00:00:00.000Z', deposited: 125, withdrawn: 20, net: 0 }];

beforeEach(() => {
  signIn();
  setLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

const texts = (id: string) => screen.getAllByTestId(id).map((e) => e.textContent);

describe('my activity', () => {
  it('lists days newest first with deposits, withdrawals and a signed table result, leaving out empty days', async () => {
    const { requests } = fakeApi({ 'GET /protection/activity?period=day': () => ({ body: DAYS }) });
    render(<Activity />);
    await screen.findByTestId('activity-list');
    expect(requests.map((r) => r.path)).toEqual(['/protection/activity?period=day']);
    expect(texts('activity-start')).toEqual(['Nov 26, 2026', 'Nov 25, 2026']);
    expect(texts('activity-deposited')).toEqual(['$25.00', '$0.00']);
    expect(texts('activity-withdrawn')).toEqual(['$0.00', '$20.00']);
    expect(texts('activity-net')).toEqual(['-$7.50', '+$12.25']);
  });

  it('asks for months on the month tab and names each by its month', async () => {
    const { requests } = fakeApi({
      'GET /protection/activity?period=day': () => ({ body: DAYS }),
      'GET /protection/activity?period=month': () => ({ body: MONTHS }),
    });
    render(<Activity />);
    await screen.findByTestId('activity-list');
    fireEvent.click(screen.getByTestId('activity-tab-month'));
    await vi.waitFor(() => expect(texts('activity-start')).toEqual(['November 2026']));
    expect(requests.at(-1)?.path).toBe('/protection/activity?period=month');
    expect(texts('activity-net')).toEqual(['$0.00']);
  });

  it('says when there is nothing yet (a new player’s thirty empty days), and offers a retry when loading failed', async () => {
    let fail = true;
    const emptyDays = Array.from({ length: 30 }, (_, d) => ({
      start: new Date(Date.UTC(2026, 10, 27 - d)).toISOString(),
      deposited: 0,
      withdrawn: 0,
      net: 0,
    }));
    fakeApi({
      'GET /protection/activity?period=day': () => (fail ? 'network' : { body: emptyDays }),
    });
    render(<Activity />);
    await screen.findByTestId('activity-error');
    fail = false;
    fireEvent.click(screen.getByText(i18n.t('common.retry')));
    expect((await screen.findByTestId('activity-empty')).textContent).toBe(
      i18n.t('protection.activity.empty'),
    );
  });
});
