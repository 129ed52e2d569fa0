// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n';
import { SIGNED_IN, fakeApi } from '../test-support/fake-api';
import { currentPage } from './navigation';
import { bootstrap, profile } from './session';
import { App } from './App';
import { protectionState } from '../protection/fixtures';
import { setToken } from '../api/http';

const ROOM = '1a2b3c4d-0000-4000-8000-000000000000';

// Signed in as a player who still holds a seat; no sockets, no table behind the page.
vi.mock('./sign-in', () => ({
  startSignIn: async () => ({
    kind: 'ok',
    token: 't',
    launch: { initDataRaw: '', startParam: null, user: null, dev: false },
    profile: { ...SIGNED_IN, seatedRoomId: '1a2b3c4d-0000-4000-8000-000000000000' },
  }),
}));
vi.mock('../api/realtime', async () => {
  const { createStore } = await import('./store');
  return {
    connectRealtime: () => undefined,
    onServerEvent: () => () => undefined,
    onSocket: () => () => undefined,
    emit: () => undefined,
    connectionStatus: createStore('connected'),
    reconnectRealtime: () => undefined,
  };
});
vi.mock('../screens/game/GameRoom', () => ({ default: () => <div data-testid="table-stub" /> }));

beforeEach(() => {
  // The mocked sign-in stores no token; start-up reads the protection state with one.
  setToken('t');
  fakeApi({ 'GET /rooms': () => ({ body: [] }), 'GET /protection': () => ({ body: protectionState() }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a player seated at a table', () => {
  it('goes straight back to the table when the app opens', async () => {
    await bootstrap();
    render(<App />);
    await vi.waitFor(() =>
      expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false }),
    );
    await screen.findByTestId('table-stub');
  });

  it('sees "You are seated at #… — return" in the lobby while the seat is held', async () => {
    currentPage.set({ name: 'dashboard' });
    profile.set({ ...SIGNED_IN, seatedRoomId: ROOM });
    render(<App />);
    const bar = await screen.findByTestId('seated-bar');
    expect(bar.textContent).toContain(i18n.t('lobby.seatedAt', { room: '#1a2b3c4d' }));
    fireEvent.click(screen.getByTestId('seated-return'));
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  });

  it('no longer sees the bar after leaving that table for the lobby', async () => {
    currentPage.set({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    profile.set({ ...SIGNED_IN, seatedRoomId: ROOM });
    render(<App />);
    await screen.findByTestId('table-stub');
    currentPage.set({ name: 'dashboard' });
    await screen.findByTestId('dashboard');
    await vi.waitFor(() => expect(profile.get()?.seatedRoomId).toBeNull());
    expect(screen.queryByTestId('seated-bar')).toBeNull();
  });
});
