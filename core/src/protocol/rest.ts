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
import { roomCurrencySchema } from './currency.js';
import { protectionSchema } from './protection.js';

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
// --- users
/** Why and since when the account is suspended (ISO time), as the Mini App tells the player. */
export const profileSuspensionSchema = z.object({ reason: z.string(), since: z.string() });
export type ProfileSuspension = z.infer<typeof profileSuspensionSchema>;

export const profileSchema = z.object({
  telegramId: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  languageCode: z.string().nullable(),
  balance: z.number(),
  walletAddress: z.string().nullable(),
  /** Where the address came from ('ton_connect': proven by the wallet's signature); null without one. */
  walletSource: z.enum(['typed', 'ton_connect']).nullable(),
  /** When TON Connect proved the wallet (ISO time); null for a typed address. */
  walletVerifiedAt: z.string().nullable(),
  /** The room whose table the player sits at (the seat is kept across reloads), or null. */
  seatedRoomId: z.string().nullable(),
  /** Set while an operator has suspended the account (no seat, room, deposit or withdrawal), else null. */
  suspension: profileSuspensionSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * The sign-in's answer (SPEC §4 "Sign-in"): the token, and what start-up reads next (the profile as
 * GET /users/profile answers it, the protection state as GET /protection does) so that the Mini App
 * signs in in one round trip.
 */
export const loginResponseSchema = z.object({
  accessToken: z.string(),
  profile: profileSchema,
  protection: protectionSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

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

/** The player's language, one setting for the bot and the Mini App (POST /users/language). */
export const languageRequestSchema = z.object({ language: z.enum(['ru', 'en']) });
export type LanguageRequest = z.infer<typeof languageRequestSchema>;

export const walletAddressRequestSchema = z.object({ walletAddress: z.string().max(128) });
export type WalletAddressRequest = z.infer<typeof walletAddressRequestSchema>;

/** Where a withdrawal address came from: typed by the player, or proven with TON Connect's ton_proof. */
export const walletSourceSchema = z.enum(['typed', 'ton_connect']);
export type WalletSource = z.infer<typeof walletSourceSchema>;

/** The withdrawal wallet as the Mini App shows it (POST /users/wallet-address, /wallet/ton-proof/*). */
export const walletInfoSchema = z.object({
  walletAddress: z.string().nullable(),
  walletSource: walletSourceSchema.nullable(),
  walletVerifiedAt: z.string().nullable(),
});
export type WalletInfo = z.infer<typeof walletInfoSchema>;

/** A single-use challenge for the wallet to sign (POST /wallet/ton-proof/payload); expiresAt is ISO time. */
export const tonProofPayloadSchema = z.object({ payload: z.string(), expiresAt: z.string() });
export type TonProofPayload = z.infer<typeof tonProofPayloadSchema>;

/** TON Connect's networks: -239 mainnet, -3 testnet. */
export const TON_NETWORKS = ['-239', '-3'] as const;
export const tonNetworkSchema = z.enum(TON_NETWORKS);
export type TonNetwork = z.infer<typeof tonNetworkSchema>;
/** An account's address as TON Connect gives it: raw, `<workchain>:<64 hex>`. */
export const rawTonAddressSchema = z.string().regex(/^-?\d+:[0-9a-fA-F]{64}$/);

/**
 * TON Connect's ton_proof reply as wallets send it, with the account it proves (POST
 * /wallet/ton-proof/verify): the raw address `0:<hex>`, the network (-239 mainnet, -3 testnet), the
 * contract's state_init (base64 BoC) and the signature (base64). The timestamp may come as a number or a
 * decimal string (the SDK and the specification differ).
 */
export const tonProofRequestSchema = z.object({
  address: rawTonAddressSchema,
  network: tonNetworkSchema,
  public_key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  proof: z.object({
    timestamp: z.union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ]),
    domain: z.object({ lengthBytes: z.number().int().nonnegative(), value: z.string().max(253) }),
    signature: z.string().max(200),
    payload: z.string().max(128),
    state_init: z.string().max(8192),
  }),
});
export type TonProofRequest = z.infer<typeof tonProofRequestSchema>;

// --- finances
/** How a withdrawal reaches the player: their saved USDT-TON address, or their own @CryptoBot wallet. */
export const withdrawMethodSchema = z.enum(['address', 'cryptobot']);
export type WithdrawMethod = z.infer<typeof withdrawMethodSchema>;

export const transactionRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deposit'), telegramId: telegramIdSchema, currency: currencySchema }),
  z.object({
    type: z.literal('withdraw'),
    telegramId: telegramIdSchema,
    currency: z.literal('USDTTON'),
    amount: dollarAmountSchema,
    /** The saved address (method 'address'); not needed for 'cryptobot'. */
    receiver: z.string().max(128).optional(),
    method: withdrawMethodSchema.default('address'),
  }),
]);
export type TransactionRequest = z.input<typeof transactionRequestSchema>;
/**
 * A withdrawal request carries this header: the same key again answers the first request's result
 * and moves nothing (a retried tap, a lost answer).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const depositResponseSchema = z.object({
  address: z.string(),
  trackerId: z.string(),
  /** When the address stops accepting payments (ISO time); the countdown runs to it. */
  expiresAt: z.string(),
  memo: z.string().nullable().optional(),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;

