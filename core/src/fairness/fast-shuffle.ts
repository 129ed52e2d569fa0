/**
 * The fair shuffle (shuffle.ts, RULES §7) for many hands of one seed pair: the same code as
 * shuffleDeck (shuffleDeckOrder), keyed once for the server seed and writing canonical card
 * indexes (0..31) into a reused array instead of fresh card objects. The statistical tests
 * shuffle a million decks with it.
 */
import { HmacStream } from '../fair-random.js';
import { isServerSeedHex, shuffleDeckOrder } from '../shuffle.js';

/** Fills `out` (length 32) with the deck of `handNumber`: out[position] = index in CANONICAL_DECK. */
export type DeckShuffler = (handNumber: number, out: Uint8Array) => void;

export function createDeckShuffler(serverSeedHex: string, clientSeed: string): DeckShuffler {
  if (!isServerSeedHex(serverSeedHex)) {
    throw new RangeError('the server seed must be 64 lowercase hex characters');
  }
  if (clientSeed.length === 0 || clientSeed.includes(':')) {
    throw new RangeError('the client seed must be a non-empty text without ":"');
  }
  const stream = new HmacStream().keyHex(serverSeedHex);
  return (handNumber, out) => {
    if (!Number.isSafeInteger(handNumber) || handNumber < 0) {
      throw new RangeError('the hand number must be a non-negative integer');
    }
    shuffleDeckOrder(stream.start(`${clientSeed}:${handNumber}:`), out);
  };
}
