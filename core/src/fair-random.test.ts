import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { referenceUint32Stream } from './test-support/reference-stream.js';
import { hmacUint32Stream, uniformBelow } from './fair-random.js';

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
