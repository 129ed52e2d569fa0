/**
 * The building blocks of the fair random source (RULES.md §7): a stream of 32-bit numbers drawn
 * from HMAC-SHA256 blocks, and unbiased sampling of an integer below a bound from such a stream.
 * shuffle.ts composes them into the deck shuffle and other table draws.
 *
 * The stream is HMAC-SHA256(key, `${messagePrefix}${counter}`) for counter = 0, 1, 2, … in
 * decimal, each 32-byte block read as eight big-endian uint32 values, block after block. It is
 * computed on words (hmac-sha256.ts) without allocating: the key's HMAC states once per key, the
 * prefix's whole 64-byte blocks once per prefix, then per block only the counter's digits and the
 * padding are written into a reused buffer (one or two compressions, and one for the outer hash).
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { hmacFinish, hmacKeyStates, loadBlock, wordsFromHex } from './hmac-sha256.js';
import { compress } from './sha256-compress.js';

/** Returns the next unsigned 32-bit number of a stream each time it is called. */
export type Uint32Source = () => number;

const TWO_POW_32 = 2 ** 32;

/** Values at or above this are discarded when drawing below `bound` (see uniformBelow). */
function rejectionLimit(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > TWO_POW_32) {
    throw new RangeError('the bound must be an integer from 1 to 2^32');
  }
  return TWO_POW_32 - (TWO_POW_32 % bound);
}

/** rejectionLimit of the bounds up to 64 (those of the shuffle and of seat draws), worked out once. */
const SMALL_LIMITS = Array.from({ length: 65 }, (_, bound) => (bound === 0 ? 0 : rejectionLimit(bound)));

/** The smallest multiple of 64 that holds `length` bytes and the padding of a final block. */
const paddedLength = (length: number) => Math.ceil((length + 9) / 64) * 64;

/**
 * The number stream of one key and message prefix. Reusable: `keyHex`/`keyBytes` set the key,
 * `start` a prefix (and counter 0); both return the stream so calls chain.
 */
export class HmacStream {
  private readonly key = new Int32Array(16);
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  /** The inner hash state after the key block and the prefix's whole 64-byte blocks. */
  private readonly prefixState = new Int32Array(8);
  private readonly state = new Int32Array(8);
  private readonly w = new Int32Array(16);
  /** The current block's eight numbers, as signed words. */
  private readonly block = new Int32Array(8);
  /** The message prefix's UTF-8 bytes. */
  private prefix = new Uint8Array(128);
  private prefixLength = 0;
  /** The prefix's bytes after its whole blocks (fewer than 64) as big-endian words, zeros after. */
  private readonly tail = new Int32Array(32);
  private tailPrefix = 0;
  /** The last one or two blocks of the message: the tail, the counter's digits and the padding. */
  private readonly message = new Int32Array(32);
  private counter = 0;
  private offset = 8;

  /** Keys the stream with the 32 bytes spelled by 64 hex characters (checked by the caller). */
  keyHex(hex: string): this {
    wordsFromHex(hex, this.key);
    this.key.fill(0, 8);
    hmacKeyStates(this.key, this.inner, this.outer, this.w);
    return this;
  }

  /** Keys the stream with at most 64 bytes. */
  keyBytes(bytes: Uint8Array): this {
    if (bytes.length > 64) throw new RangeError('the key must be at most 64 bytes');
    const padded = new Uint8Array(64);
    padded.set(bytes);
    loadBlock(this.key, padded, 0);
    hmacKeyStates(this.key, this.inner, this.outer, this.w);
    return this;
  }

  /** Starts the stream of `messagePrefix` at counter 0. */
  start(messagePrefix: string): this {
    const length = this.encode(messagePrefix);
    const whole = length >>> 6;
    for (let i = 0; i < 8; i++) this.prefixState[i] = this.inner[i]!;
    for (let b = 0; b < whole; b++) {
      loadBlock(this.w, this.prefix, b * 64);
      compress(this.prefixState, this.w);
    }
    const tail = this.tail;
    this.tailPrefix = length - whole * 64;
    tail.fill(0);
    for (let i = 0; i < this.tailPrefix; i++)
      tail[i >> 2]! |= this.prefix[whole * 64 + i]! << (24 - 8 * (i & 3));
    this.counter = 0;
    this.offset = 8;
    return this;
  }

