/**
 * The building blocks of the fair random source (RULES.md §7): a stream of 32-bit numbers drawn
 * from HMAC-SHA256 blocks, and unbiased sampling of an integer below a bound from such a stream.
 * shuffle.ts composes them into the deck shuffle and other table draws.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** Returns the next unsigned 32-bit number of a stream each time it is called. */
export type Uint32Source = () => number;

const TWO_POW_32 = 2 ** 32;

/**
 * The numbers read from HMAC-SHA256(key, `${messagePrefix}${counter}`) for counter = 0, 1, 2, …
 * (decimal), each 32-byte block read as eight big-endian uint32 values, block after block.
 */
export function hmacUint32Stream(key: Uint8Array, messagePrefix: string): Uint32Source {
  // Keying HMAC once and cloning it per block saves hashing the padded key for every block.
  const keyed = hmac.create(sha256, key);
  // One working copy and one output buffer are reused for every block: the keyed state is copied
  // into `work` instead of cloned, which keeps the shuffle free of per-block allocations.
  let work = keyed.clone();
  const block = new Uint8Array(32);
  let counter = 0;
  let offset = block.length;
  return () => {
    if (offset >= block.length) {
      work = keyed._cloneInto(work);
      work.update(utf8ToBytes(`${messagePrefix}${counter}`)).digestInto(block);
      counter += 1;
      offset = 0;
    }
    const value =
      ((block[offset]! << 24) |
        (block[offset + 1]! << 16) |
        (block[offset + 2]! << 8) |
        block[offset + 3]!) >>>
      0;
    offset += 4;
    return value;
  };
}

/**
 * A uniform integer in [0, bound) from a uint32 stream, 1 ≤ bound ≤ 2^32.
 *
 * Values at or above the largest multiple of `bound` not exceeding 2^32 are thrown away and the
 * next one is taken; what is left maps onto every index the same number of times, so
 * `value mod bound` favours none.
 */
export function uniformBelow(bound: number, next: Uint32Source): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_32) {
    throw new RangeError('the bound must be an integer from 1 to 2^32');
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % bound);
  for (;;) {
    const value = next();
    if (value < limit) return value % bound;
  }
}
