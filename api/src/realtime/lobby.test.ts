/**
 * The lobby feed: each viewer gets its view's page, then diffs of that view only; views shared by
 * several viewers are encoded once per flush; empty rooms are not listed; paging reaches every room.
 */
import {
  applyLobbyDiff,
  lobbyRoomsSchema,
  lobbyViewSchema,
  type LobbyRooms,
  type LobbyViewRequest,
  type RoomSummary,
} from '@svara/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import { LobbyFeed, type LobbySocket } from './lobby.js';

const INTERVAL = 1_000;
const STATUS_INTERVAL = 5_000;

function id(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function room(n: number, players: number, status = 'waiting', minBet = 1): RoomSummary {
  return {
    roomId: id(n),
    players: Array.from({ length: players }, (_, i) => ({ id: String(1000 + i) })),
    maxPlayers: 6,
    minBet,
    type: 'public',
    status,
  };
}

/** A socket that records what reaches it, decoded and checked against the protocol. */
class Viewer {
  readonly received: LobbyRooms[] = [];
  readonly packets: string[] = [];
  disconnected = false;
  private onDisconnect: (() => void) | null = null;
  readonly conn = {
    write: (packet: string) => {
      this.packets.push(packet);
      const json = packet.slice('2["rooms",'.length, -1);
      this.received.push(lobbyRoomsSchema.parse(JSON.parse(json)));
    },
  };
  constructor(readonly id: string) {}
  join() {}
  leave() {}
  emit(_event: string, payload: unknown) {
    this.received.push(lobbyRoomsSchema.parse(payload));
    return true;
  }
  once(_event: string, listener: () => void) {
    this.onDisconnect = listener;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.onDisconnect?.();
  }
  get socket(): LobbySocket {
    return this as unknown as LobbySocket;
  }
  get last(): LobbyRooms {
    return this.received.at(-1)!;
  }
  /** The view as the client holds it: the initial, then every diff in version order. */
  get view(): RoomSummary[] {
    let rooms: RoomSummary[] = [];
    let version = -1;
    for (const message of this.received) {
      if (message.action === 'update') rooms = message.rooms;
      else if (message.action === 'initial') [rooms, version] = [message.rooms, message.version];
      else {
        expect(message.version).toBe(version + 1);
        rooms = applyLobbyDiff(rooms, message);
        version = message.version;
      }
    }
    return rooms;
  }
}

const view = (request: LobbyViewRequest) => lobbyViewSchema.parse(request);

describe('LobbyFeed', () => {
  let rooms: RoomSummary[];
  let feed: LobbyFeed;
  let nextSocket = 0;
  const viewer = () => new Viewer(`s${nextSocket++}`);
  /** A change the lobby shows, and the flush that follows at the next interval. */
  async function change(update: (rooms: RoomSummary[]) => RoomSummary[], ms = INTERVAL) {
    rooms = update(rooms);
    feed.mark();
    await vi.advanceTimersByTimeAsync(ms);
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    rooms = [];
    feed = new LobbyFeed(
      async () => rooms,
      INTERVAL,
      createLogger({ level: 'silent', pretty: false }),
      STATUS_INTERVAL,
    );
  });
  afterEach(() => {
    feed.stop();
    vi.useRealTimers();
  });

  it("answers a view with its page, then sends diffs only for changes inside that viewer's view", async () => {
    // Newest first, as rooms.listOpen gives them: room 30 is the newest.
    rooms = Array.from({ length: 30 }, (_, i) => room(30 - i, 1));
    const first = viewer();
    const second = viewer();
    await feed.request(first.socket, view({ limit: 10, page: 1 }), true);
    await feed.request(second.socket, view({ limit: 10, page: 2 }), true);
    expect(first.last).toMatchObject({ action: 'initial', total: 30, hasMore: true, version: 0 });
    expect(first.view.map((r) => r.roomId)).toEqual(rooms.slice(0, 10).map((r) => r.roomId));
    expect(second.view.map((r) => r.roomId)).toEqual(rooms.slice(10, 20).map((r) => r.roomId));

    // A player sits in room 15 (the 16th newest: page 2): only page 2 hears of it, with that room.
    await change((list) => list.map((r) => (r.roomId === id(15) ? room(15, 2) : r)));
    expect(first.received).toHaveLength(1);
    expect(second.last).toEqual({
      action: 'diff',
      version: 1,
      added: [],
      changed: [room(15, 2)],
      removed: [],
      total: 30,
      hasMore: true,
    });
    expect(second.view).toEqual(rooms.slice(10, 20));
    expect(JSON.stringify(second.last).length).toBeLessThan(1024);
  });

  it('moves rooms in and out of a filtered view and keeps the order, newest first', async () => {
    rooms = Array.from({ length: 12 }, (_, i) => room(12 - i, 2));
    const free = viewer();
    await feed.request(free.socket, view({ filter: { available: true }, limit: 5 }), true);
    expect(free.view).toEqual(rooms.slice(0, 5));

    // Room 11 fills up: it leaves the view and the next free room moves up into the page.
    await change((list) => list.map((r) => (r.roomId === id(11) ? room(11, 6) : r)));
    expect(free.last).toMatchObject({ action: 'diff', removed: [id(11)], total: 11 });
    expect(free.view).toEqual(rooms.filter((r) => r.players.length < 6).slice(0, 5));

    // A seat there frees again: it comes back at its place.
    await change((list) => list.map((r) => (r.roomId === id(11) ? room(11, 5) : r)));
    expect(free.last).toMatchObject({ action: 'diff', added: [{ at: 1, room: room(11, 5) }] });
    expect(free.view).toEqual(rooms.slice(0, 5));

    // A stake range view never hears of rooms outside it.
    const dear = viewer();
    await feed.request(dear.socket, view({ filter: { minStake: 50, maxStake: 100 } }), true);
    expect(dear.last).toMatchObject({ action: 'initial', rooms: [], total: 0 });
    await change((list) => [room(13, 1, 'waiting', 75), ...list]);
    expect(dear.view).toEqual([room(13, 1, 'waiting', 75)]);
    await change((list) => [room(14, 1, 'waiting', 2), ...list]);
    expect(dear.received).toHaveLength(2);
  });

  it('takes an empty room off the list at once and never lists a room nobody sits in', async () => {
    rooms = [room(2, 1), room(1, 2)];
    const watcher = viewer();
    await feed.request(watcher.socket, undefined, false);
    await feed.request(watcher.socket, view({}), true);
    // Created, nobody seated yet: not listed.
    await change((list) => [room(3, 0), ...list]);
    expect(watcher.view).toEqual([room(2, 1), room(1, 2)]);
    expect(watcher.received.filter((m) => m.action === 'diff')).toHaveLength(0);
    // The last player of room 2 leaves: out at the next flush, though the room is still open.
    await change((list) => list.map((r) => (r.roomId === id(2) ? room(2, 0) : r)));
    expect(watcher.last).toMatchObject({ action: 'diff', removed: [id(2)], total: 1 });
    expect(watcher.view).toEqual([room(1, 2)]);
  });

  it('pages through far more than 500 open rooms', async () => {
    rooms = Array.from({ length: 1_234 }, (_, i) => room(1_234 - i, 1 + (i % 6)));
    const reader = viewer();
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      await feed.request(reader.socket, view({ limit: 50, page }), true);
      const answer = reader.last;
      if (answer.action !== 'initial') throw new Error('expected a page');
      expect(answer.total).toBe(1_234);
      seen.push(...answer.rooms.map((r) => r.roomId));
      if (!answer.hasMore) break;
    }
    expect(seen).toHaveLength(1_234);
    expect(new Set(seen).size).toBe(1_234);
    expect(seen.at(-1)).toBe(id(1));
    // Only the last view followed: a reader is in one view at a time.
    expect(feed.audience).toEqual({ viewers: 1, views: 1 });
  });

  it('encodes one diff per distinct view per flush and writes it to each viewer of that view', async () => {
    rooms = Array.from({ length: 20 }, (_, i) => room(20 - i, 1));
    const sameView = [viewer(), viewer(), viewer()];
    for (const v of sameView) await feed.request(v.socket, view({ limit: 10 }), true);
    const other = viewer();
    await feed.request(other.socket, view({ filter: { search: '#0000000000' }, limit: 10 }), true);
    const untouched = viewer();
    await feed.request(untouched.socket, view({ limit: 10, page: 2 }), true);
    expect(feed.audience).toEqual({ viewers: 5, views: 3 });

    await change((list) => list.map((r) => (r.roomId === id(20) ? room(20, 3) : r)));
    // Pages 1 of both filters changed, page 2 did not: two encodes for four viewers.
    expect(feed.stats.encodes).toBe(2);
    expect(feed.stats.updates).toBe(4);
    const packets = sameView.map((v) => v.packets.at(-1));
    expect(new Set(packets).size).toBe(1);
    expect(untouched.packets).toHaveLength(0);
    for (const v of [...sameView, other]) expect(v.view).toEqual(rooms.slice(0, 10));
  });

  it('sends seat changes at the next interval and status-only changes at most every status interval', async () => {
    rooms = [room(1, 1, 'waiting')];
    const watcher = viewer();
    await feed.request(watcher.socket, view({}), true);
    await change((list) => [room(2, 2, 'waiting'), ...list], 0);
    expect(watcher.received).toHaveLength(2);

    // Status churn only: held back until five seconds after the last diff.
    for (let t = 0; t < 4; t++)
      await change(() => [room(2, 2, t % 2 ? 'betting' : 'blind_betting'), room(1, 1, 'waiting')]);
    expect(watcher.received).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(watcher.received).toHaveLength(3);
    expect(watcher.view[0]!.status).toBe('betting');

    // A player sits: out at the next interval.
    await change(() => [room(2, 3, 'betting'), room(1, 1, 'waiting')]);
    expect(watcher.received).toHaveLength(4);
    expect(watcher.view[0]!.players).toHaveLength(3);
  });

  it('keeps a view while its socket sits at a table, and forgets it when the socket goes', async () => {
    rooms = Array.from({ length: 8 }, (_, i) => room(8 - i, 1));
    const player = viewer();
    await feed.request(player.socket, view({ limit: 3, page: 2 }), true);
    feed.leave(player.socket); // sits down at a table
    expect(feed.audience).toEqual({ viewers: 0, views: 0 });
    await change((list) => list.slice(1));
    expect(player.received).toHaveLength(1);
    // Back from the table: the same view, fresh.
    await feed.enter(player.socket);
    expect(player.last).toMatchObject({ action: 'initial', view: { limit: 3, page: 2 } });
    expect(player.view).toEqual(rooms.slice(3, 6));
    player.disconnect();
    expect(feed.audience).toEqual({ viewers: 0, views: 0 });
  });

  it('serves a bare request (a client from before views) the first page whole on every change', async () => {
    rooms = [room(1, 1)];
    const old = viewer();
    await feed.request(old.socket, undefined, true);
    expect(old.last).toMatchObject({ action: 'initial', rooms: [room(1, 1)] });
    await change((list) => [room(2, 1), ...list]);
    expect(old.last).toEqual({ action: 'update', rooms: [room(2, 1), room(1, 1)] });
  });
});
