/** Practice tables' REST shapes (RULES §8): a player's play chips, the open practice tables and Play now. */
import { z } from 'zod';
import { roomIdSchema } from './common.js';
import { roomSummarySchema } from './rest.js';

/** GET /practice and POST /practice/top-up: chips count like dollars on the wire (two decimals). */
export const practiceStatusSchema = z.object({
  chips: z.number(),
  /** When the chips may be topped up again without being short of them; null: now. */
  nextTopUpAt: z.string().nullable(),
  /** What a top-up brings the chips back to. */
  grant: z.number(),
  /** The stakes of the house's practice tables. */
  stakes: z.array(z.number()),
});
export type PracticeStatus = z.infer<typeof practiceStatusSchema>;

/** POST /practice/play-now: the table to sit at (the app enters it with autoSit). */
export const playNowResponseSchema = z.object({ roomId: roomIdSchema });

/**
 * GET /practice/rooms: the public practice tables a person can sit at, as the lobby's room items
 * (their `currency` is 'chips', their stakes in chips). The dollar lobby never lists them.
 */
export const practiceRoomsSchema = z.array(roomSummarySchema);
export type PracticeRooms = z.infer<typeof practiceRoomsSchema>;
