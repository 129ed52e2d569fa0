import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer.js';

describe('Coalescer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes a burst of changes once', () => {
    const flush = vi.fn();
    const c = new Coalescer(flush, 1_000);
    for (let i = 0; i < 50; i++) c.mark();
    vi.advanceTimersByTime(0);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('never flushes more than once per interval, and never drops the last change', () => {
    const flush = vi.fn();
    const c = new Coalescer(flush, 1_000);
    const flushedAt: number[] = [];
    flush.mockImplementation(() => flushedAt.push(Date.now()));
    // A change every 100 ms for 3.05 s.
    for (let t = 0; t <= 3_000; t += 100) {
      c.mark();
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(2_000);
    for (let i = 1; i < flushedAt.length; i++) {
      expect(flushedAt[i]! - flushedAt[i - 1]!).toBeGreaterThanOrEqual(1_000);
    }
    // 31 changes over 3 s: a flush at 0, 1, 2 and 3 s, and one at 4 s for the change made just after it.
    expect(flushedAt).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
  });

  it('does nothing when nothing changed', () => {
    const flush = vi.fn();
    new Coalescer(flush, 1_000);
    vi.advanceTimersByTime(10_000);
    expect(flush).not.toHaveBeenCalled();
  });
});
