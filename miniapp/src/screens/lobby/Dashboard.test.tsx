// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RoomSummary } from '@svara/core';
import { i18n } from '../../i18n';
import { roomList } from '../../app/rooms';
import { settings, updateSettings } from '../../app/settings';
import { practiceStatus } from '../../app/practice';
import { emptyRooms } from '../../lib/lobby-feed';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { Dashboard } from './Dashboard';

vi.mock('../../api/realtime', () => ({
  onServerEvent: () => () => undefined,
  onSocket: () => () => undefined,
  emit: () => undefined,
}));

const PRIVATE: RoomSummary = {
  roomId: '1a2b3c4d-0000-4000-8000-000000000000',
  players: [{ id: '7' }],
  maxPlayers: 6,
  minBet: 5,
  type: 'private',
  status: 'waiting',
};

const PRACTICE = { chips: 10_000, nextTopUpAt: null, grant: 10_000, stakes: [10, 50, 200] };

beforeEach(() => {
  signIn({ balance: 500 });
  updateSettings({ lobbyMode: 'money' });
  practiceStatus.set(null);
  fakeApi({
    'GET /rooms': () => ({ body: [PRIVATE] }),
    'GET /practice': () => ({ body: PRACTICE }),
    'GET /practice/rooms': () => ({ body: [] }),
  });
  roomList.set({ ...emptyRooms, rooms: [PRIVATE], total: 1, loaded: true });
});
// The fake fetch stays for the whole file: the list's refetch may outlive a test.
afterEach(() => cleanup());

describe('the lobby', () => {
  it('opens the password dialog, room filled in, when Enter is pressed on a private room', async () => {
    render(<Dashboard />);
    expect(screen.getByTestId('room-private')).toBeTruthy();
    fireEvent.click(screen.getByTestId('room-enter'));
    expect(await screen.findByTestId('join-dialog')).toBeTruthy();
    expect((screen.getByTestId('join-room-id') as HTMLInputElement).value).toBe(PRIVATE.roomId.slice(0, 8));
  });

  it('starts the stake filter at the lowest stake, $1', async () => {
    await i18n.changeLanguage('en');
    render(<Dashboard />);
    fireEvent.click(screen.getByTestId('stakes-toggle'));
    expect((await screen.findByTestId('stake-range-value')).textContent).toBe('$1 – $1M');
    await i18n.changeLanguage('ru');
  });

  it('switches to practice and back from the tabs, and remembers the choice', async () => {
    render(<Dashboard />);
    expect(screen.getByTestId('room-filters')).toBeTruthy();
    expect(screen.queryByTestId('practice-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('lobby-tab-practice'));
    expect(screen.getByTestId('practice-panel')).toBeTruthy();
    expect(screen.getByTestId('play-now')).toBeTruthy();
    expect(screen.queryByTestId('room-filters')).toBeNull();
    expect(settings.get().lobbyMode).toBe('practice');
    expect(localStorage.getItem('lobbyMode')).toBe('practice');
    // The header keeps showing dollars only.
    await waitFor(() => expect(screen.getByTestId('practice-chips').textContent).toBe('10\u00a0000\u00a0◎'));
    expect(screen.getByTestId('header-balance').textContent).toBe('500,00\u00a0$');
    fireEvent.click(screen.getByTestId('lobby-tab-money'));
    expect(screen.getByTestId('room-filters')).toBeTruthy();
  });

  it('creates a practice room in play chips from the practice tab, checked against the chips', async () => {
    const { requests } = fakeApi({
      'GET /practice': () => ({ body: { ...PRACTICE, chips: 300 } }),
      'GET /practice/rooms': () => ({ body: [] }),
      'POST /rooms': () => ({ status: 201, body: { roomId: PRIVATE.roomId } }),
    });
    updateSettings({ lobbyMode: 'practice' });
    render(<Dashboard />);
    await waitFor(() => expect(screen.getByTestId('practice-chips').textContent).toBe('300\u00a0◎'));
    fireEvent.click(screen.getByTestId('create-menu-button'));
    fireEvent.click(screen.getByTestId('create-public'));
    expect((await screen.findByTestId('create-public-dialog')).textContent).toContain(
      i18n.t('practice.createTitle'),
    );
    // 50 chips a stake needs 500 chips: not enough for the 300 held, whatever the $500.
    fireEvent.change(screen.getByTestId('stake-input'), { target: { value: '50' } });
    expect(screen.queryByTestId('stake-ok')).toBeNull();
    fireEvent.change(screen.getByTestId('stake-input'), { target: { value: '20' } });
    expect(screen.getByTestId('stake-ok')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/rooms',
      body: { type: 'public', minBet: 20, currency: 'chips' },
    });
  });
});
