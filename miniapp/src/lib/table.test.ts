import { describe, expect, it } from 'vitest';
import {
  actionButtons,
  chipsForBet,
  clampRaise,
  dealDelayMs,
  dealDelays,
  dealingOrder,
  displaySeat,
  finishedPhase,
  firstFreePosition,
  isViewerTurn,
  positionAtSeat,
  raiseQuickPicks,
  remainingMs,
  seatLabel,
  seatLook,
  waitingState,
} from './table';
import { gameState, playerView } from '../test-support/game-state';
import { NO_ALLOWED_ACTIONS } from '@svara/core';

describe('chips per bet size (SPEC §9)', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.5, 1],
    [5, 1],
    [5.01, 3],
    [10, 3],
    [20, 4],
    [50, 5],
    [100, 7],
    [200, 10],
    [1000, 12],
    [1000.01, 15],
    [250_000, 15],
    [1e6, 15],
  ])('a bet of %s draws %s chips', (bet, chips) => {
    expect(chipsForBet(bet)).toBe(chips);
  });
});

describe('seat rotation', () => {
  it('draws the viewer at seat 4 and keeps the clockwise order', () => {
    expect(displaySeat(1, 1)).toBe(4);
    expect(displaySeat(2, 1)).toBe(5);
    expect(displaySeat(6, 1)).toBe(3);
    expect(displaySeat(4, 4)).toBe(4);
    expect(displaySeat(6, 6)).toBe(4);
    expect(displaySeat(1, 6)).toBe(5);
  });
  it('maps every position to a distinct seat for every viewer position', () => {
    for (let me = 1; me <= 6; me++) {
      const seats = [1, 2, 3, 4, 5, 6].map((pos) => displaySeat(pos, me));
      expect(new Set(seats).size).toBe(6);
      for (let pos = 1; pos <= 6; pos++) expect(positionAtSeat(displaySeat(pos, me), me)).toBe(pos);
    }
  });
  it('does not rotate for spectators', () => {
    expect(displaySeat(2, null)).toBe(2);
    expect(positionAtSeat(2, null)).toBe(2);
  });
});

describe('seat labels and looks', () => {
  it('names the last action', () => {
    expect(seatLabel('blind_bet', false)).toBe('blind');
    expect(seatLabel('call', false)).toBe('paid');
    expect(seatLabel('all_in', false)).toBe('allIn');
    expect(seatLabel('fold', false)).toBe('pass');
    expect(seatLabel('raise', false)).toBe('raise');
    expect(seatLabel('win', true)).toBe('win');
    expect(seatLabel('ante', false)).toBeNull();
  });
  it('hides LOOK on the own seat only', () => {
    expect(seatLabel('look', false)).toBe('look');
    expect(seatLabel('look', true)).toBeNull();
  });
  it('dims folded seats and marks as sitting out only those the server sits out', () => {
    expect(seatLook({ hasFolded: true, isActive: true, isSittingOut: false }, 'betting')).toBe('folded');
    expect(seatLook({ hasFolded: false, isActive: false, isSittingOut: true }, 'betting')).toBe('sittingOut');
    expect(seatLook({ hasFolded: false, isActive: false, isSittingOut: true }, 'waiting')).toBe('sittingOut');
    expect(seatLook({ hasFolded: false, isActive: true, isSittingOut: false }, 'betting')).toBe('normal');
  });
  it('between hands nobody is dealt in, and nobody looks sitting out for it', () => {
    // A room's creator alone at a waiting table, and every player between two hands.
    for (const status of ['waiting', 'finished'] as const)
      expect(seatLook({ hasFolded: false, isActive: false, isSittingOut: false }, status)).toBe('normal');
  });
  it('a player seated during a hand waits for the next one, dimmed but not marked', () => {
    expect(seatLook({ hasFolded: false, isActive: false, isSittingOut: false }, 'blind_betting')).toBe(
      'waiting',
    );
    expect(seatLook({ hasFolded: false, isActive: false, isSittingOut: false }, 'svara_pending')).toBe(
      'waiting',
    );
  });
  it('finds the first free position', () => {
    expect(firstFreePosition([{ position: 1 }, { position: 2 }, { position: 4 }])).toBe(3);
    expect(firstFreePosition([1, 2, 3, 4, 5, 6].map((position) => ({ position })))).toBeNull();
  });
});

