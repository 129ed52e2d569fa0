/**
 * Sit & Go tournaments (RULES §9): REST under /api/v1/tournaments, the socket events that tell a
 * player their tournament started or ended, and the `tournament` field of a tournament table's frame.
 *
 * Money is dollars on the wire, as in the rest of the REST API (rest.ts): a number with at most two
 * decimals, 100 minor units to the unit. A Sit & Go's buy-in, fee and prizes are in its `currency`:
 * dollars ('usd') or play chips ('chips', RULES §8, counted like dollars). Tournament chips — what the
 * players hold at the tournament table — are neither: each player gets TOURNAMENT_STARTING_CHIPS, the
 * table's frame carries `currency: 'chips'` and its `tournament` field, and they are never paid out.
 */
import { z } from 'zod';
import { roomIdSchema } from './common.js';
import { roomCurrencySchema } from './currency.js';
import { dollarAmountSchema } from '../money-schema.js';

/** RULES §9: a Sit & Go seats 3 or 6 players. */
export const TOURNAMENT_SIZES = [3, 6] as const;
export const tournamentSizeSchema = z.union([z.literal(3), z.literal(6)]);
export type TournamentSize = z.infer<typeof tournamentSizeSchema>;

/** RULES §9: tournament chips each player starts with. */
export const TOURNAMENT_STARTING_CHIPS = 1_500;
/** RULES §9: the first level's ante, in tournament chips; it doubles every TOURNAMENT_HANDS_PER_LEVEL hands. */
export const TOURNAMENT_STARTING_ANTE = 10;
export const TOURNAMENT_HANDS_PER_LEVEL = 10;

/**
 * 'registering': waiting to fill (register and unregister work); 'running': full and being played;
 * 'finished': one player holds every chip and the prizes are paid; 'cancelled': an operator called
 * it off (the escrow went back pro rata to the chips held, the fees returned) or nobody came.
 */
export const TOURNAMENT_STATUSES = ['registering', 'running', 'finished', 'cancelled'] as const;
export const tournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);
export type TournamentStatus = z.infer<typeof tournamentStatusSchema>;

/** The only kind of tournament so far. */
export const tournamentKindSchema = z.literal('sit_and_go');

/** How the ante grows: `start` chips for the first `handsPerLevel` hands, doubling at each level. */
export const anteScheduleSchema = z.object({
  start: z.number(),
  handsPerLevel: z.number().int().positive(),
});
export type AnteSchedule = z.infer<typeof anteScheduleSchema>;

/** A finished place: who took it and what they won (0 for places without a prize). */
export const tournamentResultSchema = z.object({
  place: z.number().int().min(1).max(6),
  playerId: z.string(),
  username: z.string().nullable(),
  prize: z.number(),
});
export type TournamentResult = z.infer<typeof tournamentResultSchema>;

