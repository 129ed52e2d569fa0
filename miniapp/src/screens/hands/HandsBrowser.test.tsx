// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { HandDetail, HandSummary } from '@svara/core';
import { i18n } from '../../i18n';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { gameState, playerView } from '../../test-support/game-state';
import { HandsBrowser } from './HandsBrowser';

const ID = '5b0c2b7e-1d2f-4a8e-9c3d-2f1e0a9b8c7d';

function summary(over: Partial<HandSummary> = {}): HandSummary {
  return {
    id: ID,
    roomId: 'aaaaaaaa-0000-4000-8000-000000000000',
    handNumber: 7,
    finishedAt: '2026-03-01T12:00:00.000Z',
    currency: 'usd',
    stake: 1,
    svara: false,
    pot: 6,
    tax: 0.3,
    players: 2,
    shown: [],
    mine: {
      cards: [
        { rank: 'A', suit: 'hearts' },
        { rank: 'K', suit: 'hearts' },
        { rank: '7', suit: 'clubs' },
      ],
      paid: 3,
      won: 5.7,
      result: 'won',
    },
    verifyPath: `/verify?hand=${ID}`,
    ...over,
  } as HandSummary;
}

function detail(): HandDetail {
  const deal = gameState({
    status: 'blind_betting',
    pot: 2,
    players: [playerView({ id: '1001' }), playerView({ id: '2', position: 2 })],
    viewerId: '1001',
  });
  const end = gameState({ ...deal, status: 'finished', pot: 0, winners: ['1001'] });
  return {
    hand: summary(),
    frames: [
      { at: 1, move: null, state: deal },
      { at: 2, move: { type: 'blind_bet', playerId: '2', amount: 2 }, state: { ...deal, pot: 4 } },
      // The last move ends the hand: its picture shows the win.
      { at: 3, move: { type: 'fold', playerId: '2', amount: null }, state: end },
    ],
  };
}

const settle = () => act(async () => {});

beforeEach(async () => {
  signIn();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('My hands', () => {
  it('lists the hands with the own cards and the outcome, and opens a hand as a step-by-step replay', async () => {
    const { requests } = fakeApi({
      'GET /hands?limit=25': () => ({ body: { hands: [summary()], nextCursor: null } }),
      [`GET /hands/${ID}`]: () => ({ body: detail() }),
    });
    const onClose = vi.fn();
    render(<HandsBrowser onClose={onClose} />);
    await settle();
    const row = screen.getByTestId('hand-row');
    expect(row.dataset.result).toBe('won');
    expect(screen.getByTestId('hand-row-net').textContent).toContain('2.70');
    expect(screen.getByTestId('hand-row-mine').querySelectorAll('svg')).toHaveLength(3);

    fireEvent.click(row);
    await settle();
    expect(screen.getByTestId('replay-move').textContent).toBe('The cards are dealt');
    expect(screen.getByTestId('replay-step').textContent).toBe('1 / 3');
    fireEvent.click(screen.getByTestId('replay-next'));
    expect(screen.getByTestId('replay-move').textContent).toContain('bets blind');
    // The table as it stood: its empty seats offer nothing to press.
    expect(screen.getAllByTestId('empty-seat')).toHaveLength(4);
    expect(screen.queryByTestId('sit-seat')).toBeNull();
    expect(screen.queryByTestId('invite-seat')).toBeNull();
    fireEvent.click(screen.getByTestId('replay-next'));
    expect(screen.getByTestId('replay-move').textContent).toBe('p wins');
    expect(screen.getByTestId('replay-verify').getAttribute('href')).toBe(`/verify?hand=${ID}`);
    expect(requests.map((r) => r.path)).toEqual(['/hands?limit=25', `/hands/${ID}`]);

    // Closing the replay goes back to the list, closing the list leaves.
    fireEvent.click(screen.getByTestId('replay-close'));
    fireEvent.click(screen.getByTestId('hands-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a shared hand straight away, and says when there are no hands', async () => {
    fakeApi({
      'GET /hands?limit=25': () => ({ body: { hands: [], nextCursor: null } }),
      [`GET /hands/${ID}`]: () => ({ body: { ...detail(), hand: summary({ mine: null }) } }),
    });
    const onClose = vi.fn();
    render(<HandsBrowser initialHand={ID} onClose={onClose} />);
    await settle();
    expect(screen.getByTestId('replay-summary').textContent).toContain('only cards shown at the showdown');
    fireEvent.click(screen.getByTestId('replay-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    render(<HandsBrowser onClose={onClose} />);
    await settle();
    expect(screen.getByTestId('hands-empty')).toBeTruthy();
  });

  it('shows a practice hand in play chips with its mark, in the list and the replay, the house players marked', async () => {
    const practice = summary({ currency: 'chips', stake: 50, pot: 1_250, tax: 62.5 });
    const house = playerView({ id: '-9', username: 'Arkady', position: 2, isHouse: true });
    const frames = detail().frames.map((f) => ({
      ...f,
      state: { ...f.state, currency: 'chips' as const, players: [f.state.players[0]!, house] },
      move: f.move && (f.move.amount ? { type: 'raise', playerId: '-9', amount: 1_000 } : f.move),
    }));
    fakeApi({
      'GET /hands?limit=25': () => ({ body: { hands: [practice], nextCursor: null } }),
      [`GET /hands/${ID}`]: () => ({ body: { hand: practice, frames } }),
    });
    render(<HandsBrowser onClose={vi.fn()} />);
    await settle();
    const row = screen.getByTestId('hand-row');
    expect(row.dataset.currency).toBe('chips');
    expect(within(row).getByTestId('practice-mark').textContent).toContain('Practice');
    expect(row.textContent).toContain('◎50');
    expect(row.textContent).toContain('◎1,250');
    expect(screen.getByTestId('hand-row-net').textContent).toBe('+◎2.70');
    expect(row.textContent).not.toContain('$');

    fireEvent.click(row);
    await settle();
    const replay = screen.getByTestId('hand-replay');
    expect(within(replay).getByTestId('practice-mark')).toBeTruthy();
    expect(screen.getByTestId('replay-summary').textContent).toContain('◎1,250');
    fireEvent.click(screen.getByTestId('replay-next'));
    expect(screen.getByTestId('replay-move').textContent).toContain('◎1,000');
    const seats = screen.getAllByTestId('seat');
    expect(
      seats.filter((el) => within(el).queryByTestId('house-badge')).map((el) => el.dataset.playerId),
    ).toEqual(['-9']);
    expect(replay.textContent).not.toContain('$');
  });
});
