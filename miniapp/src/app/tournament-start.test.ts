/** RULES §9: the start of a Sit & Go takes its player to the table from anywhere in the app. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPage } from './navigation';
import { followTournamentStarts } from './tournament-start';
import { resetFakeRealtime, serverSends } from '../screens/game/fake-realtime';

vi.mock('../api/realtime', () => import('../screens/game/fake-realtime'));

const TOURNAMENT = '0b5e6f7a-0000-4000-8000-000000000001';
const ROOM = '7c1d2e3f-0000-4000-8000-000000000002';

let stop: () => void;
beforeEach(() => {
  resetFakeRealtime();
  stop = followTournamentStarts();
});
afterEach(() => stop());

describe('a Sit & Go starting', () => {
  it.each([
    { name: 'dashboard' } as const,
    { name: 'deposit' } as const,
    { name: 'hands', handId: null } as const,
  ])('takes the player from $name to its table', (page) => {
    currentPage.set(page);
    serverSends('tournament_started', { tournamentId: TOURNAMENT, roomId: ROOM });
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  });

  it('keeps a player already at that table there, seat and all', () => {
    currentPage.set({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    serverSends('tournament_started', { tournamentId: TOURNAMENT, roomId: ROOM });
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  });

  it('stops following once unsubscribed', () => {
    stop();
    currentPage.set({ name: 'dashboard' });
    serverSends('tournament_started', { tournamentId: TOURNAMENT, roomId: ROOM });
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
  });
});
