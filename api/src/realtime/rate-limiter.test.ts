import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter (1 per second, burst 3)', () => {
  it('allows a burst of 3, then one per second', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 3, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('p'))).toEqual([true, true, true, false]);
    now += 500;
    expect(limiter.take('p')).toBe(false);
    now += 500;
    expect(limiter.take('p')).toBe(true);
    expect(limiter.take('p')).toBe(false);
  });

  it('keeps keys apart', () => {
    const limiter = new RateLimiter(1, 1, () => 0);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('sweeps full buckets', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 3, () => now);
    limiter.take('a');
    now += 3_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
  });
});
