import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { referenceUint32Stream } from './test-support/reference-stream.js';
import { HmacStream, hmacUint32Stream, uniformBelow } from './fair-random.js';

const SEED_A = createHash('sha256').update('test seed a').digest('hex');

describe('uniformBelow: unbiased sampling from 32-bit numbers', () => {
  /** A crafted source that hands out the given numbers and counts how many were taken. */
  function source(values: number[]) {
    const s = { taken: 0, next: () => values[s.taken++] ?? Number.NaN };
    return s;
  }

  it('discards values at or above the largest multiple of the bound (bound 3)', () => {
    // 2^32 = 3 × 1431655765 + 1, so only 2^32 − 1 is thrown away.
    const s = source([2 ** 32 - 1, 5]);
    expect(uniformBelow(3, s.next)).toBe(2);
    expect(s.taken).toBe(2);
    const t = source([2 ** 32 - 2]);
    expect(uniformBelow(3, t.next)).toBe((2 ** 32 - 2) % 3);
    expect(t.taken).toBe(1);
  });

  it('discards about half the values just above 2^31', () => {
    const bound = 2 ** 31 + 1; // the largest multiple below 2^32 is the bound itself
    const s = source([bound, 2 ** 32 - 1, 2 ** 31]);
    expect(uniformBelow(bound, s.next)).toBe(2 ** 31);
    expect(s.taken).toBe(3);
  });

  it('never discards when the bound divides 2^32', () => {
    const s = source([2 ** 32 - 1]);
    expect(uniformBelow(32, s.next)).toBe(31);
    expect(uniformBelow(1, source([2 ** 32 - 1]).next)).toBe(0);
    expect(uniformBelow(2 ** 32, source([2 ** 32 - 1]).next)).toBe(2 ** 32 - 1);
  });

  it('refuses bounds outside 1..2^32', () => {
    for (const bound of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN, Infinity]) {
      expect(() => uniformBelow(bound, () => 0)).toThrow(RangeError);
    }
  });
});

describe('hmacUint32Stream', () => {
  it('reads eight big-endian numbers per HMAC block, counter after counter', () => {
    const stream = hmacUint32Stream(Buffer.from(SEED_A, 'hex'), 'x:3:');
    const byHand = referenceUint32Stream(SEED_A, (counter) => `x:3:${counter}`);
    for (let i = 0; i < 40; i++) expect(stream()).toBe(byHand());
  });
});

describe('HmacStream: the fast stream is HMAC-SHA256 as node:crypto computes it', () => {
  const keyFor = (label: string | number) => createHash('sha256').update(`key ${label}`).digest('hex');
  /** `count` numbers of the stream, taken by reading every block as node:crypto hashes it. */
  const byHand = (key: string, prefix: string, count: number) => {
    const next = referenceUint32Stream(key, (counter) => `${prefix}${counter}`);
    return Array.from({ length: count }, next);
  };
  const fast = (stream: HmacStream, count: number) => Array.from({ length: count }, () => stream.next());

  it('for prefixes of every length from 0 to 200 bytes (one, two and three SHA-256 blocks)', () => {
    // The inner message is 64 key bytes + prefix + counter + 9 bytes of padding at least: lengths
    // 55/56, 119/120 and 183/184 move the padding into another block, 64 and 128 fill whole ones.
    const stream = new HmacStream();
    for (let length = 0; length <= 200; length++) {
      const prefix = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7 + length) % 90))).join(
        '',
      );
      const key = keyFor(length);
      expect(fast(stream.keyHex(key).start(prefix), 24)).toEqual(byHand(key, prefix, 24));
    }
  });

  it('as the counter gains digits at 10, 100 and 1000, whichever block the digits fall in', () => {
    // Prefixes whose digits or padding cross the end of a block once the counter grows.
    for (const length of [1, 50, 52, 53, 54, 55, 63, 64, 117, 118]) {
      const prefix = 'c'.repeat(length);
      const key = keyFor(`counter ${length}`);
      const numbers = 8 * 1005; // counters 0..1004
      expect(fast(new HmacStream().keyHex(key).start(prefix), numbers)).toEqual(byHand(key, prefix, numbers));
    }
  });

  it('encodes a prefix with non-ASCII characters as UTF-8', () => {
    const key = keyFor('utf8');
    for (const prefix of ['ёжик:1:', '🂡 туз:12:', 'é'.repeat(40), `${'a'.repeat(63)}я:`]) {
      expect(fast(new HmacStream().keyHex(key).start(prefix), 16)).toEqual(byHand(key, prefix, 16));
    }
  });

  it('gives the same numbers after being re-keyed and restarted as a fresh stream does', () => {
    const reused = new HmacStream();
    fast(reused.keyHex(keyFor('a')).start('x'.repeat(150)), 100);
    expect(fast(reused.keyHex(keyFor('b')).start('svara:1:'), 40)).toEqual(
      byHand(keyFor('b'), 'svara:1:', 40),
    );
    expect(fast(reused.start('svara:2:'), 40)).toEqual(byHand(keyFor('b'), 'svara:2:', 40));
  });

  it('takes keys of 0 to 64 bytes as HMAC does (zero-padded to the block), and no longer ones', () => {
    for (let length = 0; length <= 64; length++) {
      const key = Buffer.alloc(length, length + 1);
      const block = createHmac('sha256', key).update('k:0').digest();
      const expected = Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
      expect(fast(new HmacStream().keyBytes(key).start('k:'), 8)).toEqual(expected);
    }
    expect(() => new HmacStream().keyBytes(new Uint8Array(65))).toThrow(RangeError);
  });

  it('draws below a bound exactly as uniformBelow does from the same numbers', () => {
    const key = keyFor('below');
    for (const bound of [1, 2, 3, 6, 31, 32, 1000, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32]) {
      const stream = new HmacStream().keyHex(key).start(`b${bound}:`);
      const next = hmacUint32Stream(Buffer.from(key, 'hex'), `b${bound}:`);
      for (let i = 0; i < 50; i++) expect(stream.below(bound)).toBe(uniformBelow(bound, next));
    }
    expect(() => new HmacStream().keyHex(key).start('b:').below(0)).toThrow(RangeError);
  });
});
