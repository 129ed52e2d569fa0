/**
 * The lobby's rooms as the client holds them: the server's `rooms` messages for the view asked for
 * last (core/src/protocol/lobby.ts), applied in version order. A diff that does not follow the
 * version held means one was missed: the view is asked for again and diffs wait for its answer.
 */
import type { LobbyRooms, LobbyView, RoomSummary } from '@svara/core';
import { applyLobbyDiff, lobbyViewKey, ROOM_LIST_PAGE_SIZE } from '@svara/core/plain';
import type { LobbyFilter } from './lobby';

export type RoomsState = {
  rooms: RoomSummary[];
  /** Rooms in the whole filtered list (all pages). */
  total: number;
  hasMore: boolean;
  /** An answer has arrived since the lobby opened. */
  loaded: boolean;
  version: number;
  /** The view `rooms` belongs to; null while waiting for an answer after a missed diff. */
  key: string | null;
};

export const emptyRooms: RoomsState = {
  rooms: [],
  total: 0,
  hasMore: false,
  loaded: false,
  version: 0,
  key: null,
};

/** The server view for the lobby's filters and page (one page of ROOM_LIST_PAGE_SIZE rooms). */
export function lobbyViewOf(filter: LobbyFilter): LobbyView {
  const search = filter.search.trim();
  return {
    filter: {
      ...(search ? { search } : {}),
      ...(filter.available ? { available: true } : {}),
      minStake: filter.range[0],
      maxStake: filter.range[1],
    },
    limit: ROOM_LIST_PAGE_SIZE,
    page: filter.page,
  };
}

/**
 * The state after one `rooms` message while `wanted` is the key of the view asked for last;
 * `resync` asks the caller to request that view again.
 */
export function applyRoomsMessage(
  state: RoomsState,
  message: LobbyRooms,
  wanted: string,
): { state: RoomsState; resync: boolean } {
  switch (message.action) {
    case 'initial': {
      // The answer to an earlier request: the one for the current view is on its way.
      if (message.view && lobbyViewKey(message.view) !== wanted) return { state, resync: false };
      const { rooms, total, hasMore, version } = message;
      return { state: { rooms, total, hasMore, loaded: true, version, key: wanted }, resync: false };
    }
    case 'diff': {
      if (state.key !== wanted) return { state, resync: false };
      if (message.version <= state.version) return { state, resync: false };
      if (message.version !== state.version + 1) return { state: { ...state, key: null }, resync: true };
      return {
        state: {
          ...state,
          rooms: applyLobbyDiff(state.rooms, message),
          total: message.total,
          hasMore: message.hasMore,
          version: message.version,
        },
        resync: false,
      };
    }
    case 'update':
      // Whole lists go only to bare requests, which this client does not send; taken as they are.
      return {
        state: { ...state, rooms: message.rooms, total: message.rooms.length, hasMore: false, loaded: true },
        resync: false,
      };
  }
}
