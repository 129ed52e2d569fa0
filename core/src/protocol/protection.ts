/**
 * Player protection: the user agreement, deposit / loss / session limits, reality checks,
 * cool-off and self-exclusion, and the player's activity. REST under /api/v1/protection; money is
 * dollars on the wire, times are ISO strings. The server enforces all of it; the screens only show it.
 */
import { z } from 'zod';
import { dollarAmountSchema } from '../money-schema.js';

/**
 * The user agreement's version (its text is the locales `agreement` texts). Changing it asks every
 * player to accept again before anything with money works.
 */
export const AGREEMENT_VERSION = '2026-11-26';

/** A raise or removal of a limit waits this long; a lowering (or a first limit) applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export const DEPOSIT_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const LOSS_LIMIT_PERIODS = ['daily', 'weekly'] as const;
export const limitPeriodSchema = z.enum(DEPOSIT_LIMIT_PERIODS);
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;
export const LIMIT_KINDS = ['deposit', 'loss', 'session'] as const;
export const limitKindSchema = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof limitKindSchema>;

export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;
export const realityCheckMinutesSchema = z.union([z.literal(30), z.literal(60), z.literal(120)]);
export type RealityCheckMinutes = z.infer<typeof realityCheckMinutesSchema>;

/** The longest session limit a player may set: a day. */
export const MAX_SESSION_LIMIT_MINUTES = 24 * 60;

export const COOL_OFF_DURATIONS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_DURATIONS = ['6m', '1y', '5y'] as const;
export const exclusionKindSchema = z.enum(['cool_off', 'self_exclusion']);
export type ExclusionKind = z.infer<typeof exclusionKindSchema>;
/** A cool-off or self-exclusion in force and when it ends (ISO time). */
export const exclusionStateSchema = z.object({ kind: exclusionKindSchema, until: z.string() });
export type ExclusionState = z.infer<typeof exclusionStateSchema>;

// --- GET /protection
/** A raise or removal waiting for its 24 hours: the new amount (null: no limit) and when it applies. */
export const pendingLimitSchema = z.object({ amount: z.number().nullable(), effectiveAt: z.string() });
export type PendingLimit = z.infer<typeof pendingLimitSchema>;
/** One limit: its amount now (dollars, or minutes for the session; null: none) and any pending change. */
export const limitStateSchema = z.object({
  amount: z.number().nullable(),
  pending: pendingLimitSchema.nullable(),
});
export type LimitState = z.infer<typeof limitStateSchema>;

export const protectionSchema = z.object({
  agreement: z.object({
    currentVersion: z.string(),
    acceptedVersion: z.string().nullable(),
    acceptedAt: z.string().nullable(),
  }),
  limits: z.object({
    deposit: z.object({ daily: limitStateSchema, weekly: limitStateSchema, monthly: limitStateSchema }),
    loss: z.object({ daily: limitStateSchema, weekly: limitStateSchema }),
    /** Minutes of play per day (a session's clock runs while seated). */
    sessionMinutes: limitStateSchema,
    realityCheckMinutes: realityCheckMinutesSchema,
  }),
  usage: z.object({
    /** Dollars deposited (credited) in the current day / week / month (UTC). */
    deposited: z.object({ daily: z.number(), weekly: z.number(), monthly: z.number() }),
    /** Dollars lost at the tables, net of wins (never below 0), in the current day / week. */
    lost: z.object({ daily: z.number(), weekly: z.number() }),
    /** When the current seated session started, or null when not seated. */
    sessionStartedAt: z.string().nullable(),
    /** Minutes played today (UTC), counting the running session. */
    playedMinutes: z.number(),
  }),
  exclusion: exclusionStateSchema.nullable(),
});
export type Protection = z.infer<typeof protectionSchema>;

// --- POST /protection/agreement
export const agreementRequestSchema = z.object({ version: z.string().min(1).max(32) });
export type AgreementRequest = z.infer<typeof agreementRequestSchema>;

// --- POST /protection/limits
export const limitRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), period: limitPeriodSchema, amount: dollarAmountSchema.nullable() }),
  z.object({
    kind: z.literal('loss'),
    period: z.enum(LOSS_LIMIT_PERIODS),
    amount: dollarAmountSchema.nullable(),
  }),
  z.object({
    kind: z.literal('session'),
    /** Minutes per day. */
    amount: z.number().int().min(1).max(MAX_SESSION_LIMIT_MINUTES).nullable(),
  }),
]);
export type LimitRequest = z.infer<typeof limitRequestSchema>;

// --- POST /protection/reality-check
export const realityCheckRequestSchema = z.object({ minutes: realityCheckMinutesSchema });
export type RealityCheckRequest = z.infer<typeof realityCheckRequestSchema>;

// --- POST /protection/exclusion (cannot be shortened or lifted early)
export const exclusionRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cool_off'), duration: z.enum(COOL_OFF_DURATIONS) }),
  z.object({ kind: z.literal('self_exclusion'), duration: z.enum(SELF_EXCLUSION_DURATIONS) }),
]);
export type ExclusionRequest = z.infer<typeof exclusionRequestSchema>;

// --- GET /protection/activity?period=day|week|month
export const activityPeriodSchema = z.enum(['day', 'week', 'month']);
export type ActivityPeriod = z.infer<typeof activityPeriodSchema>;
export const ACTIVITY_PERIODS_SHOWN = 30;
export const activityQuerySchema = z.object({ period: activityPeriodSchema.default('day') });
export const activityItemSchema = z.object({
  /** The period's start (UTC midnight; weeks start on Monday). */
  start: z.string(),
  /** Dollars credited by deposits, and withdrawn (requested, not canceled). */
  deposited: z.number(),
  withdrawn: z.number(),
  /** The table result of the period: winnings minus stakes, may be negative. */
  net: z.number(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
/** Newest first, the last ACTIVITY_PERIODS_SHOWN periods. */
export const activitySchema = z.array(activityItemSchema);

/** Body of a refused deposit (code deposit_limit_exceeded): what may still be deposited, in dollars. */
export const depositLimitErrorSchema = z.object({
  code: z.literal('deposit_limit_exceeded'),
  message: z.string(),
  remaining: z.number(),
});

/** Server → client socket event: a seated player's session reached a multiple of their reality-check minutes. */
export const realityCheckEventSchema = z.object({
  playedMinutes: z.number(),
  /** Dollars won (positive) or lost (negative) at the tables this session. */
  net: z.number(),
});
export type RealityCheckEvent = z.infer<typeof realityCheckEventSchema>;
