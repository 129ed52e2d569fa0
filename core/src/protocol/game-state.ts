/**
 * The game state a viewer receives (`game_state`, `game_update`), SPEC §3's shape plus what a client
 * needs so it never recomputes a rule: its allowed actions with exact amounts, timers as server
 * deadlines, and the fair-shuffle commitment. Money is dollars here; `viewFor` in core builds it.
 */
import { z } from 'zod';
import { cardSchema } from '../card-schema.js';

export const TABLE_STATUSES = [
  'waiting',
  'ante',
  'blind_betting',
  'betting',
  'showdown',
  'finished',
  'svara_pending',
] as const;
export const tableStatusSchema = z.enum(TABLE_STATUSES);
export type TableStatus = z.infer<typeof tableStatusSchema>;

export const PLAYER_ACTIONS = ['blind_bet', 'look', 'call', 'raise', 'fold'] as const;
export const GAME_ACTIONS = [...PLAYER_ACTIONS, 'join_svara', 'skip_svara', 'invite'] as const;
export const gameActionNameSchema = z.enum(GAME_ACTIONS);
export type GameActionName = z.infer<typeof gameActionNameSchema>;

/** What a seat shows as its last action (SPEC §4: BLIND, PAID, PASS, RAISE, WIN, LOOK). */
export const lastActionSchema = z.enum([
  'ante',
  'blind_bet',
  'look',
  'call',
  'raise',
  'fold',
  'win',
  'all_in',
]);
export type LastAction = z.infer<typeof lastActionSchema>;

export const playerViewSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  balance: z.number(),
  /** The viewer's own cards after looking; others' at showdown; otherwise null. */
  cards: z.array(cardSchema).nullable(),
  /** How many cards the seat holds face down (for drawing backs). */
  cardCount: z.number().int().min(0).max(3),
  hasFolded: z.boolean(),
  hasLooked: z.boolean(),
  hasLookedAndMustAct: z.boolean(),
  /** In the current hand (dealt in and not stood up). */
  isActive: z.boolean(),
  isSittingOut: z.boolean(),
  isDealer: z.boolean(),
  isAllIn: z.boolean(),
  /** The score, only when the cards are visible to this viewer. */
  score: z.number().int().nullable(),
  position: z.number().int().min(1).max(6),
  currentBet: z.number(),
  totalBet: z.number(),
  lastAction: lastActionSchema.nullable(),
  lastWinAmount: z.number(),
});
export type PlayerView = z.infer<typeof playerViewSchema>;

export const logEntrySchema = z.object({
  telegramId: z.string().nullable(),
  type: z.string(),
  timestamp: z.number(),
  amount: z.number().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** The viewer's legal moves right now, with exact amounts in dollars. */
export const allowedActionsSchema = z.object({
  blindBet: z.object({ amount: z.number() }).nullable(),
  look: z.boolean(),
  call: z.object({ amount: z.number(), allIn: z.boolean() }).nullable(),
  raise: z.object({ min: z.number(), max: z.number() }).nullable(),
  fold: z.boolean(),
  joinSvara: z.object({ amount: z.number(), free: z.boolean() }).nullable(),
  skipSvara: z.boolean(),
});
export type AllowedActions = z.infer<typeof allowedActionsSchema>;

export const fairnessSchema = z.object({
  handNumber: z.number().int(),
  /** SHA-256 of the server seed, hex; shown before the first card is dealt. */
  commitment: z.string().nullable(),
  clientSeed: z.string().nullable(),
  /** The server seed, hex; only after the hand is over. */
  revealedSeed: z.string().nullable(),
});

export const gameStateSchema = z.object({
  roomId: z.string(),
  status: tableStatusSchema,
  pot: z.number(),
  /** The house's 5% of the pot being paid out (0 until a payout). */
  tax: z.number(),
  taxPercent: z.number(),
  players: z.array(playerViewSchema),
  /** Index into `players` of the player on turn, or -1. */
  currentPlayerIndex: z.number().int(),
  /** Server time (ms since epoch) the current turn started, or null. */
  turnStartTime: z.number().nullable(),
  /** Server time the current timer (turn, svara window, result display) ends, or null. */
  deadline: z.number().nullable(),
  serverTime: z.number(),
  minBet: z.number(),
  lastBlindBet: z.number(),
  lastActionAmount: z.number(),
  hasRaiseMax: z.boolean(),
  /** The server never waits for animations; kept for the SPEC's shape. */
  isAnimating: z.boolean(),
  winners: z.array(z.string()),
  svaraParticipants: z.array(z.string()),
  svaraConfirmed: z.array(z.string()),
  /** Tied players of a pending svara (they join free). */
  svaraTied: z.array(z.string()),
  log: z.array(logEntrySchema),
  fairness: fairnessSchema,
  /** The viewer's id, or null for a spectator view. */
  viewerId: z.string().nullable(),
  allowedActions: allowedActionsSchema.nullable(),
});
export type GameState = z.infer<typeof gameStateSchema>;
