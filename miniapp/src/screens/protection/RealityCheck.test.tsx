// @vitest-environment jsdom
/**
 * The reality check at the table: on the server's `reality_check` a sheet shows the time
 * played and the session's result, with "continue" and "leave the table" (the leave_room flow).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { signIn } from '../../test-support/fake-api';
import { gameState, playerView } from '../../test-support/game-state';
import * as rt from '../game/fake-realtime';
import GameRoom from '../game/GameRoom';
import { playedTime } from './RealityCheckSheet';

vi.mock('../../api/realtime', () => import('../game/fake-realtime'));

const ROOM = '00000000-0000-4000-8000-000000000000';
const ME = '1001';

function seatedBetweenHands() {
  act(() =>
    rt.serverSends(
      'game_update',
      gameState({
        status: 'waiting',
        viewerId: ME,
        players: [
          playerView({ id: ME, username: 'alice', position: 1 }),
          playerView({ id: '2', username: 'bob', position: 4 }),
        ],
      }),
    ),
  );
}

beforeEach(() => {
  rt.resetFakeRealtime();
  signIn({ telegramId: ME, balance: 50 });
  setLanguage('en');
  currentPage.set({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200, text: async () => '' })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('ru');
});

describe('the reality check', () => {
  it('shows the time played and the session’s net result; continue keeps the player at the table', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    seatedBetweenHands();
    expect(screen.queryByTestId('reality-check-sheet')).toBeNull();
    act(() => rt.serverSends('reality_check', { playedMinutes: 60, net: -12.5 }));
    expect(screen.getByTestId('reality-check-played').textContent).toBe(
      'You have been playing for 1\u00a0h 00\u00a0min.',
    );
    expect(screen.getByTestId('reality-check-net').textContent).toBe('-$12.50');
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check-sheet')).toBeNull();
    expect(rt.sent.filter((m) => m.event === 'leave_room')).toEqual([]);
    expect(currentPage.get().name).toBe('gameRoom');
  });

  it('leaves the table with the leave_room flow', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    seatedBetweenHands();
    act(() => rt.serverSends('reality_check', { playedMinutes: 120, net: 30 }));
    expect(screen.getByTestId('reality-check-net').textContent).toBe('+$30.00');
    fireEvent.click(screen.getByTestId('reality-check-leave'));
    expect(rt.sent.filter((m) => m.event === 'leave_room')).toEqual([
      { event: 'leave_room', payload: { roomId: ROOM } },
    ]);
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
  });

  it('writes the time in hours and minutes in both languages', () => {
    expect(playedTime(30, 'en')).toBe('30\u00a0min');
    expect(playedTime(125, 'en')).toBe('2\u00a0h 05\u00a0min');
    expect(playedTime(125, 'ru')).toBe('2\u00a0ч 05\u00a0мин');
  });
});