  /** The next number of the stream, 0 ≤ u < 2^32. */
  next(): number {
    if (this.offset === 8) this.nextBlock();
    return this.block[this.offset++]! >>> 0;
  }

  /** A uniform integer in [0, bound) from this stream, as uniformBelow draws it. */
  below(bound: number): number {
    const small = (bound | 0) === bound && bound > 0 && bound < SMALL_LIMITS.length;
    const limit = small ? SMALL_LIMITS[bound]! : rejectionLimit(bound);
    for (;;) {
      const value = this.next();
      if (value < limit) return value % bound;
    }
  }

  /** Writes the prefix's UTF-8 bytes into `this.prefix` (zero-padded to whole blocks); its length. */
  private encode(text: string): number {
    let ascii = true;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) ascii = false;
    // Client seeds are hex digests or short ASCII names: those are copied without encoding.
    const bytes = ascii ? null : utf8ToBytes(text);
    const length = bytes ? bytes.length : text.length;
    if (this.prefix.length < paddedLength(length)) this.prefix = new Uint8Array(paddedLength(length));
    if (bytes) this.prefix.set(bytes);
    else for (let i = 0; i < length; i++) this.prefix[i] = text.charCodeAt(i);
    this.prefix.fill(0, length);
    this.prefixLength = length;
    return length;
  }

  /** The block of the current counter: the inner hash of prefix and digits, then the outer hash. */
  private nextBlock(): void {
    const { tail, message, w, state } = this;
    let digits = 1;
    for (let c = this.counter; c >= 10; c = Math.floor(c / 10)) digits++;
    // Message bytes from the tail's start: the rest of the prefix, the digits, then 0x80 at `end`,
    // zeros, and the 64-bit length in bits of all that follows the 64-byte key block.
    const end = this.tailPrefix + digits;
    const words = end + 9 <= 64 ? 16 : 32;
    for (let i = 0; i < words; i++) message[i] = tail[i]!;
    for (let c = this.counter, p = end - 1; p >= this.tailPrefix; p--) {
      const digit = c % 10;
      message[p >> 2]! |= (48 + digit) << (24 - 8 * (p & 3));
      c = (c - digit) / 10;
    }
    message[end >> 2]! |= 0x80 << (24 - 8 * (end & 3));
    const bits = (64 + this.prefixLength + digits) * 8;
    message[words - 2] = Math.floor(bits / TWO_POW_32) | 0;
    message[words - 1] = bits | 0;
    for (let i = 0; i < 8; i++) state[i] = this.prefixState[i]!;
    for (let at = 0; at < words; at += 16) {
      for (let i = 0; i < 16; i++) w[i] = message[at + i]!;
      compress(state, w);
    }
    hmacFinish(this.outer, state, this.block, w);
    this.counter += 1;
    this.offset = 0;
  }
}

/**
 * The numbers read from HMAC-SHA256(key, `${messagePrefix}${counter}`) for counter = 0, 1, 2, …
 * (decimal), each 32-byte block read as eight big-endian uint32 values, block after block.
 */
export function hmacUint32Stream(key: Uint8Array, messagePrefix: string): Uint32Source {
  const stream = new HmacStream().keyBytes(key).start(messagePrefix);
  return () => stream.next();
}

/**
 * A uniform integer in [0, bound) from a uint32 stream, 1 ≤ bound ≤ 2^32.
 *
 * Values at or above the largest multiple of `bound` not exceeding 2^32 are thrown away and the
 * next one is taken; what is left maps onto every index the same number of times, so
 * `value mod bound` favours none.
 */
export function uniformBelow(bound: number, next: Uint32Source): number {
  const limit = rejectionLimit(bound);
  for (;;) {
    const value = next();
    if (value < limit) return value % bound;
  }
}
