/** SPEC §9: the referral level and its percent follow the number of qualified referrals. */

export interface ReferralLevel {
  level: 1 | 2 | 3 | 4;
  /** Percent of each referred deposit paid to the referrer. */
  percent: number;
  /** The same in basis points, for exact money arithmetic. */
  basisPoints: number;
}

const LEVELS: readonly (ReferralLevel & { from: number })[] = [
  { level: 4, percent: 10, basisPoints: 1000, from: 101 },
  { level: 3, percent: 8, basisPoints: 800, from: 31 },
  { level: 2, percent: 5, basisPoints: 500, from: 11 },
  { level: 1, percent: 3, basisPoints: 300, from: 0 },
];

/** A referred user counts once their deposits reach $100. */
export const REFERRAL_QUALIFYING_DEPOSIT_CENTS = 10_000;
/** An accumulated referral balance of $10 moves to the game balance. */
export const REFERRAL_SWEEP_CENTS = 1_000;

/** Level for `qualifiedCount` qualified referrals; with none the referrer still shows level 1 (3%). */
export function referralLevel(qualifiedCount: number): ReferralLevel {
  const { level, percent, basisPoints } = LEVELS.find((l) => qualifiedCount >= l.from)!;
  return { level, percent, basisPoints };
}
