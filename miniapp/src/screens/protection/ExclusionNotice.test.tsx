// @vitest-environment jsdom
/** The lobby's banner while a cool-off or self-exclusion is in force. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { protectionState } from '../../protection/fixtures';
import { protection } from '../../protection/store';
import { ExclusionNotice } from './ExclusionNotice';

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

beforeEach(() => {
  signIn();
  protection.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

describe('the exclusion banner', () => {
  it('shows a break started on another device as soon as the lobby reads the state', async () => {
    setLanguage('en');
    const { requests } = fakeApi({
      'GET /protection': () => ({
        body: protectionState({ exclusion: { kind: 'self_exclusion', until: '2027-05-26T10:00:00.000Z' } }),
      }),
    });
    render(<ExclusionNotice />);
    const notice = await screen.findByTestId('exclusion-notice');
    expect(requests.map((r) => r.path)).toEqual(['/protection']);
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('You are taking a break');
    expect(notice.textContent).toMatch(/Your self-exclusion lasts until May 26, 2027, \d{1,2}:00 [AP]M/);
    expect(notice.textContent).toContain('Withdrawals still work.');
  });

  it('reads the state again when the app comes back into view', async () => {
    let body = protectionState();
    fakeApi({ 'GET /protection': () => ({ body }) });
    render(<ExclusionNotice />);
    await vi.waitFor(() => expect(protection.get()).not.toBeNull());
    expect(screen.queryByTestId('exclusion-notice')).toBeNull();
    body = protectionState({ exclusion: { kind: 'cool_off', until: inDays(1) } });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect((await screen.findByTestId('exclusion-notice')).textContent).toContain('Ваша пауза действует до');
  });

  it('shows nothing once the break is over', async () => {
    fakeApi({
      'GET /protection': () => ({
        body: protectionState({ exclusion: { kind: 'cool_off', until: inDays(-1) } }),
      }),
    });
    render(<ExclusionNotice />);
    await vi.waitFor(() => expect(protection.get()).not.toBeNull());
    expect(screen.queryByTestId('exclusion-notice')).toBeNull();
  });
});