/** One Sit & Go as GET /tournaments lists it and register / unregister answer it. */
export const tournamentSummarySchema = z.object({
  id: z.string().uuid(),
  /** The offer (an operator's template) this Sit & Go was opened from. */
  templateId: z.string(),
  kind: tournamentKindSchema,
  /** The offer's name as the operator wrote it, e.g. "$5 Sit & Go". */
  name: z.string(),
  /** What the buy-in, the fee and the prizes are paid in. */
  currency: roomCurrencySchema,
  /** Goes into the prize pool. */
  buyIn: z.number(),
  /** The house's: held while registering, the house's once the tournament starts (RULES §9). */
  fee: z.number(),
  size: tournamentSizeSchema,
  registeredCount: z.number().int().nonnegative(),
  /** The signed-in player is registered (or playing, or played); false without sign-in. */
  registered: z.boolean(),
  status: tournamentStatusSchema,
  /** The sum of the buy-ins once full (size × buyIn): what the prizes are paid from. */
  prizePool: z.number(),
  /** Prize by place, first place first (RULES §9: 3 players 100 %; 6 players 65 % / 35 %). */
  prizes: z.array(z.number()),
  anteSchedule: anteScheduleSchema,
  /** Tournament chips each player starts with. */
  startingChips: z.number(),
  /** The tournament's table while it runs (and after, for its history); null while registering. */
  roomId: roomIdSchema.nullable(),
  /** The signed-in player's place once they are out or the tournament finished, else null. */
  myPlace: z.number().int().min(1).max(6).nullable(),
  /** What that place paid (0 without a prize); null until the player has a place. */
  myPrize: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

/**
 * GET /tournaments: the Sit & Go's waiting to fill (one per offer, lowest buy-in first) and then the
 * signed-in player's own running and recently finished or cancelled ones (newest first).
 */
export const tournamentListSchema = z.object({ tournaments: z.array(tournamentSummarySchema) });
export type TournamentList = z.infer<typeof tournamentListSchema>;

/** GET /tournaments/:id: the summary, the players registered and the places decided so far. */
export const tournamentDetailsSchema = tournamentSummarySchema.extend({
  players: z.array(z.object({ playerId: z.string(), username: z.string().nullable() })),
  /** Best place first; a place shared by players out on the same hand appears once per player. */
  results: z.array(tournamentResultSchema),
});
export type TournamentDetails = z.infer<typeof tournamentDetailsSchema>;

/** POST /tournaments/:id/register and /unregister answer the tournament as it is now. */
export const tournamentRegistrationResponseSchema = tournamentSummarySchema;

// --- socket (server → client)
/** To every registered player when the Sit & Go fills and its table opens: the app enters the room. */
export const tournamentStartedEventSchema = z.object({
  tournamentId: z.string().uuid(),
  roomId: roomIdSchema,
});
export type TournamentStartedEvent = z.infer<typeof tournamentStartedEventSchema>;
/** To each player as they finish: out of chips (their place) or the winner. */
export const tournamentFinishedEventSchema = z.object({
  tournamentId: z.string().uuid(),
  place: z.number().int().min(1).max(6),
  /** In the tournament's currency; 0 for a place without a prize. */
  prize: z.number(),
});
export type TournamentFinishedEvent = z.infer<typeof tournamentFinishedEventSchema>;
/** To every registered player when an operator cancels: what came back (share of the escrow + fee). */
export const tournamentCancelledEventSchema = z.object({
  tournamentId: z.string().uuid(),
  refund: z.number(),
});
export type TournamentCancelledEvent = z.infer<typeof tournamentCancelledEventSchema>;

// --- the game frame
/**
 * The `tournament` field of a tournament table's frame (absent at a cash or practice table). Ante and
 * level are in tournament chips; prizes in the tournament's currency.
 */
export const tournamentFrameSchema = z.object({
  id: z.string().uuid(),
  /** 1 for the first TOURNAMENT_HANDS_PER_LEVEL hands, then 2, … */
  level: z.number().int().positive(),
  ante: z.number(),
  nextAnte: z.number(),
  /** Hands still dealt at this ante (counting the one in play, if any). */
  handsToNextLevel: z.number().int().nonnegative(),
  playersLeft: z.number().int().nonnegative(),
  /** The tournament's currency, for the prizes. */
  currency: roomCurrencySchema,
  prizes: z.array(z.number()),
  /** Players already out, with their places. */
  places: z.array(z.object({ playerId: z.string(), place: z.number().int().min(1).max(6) })),
});
export type TournamentFrame = z.infer<typeof tournamentFrameSchema>;

// --- operators
/** An offer as operators configure it (GET/POST /admin/tournament-templates). Money is dollars (or chips). */
export const tournamentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: roomCurrencySchema,
  buyIn: z.number(),
  fee: z.number(),
  size: tournamentSizeSchema,
  /** Offered: a Sit & Go of it is kept open for registration. */
  active: z.boolean(),
});
export type TournamentTemplate = z.infer<typeof tournamentTemplateSchema>;
export const tournamentTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  currency: roomCurrencySchema.default('usd'),
  buyIn: dollarAmountSchema,
  fee: dollarAmountSchema,
  size: tournamentSizeSchema,
  active: z.boolean().default(true),
});
export type TournamentTemplateInput = z.input<typeof tournamentTemplateInputSchema>;
