/**
 * The lobby feed (SPEC §4, §7): a viewer subscribes to one view of the open rooms — its filters,
 * a page size and a page — with `request_rooms`; the server answers `rooms` {action:'initial'} for
 * that view, then {action:'diff'} with only what changed inside it. Server and Mini App share the
 * filter below so both agree on what a view holds.
 */
import { z } from 'zod';
import { roomIdSchema } from './common.js';
import { roomSummarySchema } from './rest.js';

// The view's rules without zod, so a client's lobby can use them without the schemas.
export { applyLobbyDiff, lobbyViewKey, matchesLobbyFilter } from './lobby-view.js';

/** The most rooms one view holds: a page of them, so one diff stays small. */
export const LOBBY_VIEW_MAX_LIMIT = 50;
/** The page size of a view that names none (also what an old client's bare `request_rooms` gets). */
export const LOBBY_VIEW_DEFAULT_LIMIT = 50;

export const lobbyViewFilterSchema = z.object({
  /** Part of the room id ('#' allowed in front), as typed in the lobby's search box. */
  search: z.string().max(40).optional(),
  /** Only rooms with a free seat. */
  available: z.boolean().optional(),
  /** Stake range in dollars, both ends included. */
  minStake: z.number().nonnegative().optional(),
  maxStake: z.number().nonnegative().optional(),
});
export type LobbyViewFilter = z.infer<typeof lobbyViewFilterSchema>;

export const lobbyViewSchema = z.object({
  filter: lobbyViewFilterSchema.default({}),
  limit: z.number().int().min(1).max(LOBBY_VIEW_MAX_LIMIT).default(LOBBY_VIEW_DEFAULT_LIMIT),
  /** 1-based; a page past the end is empty (the answer's `total` says how many pages there are). */
  page: z.number().int().min(1).max(1_000_000).default(1),
});
export type LobbyView = z.infer<typeof lobbyViewSchema>;
export type LobbyViewRequest = z.input<typeof lobbyViewSchema>;

/** A room that entered the view, with the index it has in the view afterwards. */
export const lobbyAddedSchema = z.object({ at: z.number().int().min(0), room: roomSummarySchema });

/**
 * Server → client `rooms`. A diff applies to the view of the version just before it: drop
 * `removed`, replace `changed` in place, then insert `added` at their indexes in ascending order
 * (rooms in a view keep their relative order, newest first). Any other version: ask again.
 * `update` (the whole list) only goes to old clients that sent `request_rooms` without a view.
 */
export const lobbyRoomsSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('initial'),
    rooms: z.array(roomSummarySchema),
    /** Rooms in the whole filtered list, all pages. */
    total: z.number().int().min(0),
    hasMore: z.boolean(),
    version: z.number().int().min(0),
    /** The view this answers (absent for a bare request). */
    view: lobbyViewSchema.optional(),
  }),
  z.object({
    action: z.literal('diff'),
    version: z.number().int().min(1),
    added: z.array(lobbyAddedSchema),
    changed: z.array(roomSummarySchema),
    removed: z.array(roomIdSchema),
    total: z.number().int().min(0),
    hasMore: z.boolean(),
  }),
  z.object({ action: z.literal('update'), rooms: z.array(roomSummarySchema) }),
]);
export type LobbyRooms = z.infer<typeof lobbyRoomsSchema>;
export type LobbyDiff = Extract<LobbyRooms, { action: 'diff' }>;
