/**
 * The commitment to the next hand's server seed (RULES §7). A runtime draws the seed as soon as the
 * next hand is foreseeable and shows its SHA-256 from then on; the players' contributions to that
 * hand's client seed count only if sent while it is shown (FAIRNESS.md §6), and are mixed in at the
 * deal. So the server cannot pick its seed knowing them, and every player sees the hash before a
 * card is dealt. start_hand refuses any other seed
 * (apply.ts) and clears the commitment: the hand's own is `fairness.commitment` from then on.
 */
import { isServerSeedHex } from '../shuffle.js';
import type { TableState } from './types.js';

/** No hand is in play (none yet, or the last one is over) and no seed is committed for the next. */
export function awaitsNextSeed(s: TableState): boolean {
  return (s.nextCommitment ?? null) === null && (s.hand === null || s.hand.phase === 'over');
}

/**
 * The table showing `commitment` (seedCommitment of the next hand's server seed) until that hand is
 * dealt. Throws RangeError when the table awaits no commitment or `commitment` is no SHA-256 hex:
 * a shown commitment is never replaced.
 */
export function commitNextSeed(s: TableState, commitment: string): TableState {
  if (!awaitsNextSeed(s)) throw new RangeError('the table awaits no seed commitment now');
  // A SHA-256 is 32 bytes, written as a seed is.
  if (!isServerSeedHex(commitment)) throw new RangeError('a commitment is 64 lowercase hex characters');
  return { ...s, nextCommitment: commitment };
}
