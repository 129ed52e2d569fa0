/**
 * Server seeds for the end-to-end run (DEV_SERVER_SEEDS): the deck is a pure function of the seed,
 * the client seed and the hand number, so the run can deal a hand whose outcome the test relies on.
 */
import { createHash } from 'node:crypto';
// Core's sources by path: this runs in the e2e global setup, before anything is built, where the
// package's `source` export condition is not applied.
import { combineClientSeeds, scoreHand, shuffleDeck } from '../../../core/src/index';

/** The own client seed the run gives player `id` (openPlayer types it in: the app sends it every hand). */
export const e2eClientSeed = (id: string) => `e2e-${id}`;

/** The players who play the seeded hands: alice and bob (app.e2e.ts). */
const SEEDED_PLAYERS = ['7001', '7002'];

/**
 * A seed under which a two-player hand ties. The runtime deals with the client seed mixed from the
 * two players' seeds (each app sends its player's own seed for every hand, the first one just before
 * sitting down); two players get deck positions
 * 0, 2, 4 and 1, 3, 5 one card at a time, so the tie holds whoever the dealer is.
 */
export function twoPlayerTieSeed(handNumber: number): string {
  return twoPlayerSeed(handNumber, true);
}

/** A seed under which a two-player hand has one winner at the showdown, whoever the dealer is. */
export function twoPlayerWinnerSeed(handNumber: number): string {
  return twoPlayerSeed(handNumber, false);
}

function twoPlayerSeed(handNumber: number, tie: boolean): string {
  const clientSeed = combineClientSeeds(SEEDED_PLAYERS.map(e2eClientSeed));
  for (let i = 0; i < 100_000; i++) {
    const seed = createHash('sha256').update(`svara-e2e-${i}`).digest('hex');
    const deck = shuffleDeck(seed, clientSeed, handNumber);
    const tied = scoreHand([deck[0]!, deck[2]!, deck[4]!]) === scoreHand([deck[1]!, deck[3]!, deck[5]!]);
    if (tied === tie) return seed;
  }
  throw new Error(`no seed in 100 000 deals ${tie ? 'a tie' : 'one winner'}`);
}
