// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NO_ALLOWED_ACTIONS, type GameState, type PlayerView } from '@svara/core';
import '../../i18n';
import { SvaraDialog } from './SvaraOverlay';
import { gameState, playerView } from '../../test-support/game-state';

afterEach(cleanup);

function player(id: string): PlayerView {
  return playerView({
    id,
    username: `p${id}`,
    hasLooked: true,
    score: 17,
    position: Number(id),
    totalBet: 2,
  });
}

/** A svara between players 1 and 2, seen by `viewerId`, with the moves the server offers it. */
function svaraState(viewerId: string, allowed: Partial<NonNullable<GameState['allowedActions']>>): GameState {
  return gameState({
    roomId: '00000000-0000-4000-8000-000000000001',
    status: 'svara_pending',
    pot: 10,
    players: [player('1'), player('2'), player('3')],
    currentPlayerIndex: -1,
    turnStartTime: null,
    deadline: null,
    winners: ['1', '2'],
    svaraParticipants: ['1', '2'],
    svaraTied: ['1', '2'],
    viewerId,
    allowedActions: { ...NO_ALLOWED_ACTIONS, ...allowed },
  });
}

function renderDialog(state: GameState, decided = false) {
  const handlers = { onJoin: vi.fn(), onSkip: vi.fn(), onClose: vi.fn() };
  render(
    <SvaraDialog state={state} viewerId={state.viewerId!} secondsLeft={20} decided={decided} {...handlers} />,
  );
  return handlers;
}

describe('the svara dialog', () => {
  it('shows a tied player as participating for free, with a skip button (RULES §5)', () => {
    const { onSkip } = renderDialog(
      svaraState('1', { joinSvara: { amount: 0, free: true }, skipSvara: true }),
    );
    expect(screen.getByTestId('svara-participating')).toBeTruthy();
    fireEvent.click(screen.getByTestId('svara-skip'));
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it('lets a tied player confirm at once, so the window need not run its 20 s', () => {
    const { onJoin } = renderDialog(
      svaraState('1', { joinSvara: { amount: 0, free: true }, skipSvara: true }),
    );
    fireEvent.click(screen.getByTestId('svara-join'));
    expect(onJoin).toHaveBeenCalledOnce();
  });

  it('once a tied player has confirmed, offers no more choice', () => {
    renderDialog(svaraState('1', {}), true);
    expect(screen.getByTestId('svara-participating')).toBeTruthy();
    expect(screen.queryByTestId('svara-join')).toBeNull();
    expect(screen.queryByTestId('svara-skip')).toBeNull();
  });

  it('never skips for a tied player on a tap outside', () => {
    const { onSkip, onClose } = renderDialog(svaraState('1', { skipSvara: true }));
    fireEvent.click(screen.getByTestId('svara-outside'));
    expect(onSkip).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('offers another seated player to join for the share, and a tap outside skips', () => {
    const { onJoin, onSkip } = renderDialog(
      svaraState('3', { joinSvara: { amount: 5, free: false }, skipSvara: true }),
    );
    fireEvent.click(screen.getByTestId('svara-join'));
    expect(onJoin).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('svara-outside'));
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it('shows the decision as made once a tied player has skipped', () => {
    const state = { ...svaraState('1', {}), svaraParticipants: ['2'] };
    renderDialog(state, true);
    expect(screen.queryByTestId('svara-participating')).toBeNull();
    expect(screen.getByTestId('svara-decided')).toBeTruthy();
  });

  it('at a practice table, prices the svara in chips and marks tied house players (RULES §8)', () => {
    const state = svaraState('3', { joinSvara: { amount: 1_250, free: false }, skipSvara: true });
    renderDialog({
      ...state,
      currency: 'chips',
      pot: 2_500,
      players: state.players.map((p) => (p.id === '2' ? { ...p, isHouse: true } : p)),
    });
    expect(screen.getByTestId('svara-join').textContent).toContain('1\u00a0250\u00a0◎');
    expect(screen.getByTestId('svara-dialog').textContent).not.toContain('$');
    expect(screen.getAllByTestId('house-badge')).toHaveLength(1);
  });
});
