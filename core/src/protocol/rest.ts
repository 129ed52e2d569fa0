/** REST payloads under /api/v1 (SPEC §7). Money is dollars on the wire. */
import { z } from 'zod';
import { dollarAmountSchema } from '../money-schema.js';
import {
  currencySchema,
  roomIdSchema,
  roomPasswordSchema,
  roomTypeSchema,
  telegramIdSchema,
} from './common.js';
import { MAX_STAKE_CENTS } from './constants.js';

/** Where the REST API lives on the api's HTTP server (the built Mini App has every other path). */
export const API_PREFIX = '/api/v1';

/**
 * The path of a player's photo: the api redirects it to the photo's own address, which is about 80
 * characters of Telegram's. A game frame names a photo by this path, and only implicitly (see
 * game-state.ts): six addresses after every move would be a sixth of a frame.
 */
export function avatarPath(telegramId: string): string {
  return `${API_PREFIX}/avatars/${telegramId}`;
}

// --- auth
export const loginRequestSchema = z.object({
  initData: z.string().min(1).max(4096),
  startPayload: z.string().max(512).optional().nullable(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = z.object({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// --- users
export const profileSchema = z.object({
  telegramId: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  languageCode: z.string().nullable(),
  balance: z.number(),
  walletAddress: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const referralItemSchema = z.object({
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  profit: z.number(),
  qualified: z.boolean(),
});
export const referralInfoSchema = z.object({
  referralLink: z.string(),
  refBalance: z.number(),
  /** Percent of each qualified referral's deposit, by the level table of SPEC §9. */
  refBonus: z.number(),
  level: z.number().int().min(1).max(4),
  referralCount: z.number().int().nonnegative(),
  qualifiedCount: z.number().int().nonnegative(),
  referrals: z.array(referralItemSchema),
});
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

export const walletAddressRequestSchema = z.object({ walletAddress: z.string().max(128) });
export type WalletAddressRequest = z.infer<typeof walletAddressRequestSchema>;

// --- finances
export const transactionRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deposit'), telegramId: telegramIdSchema, currency: currencySchema }),
  z.object({
    type: z.literal('withdraw'),
    telegramId: telegramIdSchema,
    currency: z.literal('USDTTON'),
    amount: dollarAmountSchema,
    receiver: z.string().max(128),
  }),
]);
export type TransactionRequest = z.input<typeof transactionRequestSchema>;
export const depositResponseSchema = z.object({ address: z.string(), trackerId: z.string() });
export type DepositResponse = z.infer<typeof depositResponseSchema>;

export const transactionStatusSchema = z.enum(['pending', 'success', 'canceled']);
export const transactionItemSchema = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  tracker_id: z.string(),
  amount: z.number(),
  status: transactionStatusSchema,
  createdAt: z.string(),
  currency: currencySchema,
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

// --- rooms
export const stakeSchema = dollarAmountSchema
  .refine((d) => d >= 1, { message: 'minimum stake is 1' })
  .refine((d) => d * 100 <= MAX_STAKE_CENTS, { message: 'stake too large' });

export const createRoomRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('public'), minBet: stakeSchema }),
  z.object({ type: z.literal('private'), minBet: stakeSchema, password: roomPasswordSchema }),
]);
export type CreateRoomRequest = z.input<typeof createRoomRequestSchema>;
export const createRoomResponseSchema = z.object({ roomId: roomIdSchema });

export const joinRoomRequestSchema = z.object({ password: z.string().max(32).optional() }).default({});

/**
 * A room in the lobby list: the compact form sent by GET /rooms and the socket `rooms` event. A card
 * shows how many sit there ('n / 6'), so a seat is only its player's id: the lobby is public (no
 * sign-in needed) and goes out whole, hundreds of rooms at a time, so it names nobody and carries
 * no pictures.
 */
export const roomPlayerSummarySchema = z.object({ id: z.string() });
export const roomSummarySchema = z.object({
  roomId: roomIdSchema,
  players: z.array(roomPlayerSummarySchema),
  maxPlayers: z.number().int(),
  minBet: z.number(),
  type: roomTypeSchema,
  status: z.string(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;
export const roomDetailsSchema = roomSummarySchema.extend({
  createdAt: z.string(),
  ownerId: z.string().nullable(),
});
export type RoomDetails = z.infer<typeof roomDetailsSchema>;
export const joinRoomResponseSchema = z.object({ roomId: roomIdSchema, seated: z.boolean() });
