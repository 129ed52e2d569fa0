/** The referral programme's level table (SPEC §9). */
export const REFERRAL_LEVELS = [
  { level: 1, from: 1, to: 10, percent: 3 },
  { level: 2, from: 11, to: 30, percent: 5 },
  { level: 3, from: 31, to: 100, percent: 8 },
  { level: 4, from: 101, to: null, percent: 10 },
] as const;

/** A referred user counts from a deposit of this many dollars. */
export const REFERRAL_QUALIFYING_DEPOSIT = 100;
/** The referral balance moves to the game balance at this amount. */
export const REFERRAL_PAYOUT_THRESHOLD = 10;

/** The level for a number of qualified referrals (level 1 also for none). */
export function referralLevel(qualified: number): (typeof REFERRAL_LEVELS)[number] {
  return REFERRAL_LEVELS.find((l) => l.to === null || qualified <= l.to) ?? REFERRAL_LEVELS[0];
}
