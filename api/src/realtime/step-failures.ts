/**
 * A table whose steps keep failing (the database away, an escrow that no longer holds what the hand
 * says) must not retry at the speed of the database: its timer's next step waits longer after each
 * failure in a row (the retry delay doubling up to MAX_RETRY_MS), and the failures are logged once
 * at the first and then at most once every LOG_EVERY_MS, with how many there were meanwhile. A step
 * that goes through ends the streak. Pure: the caller passes the time.
 */

/** The longest a failing table waits before its timer tries again. */
export const MAX_RETRY_MS = 30_000;
/** A streak of failures is logged at most once in this long (its first failure always). */
export const LOG_EVERY_MS = 60_000;

/** What to do about one failure: log it or not, and the failures in a row so far. */
export type FailureNotice = { log: boolean; inARow: number; unlogged: number };

export class FailureStreak {
  private inARow = 0;
  private loggedAt: number | null = null;
  private unlogged = 0;

  /** One more failure at `now`. */
  failed(now: number): FailureNotice {
    this.inARow += 1;
    if (this.loggedAt !== null && now - this.loggedAt < LOG_EVERY_MS) {
      this.unlogged += 1;
      return { log: false, inARow: this.inARow, unlogged: this.unlogged };
    }
    const notice = { log: true, inARow: this.inARow, unlogged: this.unlogged };
    this.loggedAt = now;
    this.unlogged = 0;
    return notice;
  }

  /** A step went through: the streak is over. */
  succeeded(): void {
    this.inARow = 0;
    this.loggedAt = null;
    this.unlogged = 0;
  }

  /**
   * The earliest the table's timer may fire again, after `inARow` failures: at once without any,
   * else `baseMs` doubled for each failure after the first, at most MAX_RETRY_MS.
   */
  retryAt(now: number, baseMs: number): number {
    if (this.inARow === 0) return now;
    return now + Math.min(MAX_RETRY_MS, Math.max(1, baseMs) * 2 ** Math.min(this.inARow - 1, 20));
  }
}
