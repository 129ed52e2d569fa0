/** What a Sit & Go's card and table line say of its prizes (RULES §9), as pure functions. */
import { toCents } from '../lib/money';

/**
 * Each paid place's share of the pool, in whole percent, first place first (6 players: 65, 35; 3
 * players: 100). Places without a prize are left out.
 */
export function prizeShares(prizes: readonly number[], pool: number): number[] {
  const poolCents = toCents(pool);
  if (poolCents <= 0) return [];
  return prizes
    .map(toCents)
    .filter((cents) => cents > 0)
    .map((cents) => Math.round((cents * 100) / poolCents));
}

/** The total a registration takes: buy-in and fee, in cents so nothing is lost to floats. */
export function entryCost(buyIn: number, fee: number): number {
  return (toCents(buyIn) + toCents(fee)) / 100;
}
