/**
 * The lobby feed's rules shared by server and Mini App (SPEC §4, §7): a view's key, its filters and
 * how a diff applies. Plain functions apart from the schemas in lobby.ts, so the Mini App's lobby
 * uses them without loading zod.
 */
import type { LobbyDiff, LobbyView, LobbyViewFilter } from './lobby.js';
import type { RoomSummary } from './rest.js';

/** The search text as it is compared: trimmed, lower case, without a leading '#'. */
function searchOf(filter: LobbyViewFilter): string {
  return (filter.search ?? '').trim().replace(/^#/, '').toLowerCase();
}

/** The same view always gives the same key, however its request was spelled. */
export function lobbyViewKey(view: LobbyView): string {
  const f = view.filter;
  return JSON.stringify([
    searchOf(f),
    f.available === true,
    f.minStake ?? null,
    f.maxStake ?? null,
    view.limit,
    view.page,
  ]);
}

/** Whether a room passes a view's filters: room number search, a free seat, the stake range. */
export function matchesLobbyFilter(room: RoomSummary, filter: LobbyViewFilter): boolean {
  const query = searchOf(filter);
  if (query && !room.roomId.toLowerCase().includes(query)) return false;
  if (filter.available && room.players.length >= room.maxPlayers) return false;
  if (filter.minStake !== undefined && room.minBet < filter.minStake) return false;
  if (filter.maxStake !== undefined && room.minBet > filter.maxStake) return false;
  return true;
}

/** A view's rooms after `diff` (see lobbyRoomsSchema in lobby.ts for the order of the steps). */
export function applyLobbyDiff(rooms: readonly RoomSummary[], diff: LobbyDiff): RoomSummary[] {
  const removed = new Set(diff.removed);
  const changed = new Map(diff.changed.map((room) => [room.roomId, room]));
  const next = rooms
    .filter((room) => !removed.has(room.roomId))
    .map((room) => changed.get(room.roomId) ?? room);
  for (const { at, room } of [...diff.added].sort((a, b) => a.at - b.at)) next.splice(at, 0, room);
  return next;
}
