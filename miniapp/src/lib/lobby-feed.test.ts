import { describe, expect, it } from 'vitest';
import { lobbyViewKey, lobbyViewSchema, type LobbyRooms, type RoomSummary } from '@svara/core';
import { applyRoomsMessage, emptyRooms, lobbyViewOf, type RoomsState } from './lobby-feed';

function room(n: number, players = 1, status = 'waiting'): RoomSummary {
  return {
    roomId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    players: Array.from({ length: players }, (_, i) => ({ id: String(i + 1) })),
    maxPlayers: 6,
    minBet: 1,
    type: 'public',
    status,
  };
}

const view = lobbyViewOf({ search: '', available: false, range: [1, 1_000_000], page: 1 });
const key = lobbyViewKey(view);
const page2 = lobbyViewOf({ search: '', available: false, range: [1, 1_000_000], page: 2 });

function run(messages: LobbyRooms[], wanted = key, state: RoomsState = emptyRooms) {
  let resyncs = 0;
  for (const message of messages) {
    const next = applyRoomsMessage(state, message, wanted);
    state = next.state;
    if (next.resync) resyncs += 1;
  }
  return { state, resyncs };
}

const initial: LobbyRooms = {
  action: 'initial',
  rooms: [room(3), room(2), room(1)],
  total: 13,
  hasMore: true,
  version: 4,
  view,
};

describe('the lobby feed on the client', () => {
  it('asks the server for a page of the filters shown, in the form the server echoes back', () => {
    const filter = { search: ' #AB12 ', available: true, range: [5, 100] as const, page: 3 };
    const asked = lobbyViewOf(filter);
    expect(asked).toEqual({
      filter: { search: '#AB12', available: true, minStake: 5, maxStake: 100 },
      limit: 10,
      page: 3,
    });
    expect(lobbyViewKey(lobbyViewSchema.parse(JSON.parse(JSON.stringify(asked))))).toBe(lobbyViewKey(asked));
  });

  it('takes the initial page, then applies diffs in version order', () => {
    const { state, resyncs } = run([
      initial,
      {
        action: 'diff',
        version: 5,
        added: [{ at: 0, room: room(4) }],
        changed: [room(2, 3, 'betting')],
        removed: [room(1).roomId],
        total: 14,
        hasMore: true,
      },
      { action: 'diff', version: 6, added: [], changed: [room(4, 2)], removed: [], total: 14, hasMore: true },
    ]);
    expect(resyncs).toBe(0);
    expect(state).toEqual({
      rooms: [room(4, 2), room(3), room(2, 3, 'betting')],
      total: 14,
      hasMore: true,
      loaded: true,
      version: 6,
      key,
    });
  });

  it('asks again when a diff skips a version, and ignores diffs until the answer', () => {
    const gap: LobbyRooms = {
      action: 'diff',
      version: 6,
      added: [],
      changed: [],
      removed: [],
      total: 0,
      hasMore: false,
    };
    const after = run([initial, gap]);
    expect(after.resyncs).toBe(1);
    expect(after.state.rooms).toEqual(initial.rooms);
    // Later diffs of the old numbering change nothing and ask nothing more.
    const waiting = run([{ ...gap, version: 7 }], key, after.state);
    expect(waiting).toEqual({ state: after.state, resyncs: 0 });
    const answered = run([{ ...initial, rooms: [room(9)], version: 7 }], key, waiting.state);
    expect(answered.state).toMatchObject({ rooms: [room(9)], version: 7, key });
  });

  it('ignores a diff it already has', () => {
    const once = run([initial]);
    const again = run(
      [{ action: 'diff', version: 4, added: [], changed: [], removed: [], total: 0, hasMore: false }],
      key,
      once.state,
    );
    expect(again).toEqual({ state: once.state, resyncs: 0 });
  });

  it('drops the answer to a view it no longer shows and the diffs before the new answer', () => {
    // Page 2 asked right after page 1: page 1's answer and diffs may still come in first.
    const wanted = lobbyViewKey(page2);
    const { state } = run(
      [
        initial,
        {
          action: 'diff',
          version: 5,
          added: [{ at: 0, room: room(4) }],
          changed: [],
          removed: [],
          total: 14,
          hasMore: true,
        },
      ],
      wanted,
    );
    expect(state).toEqual(emptyRooms);
    const shown = run([{ ...initial, rooms: [room(0)], view: page2, version: 0 }], wanted, state);
    expect(shown.state).toMatchObject({ rooms: [room(0)], loaded: true, key: wanted });
  });
});
