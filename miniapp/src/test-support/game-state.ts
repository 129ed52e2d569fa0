/**
 * Game states for the Mini App's tests: a two-player blind round seen by player 1, with no moves
 * offered (core's NO_ALLOWED_ACTIONS); each test overrides what it is about.
 */
import { NO_ALLOWED_ACTIONS, type GameState, type PlayerView } from '@svara/core';

export function playerView(over: Partial<PlayerView> = {}): PlayerView {
  return {
    id: '1',
    username: 'p',
    avatar: null,
    balance: 100,
    cards: null,
    hasFolded: false,
    hasLooked: false,
    hasLookedAndMustAct: false,
    isActive: true,
    isSittingOut: false,
    isAway: false,
    isDealer: false,
    isAllIn: false,
    score: null,
    position: 1,
    currentBet: 0,
    totalBet: 0,
    lastAction: null,
    lastWinAmount: 0,
    isHouse: false,
    ...over,
  };
}

export function gameState(over: Partial<GameState> = {}): GameState {
  return {
    roomId: '00000000-0000-4000-8000-000000000000',
    status: 'blind_betting',
    pot: 2,
    tax: 0,
    taxPercent: 5,
    players: [playerView({ id: '1', position: 1 }), playerView({ id: '2', position: 4 })],
    currentPlayerIndex: 0,
    turnStartTime: 0,
    deadline: 15_000,
    serverTime: 0,
    minBet: 1,
    lastBlindBet: 0,
    lastActionAmount: 0,
    hasRaiseMax: false,
    isAnimating: false,
    winners: [],
    svaraParticipants: [],
    svaraConfirmed: [],
    svaraTied: [],
    currency: 'usd',
    log: [],
    fairness: {
      handNumber: 1,
      commitment: null,
      clientSeed: null,
      playerSeeds: [],
      revealedSeed: null,
      nextCommitment: null,
    },
    viewerId: '1',
    allowedActions: NO_ALLOWED_ACTIONS,
    ...over,
  };
}
