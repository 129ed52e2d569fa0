/**
 * Hand history: the answers of GET /api/v1/hands and GET /api/v1/hands/:id. Amounts are in the
 * room's unit, `currency`: dollars, or play chips for a practice hand (RULES §8), which count like
 * dollars on the wire. The replay's frames are game states in the live frames' own schema, drawn for
 * one viewer.
 */
import { cardSchema } from '../card-schema.js';
import { roomCurrencySchema } from './currency.js';
import { gameStateSchema } from './game-state.js';
import { z } from 'zod';

export const handSummarySchema = z.object({
  id: z.string(),
  roomId: z.string(),
  handNumber: z.number().int(),
  finishedAt: z.string(),
  /** What the hand was played for; every amount of the summary is in it. */
  currency: roomCurrencySchema,
  stake: z.number(),
  svara: z.boolean(),
  pot: z.number(),
  tax: z.number(),
  players: z.number().int(),
  shown: z.array(
    z.object({
      playerId: z.string(),
      username: z.string().nullable(),
      cards: z.array(cardSchema),
      score: z.number(),
      /** A house player of a practice table (RULES §8), not a person. */
      isHouse: z.boolean(),
    }),
  ),
  mine: z
    .object({
      cards: z.array(cardSchema).nullable(),
      paid: z.number(),
      won: z.number(),
      result: z.enum(['won', 'lost', 'svara']),
    })
    .nullable(),
  verifyPath: z.string(),
});
export type HandSummary = z.infer<typeof handSummarySchema>;

export const handPageSchema = z.object({
  hands: z.array(handSummarySchema),
  nextCursor: z.string().nullable(),
});
export type HandPage = z.infer<typeof handPageSchema>;

export const replayMoveSchema = z.object({
  type: z.string(),
  playerId: z.string().nullable(),
  amount: z.number().nullable(),
});
export type ReplayMove = z.infer<typeof replayMoveSchema>;

export const replayFrameSchema = z.object({
  at: z.number(),
  move: replayMoveSchema.nullable(),
  state: gameStateSchema,
});
export type ReplayFrame = z.infer<typeof replayFrameSchema>;

export const handDetailSchema = z.object({
  hand: handSummarySchema,
  frames: z.array(replayFrameSchema).min(1),
});
export type HandDetail = z.infer<typeof handDetailSchema>;

/** A player's cards shown at the showdown (everyone saw them). */
export type ShownHand = HandSummary['shown'][number];
