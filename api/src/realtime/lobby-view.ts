/**
 * One lobby view's page of rooms and the diff between two of its pages (pure; the feed is lobby.ts).
 * The list a view pages through is the public lobby: open rooms with someone seated, newest first.
 */
import { matchesLobbyFilter, type LobbyView, type RoomSummary } from '@svara/core';

export type ViewPage = { rooms: RoomSummary[]; total: number; hasMore: boolean };

export type PageDiff = {
  added: { at: number; room: RoomSummary }[];
  changed: RoomSummary[];
  removed: string[];
  total: number;
  hasMore: boolean;
  /** Nothing moved in or out and no seat changed: only a table's status (see lobby.ts). */
  statusOnly: boolean;
};

/**
 * What the lobby lists of the open rooms: an empty room leaves the list at once (it stays open a
 * while for whoever is about to sit, and its creator enters it directly).
 */
export function lobbyList(open: readonly RoomSummary[]): RoomSummary[] {
  return open.filter((room) => room.players.length > 0);
}

/** The view's page of `listed` (already newest first) and how many rooms pass its filters in all. */
export function pageOf(listed: readonly RoomSummary[], view: LobbyView): ViewPage {
  const start = (view.page - 1) * view.limit;
  const end = start + view.limit;
  const rooms: RoomSummary[] = [];
  let total = 0;
  for (const room of listed) {
    if (!matchesLobbyFilter(room, view.filter)) continue;
    if (total >= start && total < end) rooms.push(room);
    total += 1;
  }
  return { rooms, total, hasMore: total > end };
}

function sameSeats(a: RoomSummary, b: RoomSummary): boolean {
  return (
    a.players.length === b.players.length &&
    a.players.every((p, i) => p.id === b.players[i]!.id) &&
    a.minBet === b.minBet &&
    a.maxPlayers === b.maxPlayers &&
    a.type === b.type
  );
}

/** What turns `prev` into `next` (protocol: lobbyRoomsSchema's diff), or null when they are equal. */
export function diffPages(prev: ViewPage, next: ViewPage): PageDiff | null {
  const before = new Map(prev.rooms.map((room) => [room.roomId, room]));
  const after = new Set(next.rooms.map((room) => room.roomId));
  const added: PageDiff['added'] = [];
  const changed: RoomSummary[] = [];
  let seatsMoved = false;
  next.rooms.forEach((room, at) => {
    const old = before.get(room.roomId);
    if (!old) added.push({ at, room });
    else if (old !== room && (old.status !== room.status || !sameSeats(old, room))) {
      changed.push(room);
      if (!sameSeats(old, room)) seatsMoved = true;
    }
  });
  const removed = prev.rooms.filter((room) => !after.has(room.roomId)).map((room) => room.roomId);
  const countsMoved = prev.total !== next.total || prev.hasMore !== next.hasMore;
  if (!added.length && !changed.length && !removed.length && !countsMoved) return null;
  const statusOnly = !added.length && !removed.length && !countsMoved && !seatsMoved;
  return { added, changed, removed, total: next.total, hasMore: next.hasMore, statusOnly };
}
