/**
 * `game_update`: a patch against the previous frame the same connection received, instead of the
 * whole frame. A connection gets a whole frame (`game_state`, with its `seq`) when it enters a room
 * or asks for one again (join_room); every later change of the table comes as a patch (one that
 * seats the viewer or stands them up too: their view changes, the patch says how):
 *
 *   { seq, base, set?, unset?, players?, log? }
 *
 * - `seq` is the new frame's number, `base` the number of the frame it applies to. A client that
 *   does not hold frame `base` (it missed one, or has none) drops the patch and asks for a whole
 *   frame with join_room; so does one whose patch does not fit its frame (a player index it lacks).
 * - `set`: top-level fields with a new value, each replaced whole, as a frame carries them (wire
 *   form: fields at their defaults left out, game-state.ts). `players` comes here, whole, only when
 *   the number of seats changed; `log` when the new one shares nothing with the old.
 * - `unset`: top-level fields now at their default, so left out of the frame.
 * - `players`: by index (as a string), the seat's fields that changed: `set` and `unset` as above.
 * - `log`: the log moved on: `drop` entries left its start, `add` came at its end.
 *
 * Everything else is as in the previous frame. Applying a patch (frame-diff.ts, zod-free) gives the
 * wire form of the frame the server would have sent whole; a client parses that with
 * gameStateSchema as it parses a game_state. Most changes touch a few top-level numbers (pot, turn,
 * deadline, server time), one or two seats and one log entry: a patch is a few hundred bytes where
 * a six-player frame is about 1.8 KB.
 */
import { z } from 'zod';
import { gameStateSchema, playerViewSchema } from './game-state.js';

const TOP_FIELDS = Object.keys(gameStateSchema.shape) as [string, ...string[]];
const PLAYER_FIELDS = Object.keys(playerViewSchema.in.shape) as [string, ...string[]];

/** Field names a patch may name: only the frame's own (no `__proto__` or any other key). */
const topField = z.enum(TOP_FIELDS);
const playerField = z.enum(PLAYER_FIELDS);

/** A seat's changed fields (values checked when the patched frame is parsed as a whole). */
export const playerPatchSchema = z.object({
  set: z.partialRecord(playerField, z.unknown()).optional(),
  unset: z.array(playerField).optional(),
});
export type PlayerPatch = z.infer<typeof playerPatchSchema>;

export const framePatchSchema = z.object({
  seq: z.number().int().nonnegative(),
  base: z.number().int().nonnegative(),
  set: z.partialRecord(topField, z.unknown()).optional(),
  unset: z.array(topField).optional(),
  players: z.partialRecord(z.string().regex(/^[0-5]$/), playerPatchSchema).optional(),
  log: z.object({ drop: z.number().int().nonnegative(), add: z.array(z.unknown()) }).optional(),
});
export type FramePatch = z.infer<typeof framePatchSchema>;
