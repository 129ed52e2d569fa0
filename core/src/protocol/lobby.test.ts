import { describe, expect, it } from 'vitest';
import { lobbyViewKey, lobbyViewSchema, matchesLobbyFilter, LOBBY_VIEW_MAX_LIMIT } from './lobby.js';
import type { RoomSummary } from './rest.js';
import { clientEvents } from './socket.js';

const room: RoomSummary = {
  roomId: 'ab12cd34-0000-4000-8000-000000000001',
  players: [{ id: '1' }, { id: '2' }],
  maxPlayers: 6,
  minBet: 5,
  type: 'public',
  status: 'waiting',
};

describe('lobby views', () => {
  it('accepts a bare request_rooms and a view, and refuses a page larger than a view holds', () => {
    expect(clientEvents.request_rooms.parse(undefined)).toBeUndefined();
    expect(clientEvents.request_rooms.parse({})).toEqual({ filter: {}, limit: 50, page: 1 });
    expect(clientEvents.request_rooms.safeParse({ limit: LOBBY_VIEW_MAX_LIMIT + 1 }).success).toBe(false);
    expect(clientEvents.request_rooms.safeParse({ page: 0 }).success).toBe(false);
    expect(clientEvents.request_rooms.safeParse({ filter: { search: 'x'.repeat(41) } }).success).toBe(false);
  });

  it('gives one key to the same view however it is spelled', () => {
    const a = lobbyViewSchema.parse({ filter: { search: ' #AB12 ', available: false } });
    const b = lobbyViewSchema.parse({ filter: { search: 'ab12' }, limit: 50, page: 1 });
    expect(lobbyViewKey(a)).toBe(lobbyViewKey(b));
    expect(lobbyViewKey(a)).not.toBe(lobbyViewKey({ ...b, page: 2 }));
  });

  it('filters by room number, a free seat and the stake range, ends included', () => {
    expect(matchesLobbyFilter(room, { search: '#AB12' })).toBe(true);
    expect(matchesLobbyFilter(room, { search: 'ff' })).toBe(false);
    expect(matchesLobbyFilter(room, { available: true })).toBe(true);
    expect(matchesLobbyFilter({ ...room, players: Array(6).fill({ id: '1' }) }, { available: true })).toBe(
      false,
    );
    expect(matchesLobbyFilter(room, { minStake: 5, maxStake: 5 })).toBe(true);
    expect(matchesLobbyFilter(room, { minStake: 6 })).toBe(false);
    expect(matchesLobbyFilter(room, { maxStake: 4 })).toBe(false);
  });
});
