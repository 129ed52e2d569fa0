/**
 * The referral programme of SPEC §9: the level and its percent follow the number of qualified
 * referrals. One table for the server's payouts and the screens' rules.
 */
import type { Cents } from './money.js';

export interface ReferralLevel {
  level: 1 | 2 | 3 | 4;
  /** Qualified referrals from which the level applies, and up to (null: no upper end). */
  from: number;
  to: number | null;
  /** Percent of each referred deposit paid to the referrer. */
  percent: number;
  /** The same in basis points, for exact money arithmetic. */
  basisPoints: number;
}

export const REFERRAL_LEVELS: readonly ReferralLevel[] = [
  { level: 1, from: 1, to: 10, percent: 3, basisPoints: 300 },
  { level: 2, from: 11, to: 30, percent: 5, basisPoints: 500 },
  { level: 3, from: 31, to: 100, percent: 8, basisPoints: 800 },
  { level: 4, from: 101, to: null, percent: 10, basisPoints: 1000 },
];

/** A referred user counts once their deposits reach $100. */
export const REFERRAL_QUALIFYING_DEPOSIT_CENTS: Cents = 10_000;
/** An accumulated referral balance of $10 moves to the game balance. */
export const REFERRAL_SWEEP_CENTS: Cents = 1_000;

/** The level for `qualifiedCount` qualified referrals; with none the referrer still shows level 1. */
export function referralLevel(qualifiedCount: number): ReferralLevel {
  return REFERRAL_LEVELS.find((l) => l.to === null || qualifiedCount <= l.to)!;
}
