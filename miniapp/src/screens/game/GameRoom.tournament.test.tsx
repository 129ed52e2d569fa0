// @vitest-environment jsdom
/**
 * A Sit & Go's table (RULES §9) against a fake socket: tournament chips and never "$", the line with
 * level, antes, players left and prizes, nobody offered a seat, a player out told their place, and the
 * results when `tournament_finished` comes, with the way back to the lobby.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NO_ALLOWED_ACTIONS, type GameState, type TournamentFrame } from '@svara/core';
import { setLanguage } from '../../i18n';
import { backOverride } from '../../app/back';
import { currentPage } from '../../app/navigation';
import { toasts } from '../../ui/toast';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { gameState, playerView } from '../../test-support/game-state';
import { sitAndGo } from '../../test-support/tournaments';
import * as rt from './fake-realtime';
import GameRoom from './GameRoom';

vi.mock('../../api/realtime', () => import('./fake-realtime'));

const ROOM = '00000000-0000-4000-8000-000000000000';
const TOURNAMENT = '0a000000-0000-4000-8000-000000000006';
const ME = '1001';

const line: TournamentFrame = {
  id: TOURNAMENT,
  level: 2,
  ante: 20,
  nextAnte: 40,
  handsToNextLevel: 3,
  playersLeft: 5,
  currency: 'usd',
  prizes: [3.9, 2.1],
  places: [{ playerId: '6', place: 6 }],
};

function table(tournament: TournamentFrame, seatedMe = true): GameState {
  return gameState({
    status: 'waiting',
    currency: 'chips',
    minBet: 20,
    viewerId: ME,
    players: [
      ...(seatedMe ? [playerView({ id: ME, username: 'alice', position: 1, balance: 1_480 })] : []),
      playerView({ id: '2', username: 'bob', position: 3, balance: 2_960 }),
    ],
    allowedActions: NO_ALLOWED_ACTIONS,
    tournament,
  });
}

function frame(state: GameState) {
  act(() => rt.serverSends('game_update', state));
}

beforeAll(async () => {
  await import('@svara/core');
});
beforeEach(async () => {
  rt.resetFakeRealtime();
  signIn({ telegramId: ME, balance: 50 });
  await setLanguage('ru');
  fakeApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a Sit & Go table', () => {
  it('shows the level, the ante and the next one, players left and prizes, in chips without "$"', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table(line));
    expect(screen.getByTestId('tournament-level').textContent).toBe('Уровень 2');
    expect(screen.getByTestId('tournament-ante').textContent).toBe('Анте 20\u00a0◎');
    expect(screen.getByTestId('tournament-next').textContent).toBe('→ 40\u00a0◎ через 3 раздачи');
    expect(screen.getByTestId('tournament-left').textContent).toBe('Игроков: 5/6');
    expect(screen.getByTestId('tournament-prizes').textContent).toBe('1-е 3,90\u00a0$ · 2-е 2,10\u00a0$');
    expect(screen.getByTestId('my-balance').textContent).toBe('1\u00a0480\u00a0◎');
    expect(screen.queryByTestId('practice-mark')).toBeNull();
    // No house share at a Sit & Go's table (RULES §9): no tax line.
    expect(screen.queryByTestId('tax-label')).toBeNull();
    // Only the prizes are money: the table itself has no "$".
    const room = screen.getByTestId('game-room').textContent!;
    expect(room.replace(screen.getByTestId('tournament-prizes').textContent!, '')).not.toContain('$');
  });

  it('speaks English when chosen', async () => {
    await setLanguage('en');
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table({ ...line, handsToNextLevel: 1 }));
    expect(screen.getByTestId('tournament-next').textContent).toBe('→ ◎40 in 1 hand');
    expect(screen.getByTestId('tournament-prizes').textContent).toBe('1st $3.90 · 2nd $2.10');
  });

  it('asks before a player still in it leaves, saying the seat stays in play; one who is out just goes', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table(line));
    act(() => backOverride.get()!.onBack());
    expect(screen.getByTestId('exit-dialog').textContent).toContain(
      'Место останется за вами: раздачи идут дальше, анте списываются, ходы пропускаются по времени.',
    );
    fireEvent.click(screen.getByTestId('exit-cancel'));
    const left = () => rt.sent.filter((e) => e.event === 'leave_room').length;
    expect(left()).toBe(0);

    frame(table({ ...line, playersLeft: 4, places: [...line.places, { playerId: ME, place: 5 }] }));
    act(() => backOverride.get()!.onBack());
    expect(screen.queryByTestId('exit-dialog')).toBeNull();
    expect(left()).toBe(1);
  });

  it('offers nobody a seat at it', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table(line, false));
    expect(screen.queryByTestId('sit-down')).toBeNull();
    expect(screen.queryAllByTestId('empty-seat').every((s) => !s.querySelector('button'))).toBe(true);
  });

  it("says an operator's cancel and what came back, and leaves for the lobby", () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table(line));
    act(() => rt.serverSends('tournament_cancelled', { tournamentId: TOURNAMENT, refund: 1.1 }));
    expect(toasts.get().map((x) => x.text)).toContain('Sit & Go отменён: возвращено 1,10\u00a0$');
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
    expect(rt.sent.some((x) => x.event === 'leave_room')).toBe(true);
  });

  it('tells a player out their place, then the results with the way back to the lobby', async () => {
    fakeApi({
      [`GET /tournaments/${TOURNAMENT}`]: () => ({
        body: {
          ...sitAndGo({
            id: TOURNAMENT,
            registeredCount: 6,
            registered: true,
            status: 'running',
            roomId: ROOM,
            myPlace: 5,
            myPrize: 0,
            startedAt: '2026-11-27T10:01:00.000Z',
          }),
          players: [],
          results: [
            { place: 5, playerId: ME, username: 'alice', prize: 0 },
            { place: 6, playerId: '6', username: 'fedor', prize: 0 },
          ],
        },
      }),
    });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(table({ ...line, playersLeft: 4, places: [...line.places, { playerId: ME, place: 5 }] }, false));
    expect(screen.getByTestId('tournament-out').textContent).toContain('Вы выбыли: 5-е место');
    act(() => rt.serverSends('tournament_finished', { tournamentId: TOURNAMENT, place: 5, prize: 0 }));
    await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(2));
    expect(screen.getByTestId('results-my-place').textContent).toBe('Ваше место: 5-е');
    expect(screen.getByTestId('results-my-prize').textContent).toBe('В этот раз без приза.');
    // Others still play: watching stays possible.
    fireEvent.click(screen.getByTestId('results-watch'));
    expect(screen.queryByTestId('tournament-results')).toBeNull();
    fireEvent.click(screen.getByTestId('tournament-out-results'));
    fireEvent.click(await screen.findByTestId('results-lobby'));
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
    expect(rt.sent.some((s) => s.event === 'leave_room')).toBe(true);
  });
});
