import { describe, expect, it } from 'vitest';
import { compactGameState, gameStateSchema, type GameState } from './game-state.js';
import { serverEvents } from './socket.js';
import { tournamentSummarySchema, type TournamentFrame } from './tournaments.js';

const frame: TournamentFrame = {
  id: '5f1e6a4e-8a52-4c1b-9a62-3b8c1f0d2e11',
  level: 2,
  ante: 20,
  nextAnte: 40,
  handsToNextLevel: 7,
  playersLeft: 4,
  currency: 'usd',
  prizes: [19.5, 10.5],
  places: [
    { playerId: '1001', place: 5 },
    { playerId: '1002', place: 5 },
  ],
};

function state(tournament?: TournamentFrame): GameState {
  return gameStateSchema.parse({
    roomId: '0b7f3c1e-3e0a-4a4e-8f51-2a9d6c1b7e22',
    status: 'waiting',
    pot: 0,
    players: [],
    currentPlayerIndex: -1,
    turnStartTime: null,
    deadline: null,
    serverTime: 0,
    minBet: 20,
    log: [],
    fairness: { handNumber: 0, commitment: null, clientSeed: null },
    viewerId: null,
    allowedActions: null,
    currency: tournament ? 'chips' : 'usd',
    tournament,
  });
}

describe('a tournament table in a frame', () => {
  it('carries its level, ante and places through the wire unchanged', () => {
    const s = state(frame);
    const back = gameStateSchema.parse(JSON.parse(JSON.stringify(compactGameState(s))));
    expect(back.tournament).toEqual(frame);
    expect(back.currency).toBe('chips');
  });

  it('has no tournament field at a cash table', () => {
    const wire = JSON.parse(JSON.stringify(compactGameState(state())));
    expect(wire).not.toHaveProperty('tournament');
    expect(gameStateSchema.parse(wire).tournament).toBeUndefined();
  });
});

describe('the tournament events and summary', () => {
  it('refuses a size other than 3 or 6', () => {
    const ok = tournamentSummarySchema.shape.size.safeParse(6);
    const bad = tournamentSummarySchema.shape.size.safeParse(4);
    expect(ok.success).toBe(true);
    expect(bad.success).toBe(false);
  });

  it('names the socket events a player gets', () => {
    expect(Object.keys(serverEvents)).toEqual(
      expect.arrayContaining(['tournament_started', 'tournament_finished', 'tournament_cancelled']),
    );
  });
});
