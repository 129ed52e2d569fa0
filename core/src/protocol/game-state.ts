/**
 * The game state a viewer receives (`game_state`, `game_update`), SPEC §3's shape plus what a client
 * needs so it never recomputes a rule: its allowed actions with exact amounts, timers as server
 * deadlines, and the fair-shuffle commitment. Money is dollars here; `viewFor` in core builds it.
 *
 * On the wire a frame leaves out every field listed in PLAYER_VIEW_DEFAULTS, LOG_ENTRY_DEFAULTS,
 * FAIRNESS_DEFAULTS, ALLOWED_ACTIONS_DEFAULTS and GAME_STATE_DEFAULTS while it holds that value
 * (compactGameState); parsing with these schemas puts them back, so what a client works with always
 * has every field. Most of a six-player frame is players at rest (dealt in, not folded, not all-in,
 * no cards shown), and leaving that out makes a frame about a third smaller without renaming a single field.
 *
 * A player's `avatar` is left out while it is the player's own avatar path (avatarPath of their id,
 * the route that redirects to their photo): a player without a photo carries `"avatar":null`.
 */
import { z } from 'zod';
import { roomCurrencySchema } from './currency.js';
import { cardSchema } from '../card-schema.js';
import { HOUSE_SHARE_BPS } from './constants.js';
import { avatarPath } from './rest.js';
import { tournamentFrameSchema } from './tournaments.js';

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
/** `back`: an away player is back (RULES §6). `invite`: asks for the room's invite start parameter. */
export const GAME_ACTIONS = [...PLAYER_ACTIONS, 'join_svara', 'skip_svara', 'invite', 'back'] as const;
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

/** Player fields a frame leaves out while they hold these values: a seat in play, as most seats are. */
export const PLAYER_VIEW_DEFAULTS = {
  cards: null,
  hasFolded: false,
  hasLooked: false,
  hasLookedAndMustAct: false,
  isActive: true,
  isSittingOut: false,
  isAway: false,
  isDealer: false,
  isAllIn: false,
  score: null,
  currentBet: 0,
  totalBet: 0,
  lastAction: null,
  lastWinAmount: 0,
  isHouse: false,
} as const;
const P = PLAYER_VIEW_DEFAULTS;

const playerViewFields = z.object({
  id: z.string(),
  username: z.string().nullable(),
  /** The photo's path (avatarPath), or null without one; left out of a frame: the player's own path. */
  avatar: z.string().nullable().optional(),
  balance: z.number(),
  /**
   * The viewer's own cards after looking; others' at showdown; otherwise null. A seat holds three
   * cards (face down when null) while it is active and has not folded.
   */
  cards: z.array(cardSchema).nullable().default(P.cards),
  hasFolded: z.boolean().default(P.hasFolded),
  hasLooked: z.boolean().default(P.hasLooked),
  hasLookedAndMustAct: z.boolean().default(P.hasLookedAndMustAct),
  /** In the current hand (dealt in and not stood up). */
  isActive: z.boolean().default(P.isActive),
  isSittingOut: z.boolean().default(P.isSittingOut),
  /**
   * A turn of theirs timed out (RULES §6): dealt no hand until they send game_action `back`; stood
   * up after three hands dealt without them or five minutes away.
   */
  isAway: z.boolean().default(P.isAway),
  isDealer: z.boolean().default(P.isDealer),
  isAllIn: z.boolean().default(P.isAllIn),
  /** The score, only when the cards are visible to this viewer. */
  score: z.number().int().nullable().default(P.score),
  position: z.number().int().min(1).max(6),
  currentBet: z.number().default(P.currentBet),
  totalBet: z.number().default(P.totalBet),
  lastAction: lastActionSchema.nullable().default(P.lastAction),
  lastWinAmount: z.number().default(P.lastWinAmount),
  /** A house player (RULES §8): shown with its badge, so a person can tell which seats are people. */
  isHouse: z.boolean().default(P.isHouse),
});

