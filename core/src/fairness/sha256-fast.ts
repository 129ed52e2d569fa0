/**
 * A minimal SHA-256 compression and HMAC-SHA256 with the key's inner and outer states computed
 * once, writing into reused buffers: the fast path under fast-shuffle.ts. It computes exactly what
 * @noble/hashes' hmac(sha256) computes (its test compares the two); nothing else uses it.
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
const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/**
 * One compression into `state` of the block whose 16 big-endian words are in w[0..16); w (length
 * 64) is the message schedule and is overwritten.
 */
function compress(state: Int32Array, w: Int32Array): void {
  for (let i = 16; i < 64; i++) {
    const w15 = w[i - 15]!;
    const w2 = w[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
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
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
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

/** Reads the 64 bytes at bytes[at..at+64) into w[0..16) as big-endian words. */
function loadWords(w: Int32Array, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++) {
    const p = at + i * 4;
    w[i] = (bytes[p]! << 24) | (bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!;
  }
}

/** HMAC-SHA256 with a fixed key of at most 64 bytes; `digest(message, length)` writes 8 big-endian words into `out`. */
export type FastHmac = (message: Uint8Array, length: number, out: Int32Array) => void;

export function fastHmacSha256(key: Uint8Array): FastHmac {
  if (key.length > 64) throw new RangeError('the key must be at most 64 bytes');
  const w = new Int32Array(64);
  const inner = new Int32Array(8);
  const outer = new Int32Array(8);
  const pads = new Uint8Array(64);
  for (const [state, byte] of [
    [inner, 0x36],
    [outer, 0x5c],
  ] as const) {
    for (let i = 0; i < 64; i++) pads[i] = (key[i] ?? 0) ^ byte;
    state.set(IV);
    loadWords(w, pads, 0);
    compress(state, w);
  }
  const state = new Int32Array(8);
  let buf = new Uint8Array(128);
  return (message, length, out) => {
    // Inner hash: the key's inner state, then the message padded as if after 64 bytes.
    const total = Math.ceil((length + 9) / 64) * 64;
    if (buf.length < total) buf = new Uint8Array(total);
    buf.set(message.subarray(0, length));
    buf[length] = 0x80;
    buf.fill(0, length + 1, total - 4);
    const bits = (length + 64) * 8;
    buf[total - 4] = bits >>> 24;
    buf[total - 3] = (bits >>> 16) & 0xff;
    buf[total - 2] = (bits >>> 8) & 0xff;
    buf[total - 1] = bits & 0xff;
    state.set(inner);
    for (let at = 0; at < total; at += 64) {
      loadWords(w, buf, at);
      compress(state, w);
    }
    // Outer hash: the outer state, then the 32-byte inner digest padded as if after 64 bytes.
    w.set(state);
    w[8] = 0x80000000 | 0;
    w.fill(0, 9, 15);
    w[15] = (64 + 32) * 8;
    out.set(outer);
    compress(out, w);
  };
}
