// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RoomSummary } from '@svara/core';
import { i18n } from '../../i18n';
import { roomList } from '../../app/rooms';
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

beforeEach(() => {
  signIn({ balance: 500 });
  fakeApi({ 'GET /rooms': () => ({ body: [PRIVATE] }) });
  roomList.set({ ...emptyRooms, rooms: [PRIVATE], total: 1, loaded: true });
});
// The fake fetch stays for the whole file: the list's refetch may outlive a test.
afterEach(() => cleanup());

describe('the lobby', () => {
  it('opens the password dialog, room filled in, when Enter is pressed on a private room', () => {
    render(<Dashboard />);
    expect(screen.getByTestId('room-private')).toBeTruthy();
    fireEvent.click(screen.getByTestId('room-enter'));
    expect(screen.getByTestId('join-dialog')).toBeTruthy();
    expect((screen.getByTestId('join-room-id') as HTMLInputElement).value).toBe(PRIVATE.roomId.slice(0, 8));
  });

  it('starts the stake filter at the lowest stake, $1', async () => {
    await i18n.changeLanguage('en');
    render(<Dashboard />);
    fireEvent.click(screen.getByTestId('stakes-toggle'));
    expect(screen.getByTestId('stake-range-value').textContent).toBe('$1 – $1M');
    await i18n.changeLanguage('ru');
  });
});