export const playerViewSchema = playerViewFields.transform(({ avatar, ...player }) => ({
  ...player,
  avatar: avatar === undefined ? avatarPath(player.id) : avatar,
}));
export type PlayerView = z.infer<typeof playerViewSchema>;

/** Log entry fields a frame leaves out while they hold these values (table events have no player). */
export const LOG_ENTRY_DEFAULTS = { telegramId: null } as const;

export const logEntrySchema = z.object({
  telegramId: z.string().nullable().default(LOG_ENTRY_DEFAULTS.telegramId),
  type: z.string(),
  timestamp: z.number(),
  amount: z.number().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/**
 * Allowed-action fields a frame leaves out while they hold these values (a move not offered). Most
 * frames go to seated players who may do nothing right now: theirs is `{}`.
 */
export const ALLOWED_ACTIONS_DEFAULTS = {
  blindBet: null,
  look: false,
  call: null,
  raise: null,
  fold: false,
  joinSvara: null,
  skipSvara: false,
} as const;
const A = ALLOWED_ACTIONS_DEFAULTS;

/** The viewer's legal moves right now, with exact amounts in dollars. */
export const allowedActionsSchema = z.object({
  blindBet: z.object({ amount: z.number() }).nullable().default(A.blindBet),
  look: z.boolean().default(A.look),
  call: z.object({ amount: z.number(), allIn: z.boolean() }).nullable().default(A.call),
  raise: z.object({ min: z.number(), max: z.number() }).nullable().default(A.raise),
  fold: z.boolean().default(A.fold),
  joinSvara: z.object({ amount: z.number(), free: z.boolean() }).nullable().default(A.joinSvara),
  skipSvara: z.boolean().default(A.skipSvara),
});
export type AllowedActions = z.infer<typeof allowedActionsSchema>;

/**
 * Fairness fields a frame leaves out while they hold these values (the seed until it is revealed,
 * the next hand's commitment while a hand is in play).
 */
export const FAIRNESS_DEFAULTS = { revealedSeed: null, playerSeeds: [], nextCommitment: null } as const;

export const fairnessSchema = z.object({
  handNumber: z.number().int(),
  /** SHA-256 of the server seed, hex; shown before the first card is dealt. */
  commitment: z.string().nullable(),
  clientSeed: z.string().nullable(),
  /** The seated players' own seeds that were mixed into `clientSeed` (empty: the default seed). */
  playerSeeds: z.array(z.object({ playerId: z.string(), seed: z.string() })).default(() => []),
  /** The server seed, hex; only after the hand is over. */
  revealedSeed: z.string().nullable().default(FAIRNESS_DEFAULTS.revealedSeed),
  /**
   * SHA-256 of the server seed the next hand will be dealt with, hex: shown while the table waits
   * and once a hand is over, before any client seed of that hand counts; that hand's `commitment`
   * is this value. Null while a hand is in play.
   */
  nextCommitment: z.string().nullable().default(FAIRNESS_DEFAULTS.nextCommitment),
});

/** Game state fields a frame leaves out while they hold these values (an array: while empty). */
export const GAME_STATE_DEFAULTS = {
  tax: 0,
  taxPercent: HOUSE_SHARE_BPS / 100,
  lastBlindBet: 0,
  lastActionAmount: 0,
  hasRaiseMax: false,
  isAnimating: false,
  winners: [],
  svaraParticipants: [],
  svaraConfirmed: [],
  svaraTied: [],
  currency: 'usd',
} as const;
const G = GAME_STATE_DEFAULTS;
/** A list that is empty unless sent (a fresh array for every parse). */
const ids = () => z.array(z.string()).default(() => []);

export const gameStateSchema = z.object({
  roomId: z.string(),
  status: tableStatusSchema,
  pot: z.number(),
  /** The house's 5% of the pot being paid out (0 until a payout). */
  tax: z.number().default(G.tax),
  taxPercent: z.number().default(G.taxPercent),
  players: z.array(playerViewSchema),
  /** Index into `players` of the player on turn, or -1. */
  currentPlayerIndex: z.number().int(),
  /** Server time (ms since epoch) the current turn started, or null. */
  turnStartTime: z.number().nullable(),
  /** Server time the current timer (turn, svara window, result display) ends, or null. */
  deadline: z.number().nullable(),
  serverTime: z.number(),
  minBet: z.number(),
  lastBlindBet: z.number().default(G.lastBlindBet),
  lastActionAmount: z.number().default(G.lastActionAmount),
  hasRaiseMax: z.boolean().default(G.hasRaiseMax),
  /** The server never waits for animations; kept for the SPEC's shape. */
  isAnimating: z.boolean().default(G.isAnimating),
  winners: ids(),
  svaraParticipants: ids(),
  svaraConfirmed: ids(),
  /** Tied players of a pending svara (they join free). */
  svaraTied: ids(),
  /** The latest entries of the current hand's log, oldest first (at most FRAME_LOG_ENTRIES). */
  log: z.array(logEntrySchema),
  fairness: fairnessSchema,
  /** The viewer's id, or null for a spectator view. */
  viewerId: z.string().nullable(),
  allowedActions: allowedActionsSchema.nullable(),
  /** 'chips' at a practice table (RULES §8): every amount of the frame is in play chips. */
  currency: roomCurrencySchema.default(G.currency),
  /**
   * The frame's number: a game_update patch names the frame it applies to by it (frame-patch.ts).
   * Sent with every frame; absent only from states built outside a connection.
   */
  seq: z.number().int().nonnegative().optional(),
  /**
   * At a Sit & Go's table (RULES §9): its level, ante and places. Every amount of the frame is then
   * in tournament chips (`currency` is 'chips'), the prizes in the tournament's own currency.
   */
  tournament: tournamentFrameSchema.optional(),
});
export type GameState = z.infer<typeof gameStateSchema>;
/** A frame as sent: a GameState with its fields at their defaults left out. */
export type WireGameState = z.input<typeof gameStateSchema>;
export type WirePlayerView = z.input<typeof playerViewSchema>;
export type WireAllowedActions = z.input<typeof allowedActionsSchema>;

/** `value` without the fields that hold their default, nor the field `omit`. */
function withoutDefaults<T extends object>(
  value: T,
  defaults: Readonly<Record<string, unknown>>,
  omit: string | null = null,
): Partial<T> {
  // Runs for every player of every frame: a plain loop, no intermediate arrays.
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key in source) {
    if (key === omit) continue;
    const v = source[key];
    if (Object.hasOwn(defaults, key)) {
      const d = defaults[key];
      if (v === d || (Array.isArray(d) && Array.isArray(v) && v.length === 0)) continue;
    }
    out[key] = v;
  }
  return out as Partial<T>;
}

/** Allowed actions as sent in a frame: moves not offered are left out (see the top of this file). */
export function compactAllowedActions(allowed: AllowedActions): WireAllowedActions {
  return withoutDefaults(allowed, ALLOWED_ACTIONS_DEFAULTS) as WireAllowedActions;
}

/** A player as sent in a frame (see the top of this file). */
export function compactPlayerView(player: PlayerView): WirePlayerView {
  const ownPath = player.avatar !== null && player.avatar === avatarPath(player.id);
  return withoutDefaults(player, PLAYER_VIEW_DEFAULTS, ownPath ? 'avatar' : null) as WirePlayerView;
}

/** A game state as sent in a frame: parsing it with gameStateSchema gives `state` back. */
export function compactGameState(state: GameState): WireGameState {
  const top = withoutDefaults(state, GAME_STATE_DEFAULTS) as WireGameState;
  return {
    ...top,
    players: state.players.map(compactPlayerView),
    log: state.log.map(
      (entry) => withoutDefaults(entry, LOG_ENTRY_DEFAULTS) as z.input<typeof logEntrySchema>,
    ),
    fairness: withoutDefaults(state.fairness, FAIRNESS_DEFAULTS) as z.input<typeof fairnessSchema>,
    allowedActions: state.allowedActions && compactAllowedActions(state.allowedActions),
  };
}
