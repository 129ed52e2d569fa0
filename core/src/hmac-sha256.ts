/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) on 32-bit words, for the fair random source
 * (fair-random.ts, RULES.md §7). Pure TypeScript that runs the same in Node and in browsers.
 *
 * Why not a general hashing library: the shuffle needs about ten compressions per hand, and what
 * costs is around them (cloning hash objects, encoding strings, allocating buffers). Here a keyed
 * HMAC is two precomputed states, a block is 16 words in a reused array, and nothing allocates.
 * fair-random.test.ts and shuffle.test.ts compare what it computes with node:crypto.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash value of SHA-256. */
export const SHA256_IV: Readonly<Int32Array> = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/**
 * One SHA-256 compression of the block whose 16 big-endian words are w[0..16) into `state`
 * (8 words). `w` has 64 entries; w[16..64) is overwritten with the message schedule.
 */
export function compress(state: Int32Array, w: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  // Eight rounds per pass, the working variables' roles rotating instead of their values moving.
  // Round i on (a, …, h): t1 = h + Σ1(e) + Ch(e, f, g) + K[i] + w[i]; d += t1;
  // h = t1 + Σ0(a) + Maj(a, b, c); the next round works on (h, a, b, c, d, e, f, g).
  for (let i = 0; i < 64; i += 8) {
    let sum = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    h = (h + sum + (g ^ (e & (f ^ g))) + K[i]! + w[i]!) | 0;
    d = (d + h) | 0;
    sum = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    h = (h + sum + ((a & b) | (c & (a | b)))) | 0;
    sum = ((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7));
    g = (g + sum + (f ^ (d & (e ^ f))) + K[i + 1]! + w[i + 1]!) | 0;
    c = (c + g) | 0;
    sum = ((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10));
    g = (g + sum + ((h & a) | (b & (h | a)))) | 0;
    sum = ((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7));
    f = (f + sum + (e ^ (c & (d ^ e))) + K[i + 2]! + w[i + 2]!) | 0;
    b = (b + f) | 0;
    sum = ((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10));
    f = (f + sum + ((g & h) | (a & (g | h)))) | 0;
    sum = ((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7));
    e = (e + sum + (d ^ (b & (c ^ d))) + K[i + 3]! + w[i + 3]!) | 0;
    a = (a + e) | 0;
    sum = ((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10));
    e = (e + sum + ((f & g) | (h & (f | g)))) | 0;
    sum = ((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7));
    d = (d + sum + (c ^ (a & (b ^ c))) + K[i + 4]! + w[i + 4]!) | 0;
    h = (h + d) | 0;
    sum = ((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10));
    d = (d + sum + ((e & f) | (g & (e | f)))) | 0;
    sum = ((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7));
    c = (c + sum + (b ^ (h & (a ^ b))) + K[i + 5]! + w[i + 5]!) | 0;
    g = (g + c) | 0;
    sum = ((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10));
    c = (c + sum + ((d & e) | (f & (d | e)))) | 0;
    sum = ((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7));
    b = (b + sum + (a ^ (g & (h ^ a))) + K[i + 6]! + w[i + 6]!) | 0;
    f = (f + b) | 0;
    sum = ((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10));
    b = (b + sum + ((c & d) | (e & (c | d)))) | 0;
    sum = ((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7));
    a = (a + sum + (h ^ (f & (g ^ h))) + K[i + 7]! + w[i + 7]!) | 0;
    e = (e + a) | 0;
    sum = ((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10));
    a = (a + sum + ((b & c) | (d & (b | c)))) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

const HEX = '0123456789abcdef';

/** Reads 64 hex characters (checked by the caller) into 8 big-endian words. */
export function wordsFromHex(hex: string, out: Int32Array): void {
  for (let i = 0; i < 8; i++) {
    let word = 0;
    for (let k = i * 8; k < i * 8 + 8; k++) {
      const code = hex.charCodeAt(k);
      // '0'..'9' are 48..57; 'a'..'f' are 97..102 and 'A'..'F' 65..70 (low bits + 9).
      word = (word << 4) | (code <= 57 ? code - 48 : (code & 7) + 9);
    }
    out[i] = word;
  }
}

/** 8 words as 64 lowercase hex characters. */
export function wordsToHex(words: Int32Array): string {
  let hex = '';
  for (let i = 0; i < 8; i++) {
    const word = words[i]!;
    for (let shift = 28; shift >= 0; shift -= 4) hex += HEX[(word >>> shift) & 15];
  }
  return hex;
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
 * 64-word scratch array. One compression: the bytes, then the padding and the length (256 bits).
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
 * the key can be at most 64 bytes (the fair random source's is 32). `w` is a 64-word scratch array.
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
  for (let i = 0; i < 8; i++) w[i] = innerDigest[i]!;
  w[8] = 0x80000000 | 0;
  w.fill(0, 9, 15);
  w[15] = (64 + 32) * 8;
  out.set(outer);
  compress(out, w);
}
