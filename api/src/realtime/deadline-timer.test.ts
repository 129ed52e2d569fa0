import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineTimer } from './deadline-timer.js';

describe('DeadlineTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once at the deadline', () => {
    const due = vi.fn();
    const timer = new DeadlineTimer(due);
    timer.arm(Date.now() + 15_000);
    vi.advanceTimersByTime(14_999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(due).toHaveBeenCalledTimes(1);
    expect(timer.at).toBeNull();
  });

  it('keeps a single timer: re-arming replaces the earlier deadline', () => {
    const due = vi.fn();
    const timer = new DeadlineTimer(due);
    timer.arm(Date.now() + 1_000);
    timer.arm(Date.now() + 5_000);
    vi.advanceTimersByTime(1_000);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_000);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a deadline already past (a timer rebuilt after a restart)', () => {
    const due = vi.fn();
    new DeadlineTimer(due).arm(Date.now() - 500);
    vi.advanceTimersByTime(0);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('arming with null clears', () => {
    const due = vi.fn();
    const timer = new DeadlineTimer(due);
    timer.arm(Date.now() + 10);
    timer.arm(null);
    vi.advanceTimersByTime(100);
    expect(due).not.toHaveBeenCalled();
  });
});