describe('turn and action bar', () => {
  it('is the viewer’s turn only when seated, betting, on turn and idle', () => {
    expect(isViewerTurn(gameState(), '1', false)).toBe(true);
    expect(isViewerTurn(gameState(), '1', true)).toBe(false);
    expect(isViewerTurn(gameState(), '2', false)).toBe(false);
    expect(isViewerTurn(gameState(), null, false)).toBe(false);
    expect(isViewerTurn(gameState({ status: 'showdown' }), '1', false)).toBe(false);
  });
  it('offers look and blind bet while betting blind, with the server’s amount', () => {
    const s = gameState({ allowedActions: { ...NO_ALLOWED_ACTIONS, look: true, blindBet: { amount: 2 } } });
    expect(actionButtons(s, true)).toEqual([
      { kind: 'look', enabled: true },
      { kind: 'blind_bet', enabled: true, amount: 2 },
    ]);
  });
  it('disables a blind bet the server does not allow', () => {
    const s = gameState({ allowedActions: { ...NO_ALLOWED_ACTIONS, look: true } });
    expect(actionButtons(s, true)[1]).toEqual({ kind: 'blind_bet', enabled: false, amount: null });
  });
  it('offers fold, call and raise in open betting and after a look that must be answered', () => {
    const allowed = {
      ...NO_ALLOWED_ACTIONS,
      fold: true,
      call: { amount: 4, allIn: false },
      raise: { min: 8, max: 50 },
    };
    const open = gameState({ status: 'betting', allowedActions: allowed });
    const kinds = actionButtons(open, true).map((b) => b.kind);
    expect(kinds).toEqual(['fold', 'call', 'raise']);
    const mustAct = gameState({
      status: 'blind_betting',
      players: [playerView({ id: '1', hasLookedAndMustAct: true })],
      allowedActions: allowed,
    });
    expect(actionButtons(mustAct, true).map((b) => b.kind)).toEqual(['fold', 'call', 'raise']);
    expect(actionButtons(open, true)[2]).toEqual({ kind: 'raise', enabled: true, min: 8, max: 50 });
  });
  it('disables everything off turn', () => {
    const s = gameState({ status: 'betting', allowedActions: { ...NO_ALLOWED_ACTIONS, fold: true } });
    expect(actionButtons(s, false).every((b) => !b.enabled)).toBe(true);
  });
});

describe('raise sheet', () => {
  it('offers 2x, 5x, 10x of the minimum and Max, disabling picks over the maximum', () => {
    expect(raiseQuickPicks(4, 30)).toEqual([
      { label: '2x', amount: 8, disabled: false },
      { label: '5x', amount: 20, disabled: false },
      { label: '10x', amount: 40, disabled: true },
      { label: 'Max', amount: 30, disabled: false },
    ]);
  });
  it('keeps amounts in whole cents', () => {
    expect(raiseQuickPicks(0.3, 100)[0]!.amount).toBe(0.6);
    expect(clampRaise(3.333, 1, 10)).toBe(3.33);
    expect(clampRaise(0.5, 1, 10)).toBe(1);
    expect(clampRaise(11, 1, 10)).toBe(10);
  });
});

describe('timers and phases', () => {
  it('counts down to the server deadline, corrected by the clock offset', () => {
    // The server clock is 2 s ahead of ours.
    expect(remainingMs(20_000, 10_000, 2_000)).toBe(8_000);
    expect(remainingMs(20_000, 30_000, 0)).toBe(0);
    expect(remainingMs(null, 0, 0)).toBe(0);
  });
  it('shows the winner for 2 s, chips until 4 s, then resets', () => {
    expect(finishedPhase(0)).toBe('winner');
    expect(finishedPhase(1_999)).toBe('winner');
    expect(finishedPhase(2_000)).toBe('chips');
    expect(finishedPhase(3_999)).toBe('chips');
    expect(finishedPhase(4_000)).toBe('reset');
  });
  it('deals three rounds, 300 ms per card', () => {
    expect(dealDelayMs(0, 0, 3)).toBe(0);
    expect(dealDelayMs(0, 2, 3)).toBe(600);
    expect(dealDelayMs(1, 0, 3)).toBe(900);
    expect(dealDelayMs(2, 2, 3)).toBe(2400);
  });
  it('names the waiting states', () => {
    expect(waitingState(gameState({ status: 'waiting', players: [playerView()] }))).toBe('waitingForPlayers');
    expect(waitingState(gameState({ status: 'waiting' }))).toBe('waitingForOthers');
    expect(waitingState(gameState({ players: [playerView({ id: '1', isActive: false })] }))).toBe(
      'waitingForNextRound',
    );
    expect(waitingState(gameState())).toBeNull();
  });
  it('tells the waiting player that an away player holds the table (RULES §6)', () => {
    const twoOneAway = [playerView({ id: '1' }), playerView({ id: '2', position: 4, isAway: true })];
    expect(waitingState(gameState({ status: 'waiting', players: twoOneAway }))).toBe('waitingForAway');
    const threeOneAway = [...twoOneAway, playerView({ id: '3', position: 2 })];
    expect(waitingState(gameState({ status: 'waiting', players: threeOneAway }))).toBe('waitingForOthers');
  });
});

describe('dealing', () => {
  it('deals clockwise from the player left of the dealer, skipping players not in the hand', () => {
    const players = [
      playerView({ id: 'a', position: 1 }),
      playerView({ id: 'b', position: 3, isDealer: true }),
      playerView({ id: 'c', position: 4, isActive: false }),
      playerView({ id: 'd', position: 6 }),
    ];
    expect(dealingOrder(players)).toEqual(['d', 'a', 'b']);
  });
  it('gives each player three cards a round apart', () => {
    expect(dealDelays(['d', 'a'])).toEqual({ d: [0, 600, 1200], a: [300, 900, 1500] });
  });
});
