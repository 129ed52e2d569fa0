// @vitest-environment jsdom
/**
 * The player's account at the table. A player who may not sit down now (suspended by an operator,
 * or on a cool-off or self-exclusion started in another tab; the state reaches the app as
 * account_state, applied by session.ts) is offered no seat anywhere, told why, and keeps the
 * balance in view. A seated player reaches Responsible play from the table menu without leaving.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { gameState, playerView } from '../../test-support/game-state';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { setLanguage } from '../../i18n';
import { applyAccountState } from '../../app/session';
import { protection } from '../../protection/store';
import { protectionState } from '../../protection/fixtures';
import * as rt from './fake-realtime';
import GameRoom from './GameRoom';

vi.mock('../../api/realtime', () => import('./fake-realtime'));

const ROOM = '00000000-0000-4000-8000-000000000000';
const ME = '1001';
const UNTIL = '2099-05-27T10:00:00.000Z';

/** A waiting table of one other player, watched by the viewer. */
function watching() {
  act(() =>
    rt.serverSends(
      'game_update',
      gameState({
        status: 'waiting',
        viewerId: null,
        minBet: 1,
        players: [playerView({ id: '7', username: 'bob', position: 1 })],
      }),
    ),
  );
}

const sitButtons = () => [...screen.queryAllByTestId('sit-down'), ...screen.queryAllByTestId('sit-seat')];

beforeEach(() => {
  rt.resetFakeRealtime();
  signIn({ telegramId: ME, balance: 10 });
  protection.set(protectionState());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a player who may not sit down', () => {
  it('when suspended, sees why instead of any sit-down button, and still their balance', () => {
    setLanguage('ru');
    signIn({ telegramId: ME, balance: 10, suspension: { reason: 'fraud', since: '2026-11-27T08:00:00Z' } });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    watching();
    expect(sitButtons()).toEqual([]);
    expect(screen.getAllByTestId('empty-seat')).toHaveLength(5);
    expect(screen.getByTestId('account-blocked-notice').textContent).toBe(
      'Ваш аккаунт приостановлен: игра, пополнение и вывод недоступны. Обратитесь в поддержку.',
    );
    expect(screen.getByTestId('my-balance').textContent).toBe('10,00\u00a0$');
  });

  it('loses the sit-down buttons the moment another tab starts a self-exclusion, and gets them back once nothing stands in the way', () => {
    setLanguage('en');
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    watching();
    expect(screen.getByTestId('sit-down')).toBeTruthy();
    expect(screen.getAllByTestId('sit-seat')).toHaveLength(5);

    act(() => applyAccountState({ suspension: null, exclusion: { kind: 'self_exclusion', until: UNTIL } }));
    expect(sitButtons()).toEqual([]);
    const notice = screen.getByTestId('account-blocked-notice');
    expect(notice.dataset.kind).toBe('self_exclusion');
    expect(notice.textContent).toMatch(
      /^Your self-exclusion lasts until May 27, 2099, \d{1,2}:00 [AP]M: until then you cannot play or deposit\./,
    );
    // Tapping where the seats were sends nothing.
    fireEvent.click(screen.getAllByTestId('empty-seat')[0]!);
    expect(rt.sent.filter((m) => m.event === 'sit_down')).toEqual([]);

    act(() => applyAccountState({ suspension: null, exclusion: null }));
    expect(screen.queryByTestId('account-blocked-notice')).toBeNull();
    expect(screen.getByTestId('sit-down')).toBeTruthy();
  });

  it('is not seated by an Enter that arrives with a suspension already pushed', () => {
    setLanguage('en');
    render(<GameRoom roomId={ROOM} autoSit />);
    act(() =>
      applyAccountState({ suspension: { reason: 'fraud', since: '2026-11-27T08:00:00Z' }, exclusion: null }),
    );
    watching();
    expect(rt.sent.filter((m) => m.event === 'sit_down')).toEqual([]);
    expect(screen.getByTestId('account-blocked-notice').dataset.kind).toBe('suspended');
  });
});

describe('Responsible play from the table menu', () => {
  // The page is loaded when first asked for; loaded here ahead, so the test measures no bundling.
  beforeAll(() => import('../protection/ResponsiblePlay'), 60_000);

  it('opens over the table and closes back to it, the seat kept', async () => {
    setLanguage('en');
    fakeApi({ 'GET /protection': () => ({ body: protectionState() }) });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    act(() =>
      rt.serverSends(
        'game_update',
        gameState({
          status: 'waiting',
          viewerId: ME,
          players: [
            playerView({ id: ME, username: 'alice', position: 1 }),
            playerView({ id: '7', username: 'bob', position: 4 }),
          ],
        }),
      ),
    );
    fireEvent.click(screen.getByTestId('room-menu'));
    fireEvent.click(screen.getByTestId('settings-responsible-play'));
    const layer = await screen.findByTestId('protection-layer', {}, { timeout: 15_000 });
    expect(layer.textContent).toContain('Responsible play');
    expect(screen.getByTestId('start-cool-off')).toBeTruthy();
    expect(screen.getByTestId('game-room')).toBeTruthy();

    fireEvent.click(screen.getByTestId('protection-close'));
    expect(screen.queryByTestId('protection-layer')).toBeNull();
    expect(rt.sent.filter((m) => m.event === 'leave_room')).toEqual([]);
    expect(screen.getByTestId('action-bar')).toBeTruthy();
  });
});
