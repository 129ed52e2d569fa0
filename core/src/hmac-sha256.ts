/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) on 32-bit words, for the fair random source
 * (fair-random.ts, RULES.md §7). Pure TypeScript that runs the same in Node and in browsers.
 *
 * Why not a general hashing library: the shuffle needs about ten compressions per hand, and what
 * costs is around them (cloning hash objects, encoding strings, allocating buffers). Here a keyed
 * HMAC is two precomputed states, a block is 16 words in a reused array, and nothing allocates.
 * fair-random.test.ts and shuffle.test.ts compare what it computes with node:crypto.
 */

import { compress } from './sha256-compress.js';

/** The initial hash value of SHA-256. */
const SHA256_IV: Readonly<Int32Array> = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const HEX = '0123456789abcdef';
/** The value of each hex digit by character code (both cases). */
const HEX_VALUE = new Int32Array(128);
for (let v = 0; v < 16; v++) {
  HEX_VALUE[HEX.charCodeAt(v)] = v;
  HEX_VALUE[HEX.toUpperCase().charCodeAt(v)] = v;
}

/** Reads 64 hex characters (checked by the caller) into 8 big-endian words. */
export function wordsFromHex(hex: string, out: Int32Array): void {
  for (let i = 0; i < 8; i++) {
    let word = 0;
    for (let k = i * 8; k < i * 8 + 8; k++) word = (word << 4) | HEX_VALUE[hex.charCodeAt(k) & 127]!;
    out[i] = word;
  }
}

/** The character code of each hex digit's lowercase character. */
const HEX_CODE = Array.from(HEX, (char) => char.charCodeAt(0));
/** The 64 character codes of the text wordsToHex builds, reused. */
const hexCodes: number[] = new Array<number>(64).fill(0);

/**
 * 8 words as 64 lowercase hex characters. Built from character codes in one call rather than by
 * concatenation, which made a rope of 32 pieces that every later comparison had to flatten.
 */
export function wordsToHex(words: Int32Array): string {
  for (let i = 0; i < 8; i++) {
    const word = words[i]!;
    for (let k = 0; k < 8; k++) hexCodes[i * 8 + k] = HEX_CODE[(word >>> (28 - 4 * k)) & 15]!;
  }
  return String.fromCharCode.apply(null, hexCodes);
}

/** Reads bytes[at..at+64) (zeros past the end of `bytes`) into w[0..16) as big-endian words. */
export function loadBlock(w: Int32Array, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++) {
    const p = at + i * 4;
    w[i] =
      ((bytes[p] ?? 0) << 24) |
      ((bytes[p + 1] ?? 0) << 16) |
      ((bytes[p + 2] ?? 0) << 8) |
      (bytes[p + 3] ?? 0);
  }
}

/**
 * SHA-256 of the 32 bytes whose big-endian words are words[0..8), into `out` (8 words); `w` is a
 * 16-word scratch array. One compression: the bytes, then the padding and the length (256 bits).
 */
export function sha256Of32Bytes(words: Int32Array, out: Int32Array, w: Int32Array): void {
  for (let i = 0; i < 8; i++) w[i] = words[i]!;
  w[8] = 0x80000000 | 0;
  w.fill(0, 9, 15);
  w[15] = 256;
  out.set(SHA256_IV);
  compress(out, w);
}

/**
 * The HMAC-SHA256 states of a key after its padded block (RFC 2104): `inner` after key ⊕ ipad,
 * `outer` after key ⊕ opad. `key` holds the key's 64 bytes zero-padded as 16 big-endian words, so
 * the key can be at most 64 bytes (the fair random source's is 32). `w` is a 16-word scratch array.
 */
export function hmacKeyStates(key: Int32Array, inner: Int32Array, outer: Int32Array, w: Int32Array): void {
  for (let i = 0; i < 16; i++) w[i] = key[i]! ^ 0x36363636;
  inner.set(SHA256_IV);
  compress(inner, w);
  for (let i = 0; i < 16; i++) w[i] = key[i]! ^ 0x5c5c5c5c;
  outer.set(SHA256_IV);
  compress(outer, w);
}

/**
 * The outer half of HMAC-SHA256: out = outer state after the 32-byte inner digest (8 words) and
 * its padding, total length 64 + 32 bytes.
 */
export function hmacFinish(outer: Int32Array, innerDigest: Int32Array, out: Int32Array, w: Int32Array): void {
  for (let i = 0; i < 8; i++) {
    w[i] = innerDigest[i]!;
    out[i] = outer[i]!;
  }
  w[8] = 0x80000000 | 0;
  for (let i = 9; i < 15; i++) w[i] = 0;
  w[15] = (64 + 32) * 8;
  compress(out, w);
}
