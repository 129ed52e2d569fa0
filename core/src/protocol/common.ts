import { z } from 'zod';

/** Telegram user ids travel as decimal strings (they can exceed 32 bits). Numbers are accepted on input. */
export const telegramIdSchema = z
  .union([z.string().regex(/^\d{1,20}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v));

/** Room ids are UUIDs; the screens show the first 8 characters. */
export const roomIdSchema = z.string().uuid();

export const roomTypeSchema = z.enum(['public', 'private']);
export type RoomType = z.infer<typeof roomTypeSchema>;

/** Room passwords: digits only, at least 6 (SPEC §5). */
export const roomPasswordSchema = z.string().regex(/^\d+$/, 'digits only').min(6).max(32);

export const currencySchema = z.enum(['USDTTON', 'TON']);
export type Currency = z.infer<typeof currencySchema>;

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
export const CHAT_PHRASE_COUNT = 19;
export const TON_ADDRESS_LENGTH = 48;

export const TIMINGS = {
  turnMs: 15_000,
  svaraDecisionMs: 20_000,
  svaraIntroMs: 3_000,
  resultDisplayMs: 4_000,
  chatBubbleMs: 2_000,
  dealDelayMs: 300,
} as const;

/** `{code, message}`: the body of every refused request and of the socket `error` event. */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
