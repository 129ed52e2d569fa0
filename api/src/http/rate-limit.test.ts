import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './rate-limit.js';

describe('TokenBuckets', () => {
  it('allows a burst, then the refill rate, per key', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    expect(buckets.take('b')).toBe(true);
    now += 499;
    expect(buckets.take('a')).toBe(false);
    now += 1;
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });

  it('forgets keys whose bucket has refilled', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 }, () => now);
    buckets.take('a');
    buckets.take('b');
    buckets.take('b');
    now += 1000;
    buckets.sweep();
    expect(buckets.size).toBe(1);
    now += 1000;
    buckets.sweep();
    expect(buckets.size).toBe(0);
  });
});