/** The 'more' tab: an invoice paid in the payment bot's chat. */
export const invoiceRequestSchema = z.object({ amount: dollarAmountSchema });
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;
export const invoiceResponseSchema = z.object({
  trackerId: z.string(),
  /** Opens the payment (the payment bot's chat; in development, the sandbox's pay page). */
  payUrl: z.string(),
  amount: z.number(),
  expiresAt: z.string(),
});
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

/** What the deposit and withdraw screens may offer: each tab only when its provider is configured. */
export const paymentMethodsSchema = z.object({
  /** The 'cryptocurrency' tab's currencies; empty: no such tab. */
  depositCurrencies: z.array(currencySchema),
  /** The 'more' tab (an invoice in the payment bot). */
  invoice: z.boolean(),
  withdrawMethods: z.array(withdrawMethodSchema),
  /** Development only: payments are simulated and the screens may offer to simulate one. */
  sandbox: z.boolean(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/**
 * Why an operator declined a withdrawal: one of a few preset reasons (each has a text the player
 * reads in their language, `wallet.rejectReasons.<preset>`), a note in the operator's words, or both.
 */
export const REJECTION_PRESETS = ['verification', 'address', 'terms', 'duplicate'] as const;
export const rejectionPresetSchema = z.enum(REJECTION_PRESETS);
export type RejectionPreset = z.infer<typeof rejectionPresetSchema>;
export const rejectionNoteSchema = z.string().trim().min(1).max(500);
export const rejectionSchema = z.object({
  preset: rejectionPresetSchema.nullable(),
  note: z.string().nullable(),
});
export type Rejection = z.infer<typeof rejectionSchema>;

/** Statuses a player sees. A withdrawal waiting for an operator shows as pending (with `review`). */
export const transactionStatusSchema = z.enum(['pending', 'success', 'canceled', 'expired', 'below_minimum']);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const withdrawResponseSchema = z.object({
  trackerId: z.string(),
  amount: z.number(),
  status: transactionStatusSchema,
  /** True while the withdrawal waits for an operator's decision. */
  review: z.boolean(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

export const transactionItemSchema = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  tracker_id: z.string(),
  /** A deposit's gross amount received (0 while nothing arrived); a withdrawal's amount. */
  amount: z.number(),
  /** The deposit fee taken (SPEC §9: 1 %). */
  fee: z.number().optional(),
  status: transactionStatusSchema,
  createdAt: z.string(),
  currency: currencySchema,
  /** A pending deposit address's end of validity. */
  expiresAt: z.string().nullable().optional(),
  /** A pending withdrawal that waits for an operator's review. */
  review: z.boolean().optional(),
  /** A withdrawal an operator declined: why. */
  rejection: rejectionSchema.nullable().optional(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

// --- admin (operators: the Telegram ids of BOT_ADMIN_IDS)
export const adminWithdrawalSchema = z.object({
  id: z.string(),
  trackerId: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  amount: z.number(),
  method: withdrawMethodSchema,
  address: z.string().nullable(),
  /** Whether the address was proven with TON Connect or typed, when the withdrawal was asked; null: cryptobot. */
  addressSource: walletSourceSchema.nullable(),
  status: z.enum(['pending', 'review', 'success', 'canceled']),
  reviewReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The player's money on record, to judge the request: confirmed deposits and withdrawals. */
  depositedTotal: z.number(),
  withdrawnTotal: z.number(),
  accountCreatedAt: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
/**
 * An operator's decision. A rejection names a preset reason, a note (`reason`, shown to the player as
 * written), or both; an approval takes neither.
 */
export const adminDecisionSchema = z.object({
  reason: z.string().trim().max(500).optional(),
  preset: rejectionPresetSchema.optional(),
});
export const adminReviewFlagSchema = z.object({ flagged: z.boolean() });
/** Why an operator suspends an account: shown to the player, 1 to 500 characters. */
export const suspensionReasonSchema = z.string().trim().min(1).max(500);
export const adminSuspendSchema = z.object({ reason: suspensionReasonSchema });

// --- rooms
export const stakeSchema = dollarAmountSchema
  .refine((d) => d >= 1, { message: 'minimum stake is 1' })
  .refine((d) => d * 100 <= MAX_STAKE_CENTS, { message: 'stake too large' });

export const createRoomRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('public'), minBet: stakeSchema, currency: roomCurrencySchema.default('usd') }),
  z.object({
    type: z.literal('private'),
    minBet: stakeSchema,
    password: roomPasswordSchema,
    currency: roomCurrencySchema.default('usd'),
  }),
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
  /** 'chips' marks a practice table (RULES §8); left out for a dollar room. */
  currency: roomCurrencySchema.optional(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;
export const roomDetailsSchema = roomSummarySchema.extend({
  createdAt: z.string(),
  ownerId: z.string().nullable(),
  /** A private room's password: only in the answer to its creator (signed in), never to anyone else. */
  password: z.string().optional(),
});
export type RoomDetails = z.infer<typeof roomDetailsSchema>;
export const joinRoomResponseSchema = z.object({ roomId: roomIdSchema, seated: z.boolean() });
