// @vitest-environment jsdom
/**
 * The lobby follows what the account may do as the server pushes it (account_state, applied by
 * session.ts): a suspension or a break started in another tab shows its banner at once, and Create
 * and every Enter wait for its end (watching still works); its lifting takes the banner away
 * without a reload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { RoomSummary } from '@svara/core';
import { setLanguage } from '../../i18n';
import { roomList } from '../../app/rooms';
import { updateSettings } from '../../app/settings';
import { applyAccountState } from '../../app/session';
import { emptyRooms } from '../../lib/lobby-feed';
import { protection } from '../../protection/store';
import { protectionState } from '../../protection/fixtures';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { Dashboard } from './Dashboard';

vi.mock('../../api/realtime', () => ({
  onServerEvent: () => () => undefined,
  onSocket: () => () => undefined,
  emit: () => undefined,
}));

const ROOM: RoomSummary = {
  roomId: '1a2b3c4d-0000-4000-8000-000000000000',
  players: [{ id: '7' }],
  maxPlayers: 6,
  minBet: 1,
  type: 'public',
  status: 'waiting',
};

const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

beforeEach(() => {
  setLanguage('en');
  signIn({ balance: 500 });
  updateSettings({ lobbyMode: 'money' });
  protection.set(protectionState());
  fakeApi({
    'GET /rooms': () => ({ body: [ROOM] }),
    'GET /protection': () => ({ body: protection.get() }),
    'GET /users/profile': () => ({ body: { telegramId: '1001', balance: 500 } }),
    'GET /practice': () => ({ body: { chips: 10_000, nextTopUpAt: null, grant: 10_000, stakes: [10] } }),
    'GET /practice/rooms': () => ({ body: [{ ...ROOM, minBet: 10, currency: 'chips' }] }),
  });
  roomList.set({ ...emptyRooms, rooms: [ROOM], total: 1, loaded: true });
});
afterEach(() => cleanup());

describe('the lobby of a player whose account changes in another tab', () => {
  it('shows a suspension at once, disables Create and Enter, and lifts both with the unsuspension', () => {
    render(<Dashboard />);
    expect(disabled('create-menu-button')).toBe(false);
    expect(disabled('room-enter')).toBe(false);

    act(() =>
      applyAccountState({
        suspension: { reason: 'chargebacks', since: '2026-11-27T08:00:00.000Z' },
        exclusion: null,
      }),
    );
    expect(screen.getByTestId('suspension-notice').textContent).toContain(
      'Your account is suspended: chargebacks. Contact support.',
    );
    expect(disabled('create-menu-button')).toBe(true);
    expect(disabled('room-enter')).toBe(true);
    expect(disabled('room-watch')).toBe(false);

    act(() => applyAccountState({ suspension: null, exclusion: null }));
    expect(screen.queryByTestId('suspension-notice')).toBeNull();
    expect(disabled('create-menu-button')).toBe(false);
    expect(disabled('room-enter')).toBe(false);
  });

  it('shows a cool-off with its end and keeps Create and Enter off until then', () => {
    render(<Dashboard />);
    act(() =>
      applyAccountState({
        suspension: null,
        exclusion: { kind: 'cool_off', until: '2099-11-28T09:00:00.000Z' },
      }),
    );
    const notice = screen.getByTestId('exclusion-notice');
    expect(notice.dataset.kind).toBe('cool_off');
    expect(notice.textContent).toMatch(/Your cool-off lasts until Nov 28, 2099, \d{1,2}:00 [AP]M/);
    expect(disabled('create-menu-button')).toBe(true);
    expect(disabled('room-enter')).toBe(true);
  });

  it('stops practice the same way: the notice shows, Play now and a practice table’s Enter wait', async () => {
    updateSettings({ lobbyMode: 'practice' });
    render(<Dashboard />);
    await waitFor(() => expect(screen.getByTestId('practice-room-list')).toBeTruthy());
    expect(disabled('play-now')).toBe(false);
    expect(disabled('room-enter')).toBe(false);
    act(() =>
      applyAccountState({
        suspension: null,
        exclusion: { kind: 'self_exclusion', until: '2099-05-28T09:00:00.000Z' },
      }),
    );
    expect(screen.getByTestId('exclusion-notice').dataset.kind).toBe('self_exclusion');
    expect(disabled('play-now')).toBe(true);
    expect(disabled('room-enter')).toBe(true);
    expect(disabled('create-menu-button')).toBe(true);
    expect(disabled('room-watch')).toBe(false);
  });
});
