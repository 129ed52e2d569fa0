/**
 * The fair shuffle (shuffle.ts, RULES §7) for many hands of one seed pair: the same numbers and the
 * same swaps as shuffleDeck, written into a reused array of canonical card indexes (0..31) instead
 * of fresh card objects, through the allocation-free HMAC of sha256-fast.ts. It exists so that the
 * statistical tests can shuffle a million decks in seconds; its test pins it to shuffleDeck.
 */
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { CANONICAL_DECK } from '../cards.js';
import { isServerSeedHex } from '../shuffle.js';
import { fastHmacSha256 } from './sha256-fast.js';

const DECK_SIZE = CANONICAL_DECK.length;
const TWO_POW_32 = 2 ** 32;
/** For each bound n: values at or above LIMITS[n] are discarded (fair-random.ts, uniformBelow). */
const LIMITS = Array.from({ length: DECK_SIZE + 1 }, (_, n) => (n === 0 ? 0 : TWO_POW_32 - (TWO_POW_32 % n)));

/** Fills `out` (length 32) with the deck of `handNumber`: out[position] = index in CANONICAL_DECK. */
export type DeckShuffler = (handNumber: number, out: Uint8Array) => void;

export function createDeckShuffler(serverSeedHex: string, clientSeed: string): DeckShuffler {
  if (!isServerSeedHex(serverSeedHex)) {
    throw new RangeError('the server seed must be 64 lowercase hex characters');
  }
  if (clientSeed.length === 0 || clientSeed.includes(':')) {
    throw new RangeError('the client seed must be a non-empty text without ":"');
  }
  const hmac = fastHmacSha256(hexToBytes(serverSeedHex));
  const seedBytes = utf8ToBytes(`${clientSeed}:`);
  const message = new Uint8Array(seedBytes.length + 48);
  message.set(seedBytes);
  const words = new Int32Array(8);
  return (handNumber, out) => {
    if (!Number.isSafeInteger(handNumber) || handNumber < 0) {
      throw new RangeError('the hand number must be a non-negative integer');
    }
    // The message `${clientSeed}:${handNumber}:${counter}` as ASCII digits after the seed.
    let prefixLength = seedBytes.length;
    for (const ch of `${handNumber}:`) message[prefixLength++] = ch.charCodeAt(0);
    let counter = 0;
    let word = 8;
    for (let k = 0; k < DECK_SIZE; k++) out[k] = k;
    for (let i = DECK_SIZE - 1; i > 0; i--) {
      const n = i + 1;
      let j: number;
      for (;;) {
        if (word === 8) {
          let length = prefixLength;
          for (const ch of `${counter}`) message[length++] = ch.charCodeAt(0);
          hmac(message, length, words);
          counter += 1;
          word = 0;
        }
        const u = words[word++]! >>> 0;
        if (u < LIMITS[n]!) {
          j = u % n;
          break;
        }
      }
      const held = out[i]!;
      out[i] = out[j]!;
      out[j] = held;
    }
  };
}
