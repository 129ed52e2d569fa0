/**
 * Server seeds for the end-to-end run (DEV_SERVER_SEEDS): the deck is a pure function of the seed,
 * the client seed and the hand number, so the run can deal a hand whose outcome the test relies on.
 */
import { createHash } from 'node:crypto';
import { combineClientSeeds, scoreHand, shuffleDeck } from '@svara/core';

/**
 * A seed under which a two-player hand ties. The runtime deals with the client seed of no player
 * seeds; two players get deck positions 0, 2, 4 and 1, 3, 5 one card at a time, so the tie holds
 * whoever the dealer is.
 */
export function twoPlayerTieSeed(handNumber: number): string {
  const clientSeed = combineClientSeeds([]);
  for (let i = 0; i < 100_000; i++) {
    const seed = createHash('sha256').update(`svara-e2e-${i}`).digest('hex');
    const deck = shuffleDeck(seed, clientSeed, handNumber);
    if (scoreHand([deck[0]!, deck[2]!, deck[4]!]) === scoreHand([deck[1]!, deck[3]!, deck[5]!])) return seed;
  }
  throw new Error('no seed in 100 000 deals a tie');
}
