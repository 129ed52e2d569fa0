/** Limits and timings of SPEC §5 and §9, shared by the server and the screens (no zod here). */

export const MAX_PLAYERS = 6;
export const ROOM_LIST_PAGE_SIZE = 10;
/** Balance must be at least this many stakes to create, enter or sit (SPEC §5, RULES §6). */
export const BALANCE_STAKE_MULTIPLIER = 10;
export const MIN_STAKE_CENTS = 100;
export const MAX_STAKE_CENTS = 100_000_000;
export const MIN_WITHDRAWAL_CENTS = 1000;
export const MIN_DEPOSIT_CENTS = 500;
export const DEPOSIT_FEE_BPS = 100;
export const DEPOSIT_ADDRESS_TTL_SECONDS = 3600;
export const HOUSE_SHARE_BPS = 500;

/**
 * Practice tables (RULES §8) play for play chips. A chip is counted like a dollar (100 minor units),
 * so the engine, the wire and the rounding rules are the same; chips never become dollars.
 */
export const PRACTICE_CHIPS_GRANT = 1_000_000;
/** A player may top their chips up to the grant once in this time, or at once when below a table's ante. */
export const PRACTICE_TOPUP_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** The stakes of the practice tables the house keeps open, in chips' minor units (10, 50, 200 chips). */
export const PRACTICE_STAKES = [1_000, 5_000, 20_000] as const;
export const CHAT_PHRASE_COUNT = 19;
export const TON_ADDRESS_LENGTH = 48;
/**
 * A game frame carries the latest entries of the hand's log, not all of it: a long hand would
 * otherwise grow every frame by each move ever made. The server keeps the hand's whole log.
 */
export const FRAME_LOG_ENTRIES = 8;

export const TIMINGS = {
  turnMs: 15_000,
  svaraDecisionMs: 20_000,
  svaraIntroMs: 3_000,
  resultDisplayMs: 4_000,
  chatBubbleMs: 2_000,
  dealDelayMs: 300,
  /** RULES §6: an away player is stood up after five minutes away… */
  awayMs: 300_000,
  /** …or after one minute, while away players leave fewer than two who can play (no hand can start). */
  awayHoldingMs: 60_000,
} as const;

/** …or after this many hands dealt without them, whichever comes first. */
export const AWAY_HANDS_LIMIT = 3;
