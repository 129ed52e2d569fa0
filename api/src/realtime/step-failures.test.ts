/** A table's failing steps: the retry delay grows and is capped, the log speaks once a minute. */
import { describe, expect, it } from 'vitest';
import { FailureStreak, LOG_EVERY_MS, MAX_RETRY_MS } from './step-failures.js';

describe('FailureStreak', () => {
  it('lets the timer fire when due while nothing fails', () => {
    expect(new FailureStreak().retryAt(5_000, 1_000)).toBe(5_000);
  });

  it('doubles the retry delay with each failure in a row, up to MAX_RETRY_MS', () => {
    const streak = new FailureStreak();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      streak.failed(0);
      delays.push(streak.retryAt(0, 1_000));
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, MAX_RETRY_MS, MAX_RETRY_MS, MAX_RETRY_MS]);
  });

  it('logs the first failure, then once every LOG_EVERY_MS with the failures it did not log', () => {
    const streak = new FailureStreak();
    expect(streak.failed(0)).toEqual({ log: true, inARow: 1, unlogged: 0 });
    expect(streak.failed(1_000)).toEqual({ log: false, inARow: 2, unlogged: 1 });
    expect(streak.failed(LOG_EVERY_MS - 1)).toEqual({ log: false, inARow: 3, unlogged: 2 });
    expect(streak.failed(LOG_EVERY_MS)).toEqual({ log: true, inARow: 4, unlogged: 2 });
    expect(streak.failed(LOG_EVERY_MS + 1)).toEqual({ log: false, inARow: 5, unlogged: 1 });
  });

  it('starts over once a step goes through', () => {
    const streak = new FailureStreak();
    streak.failed(0);
    streak.failed(10);
    streak.succeeded();
    expect(streak.retryAt(20, 1_000)).toBe(20);
    expect(streak.failed(30)).toEqual({ log: true, inARow: 1, unlogged: 0 });
  });
});
