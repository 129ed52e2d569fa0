/**
 * The server keeps time: each table has at most one timer, set to its next deadline (turn, svara
 * window, result display). Re-arming replaces the previous timer, so a table never has two.
 */
export type Clock = () => number;

export class DeadlineTimer {
  private handle: NodeJS.Timeout | null = null;
  private armedAt: number | null = null;

  constructor(
    private readonly onDue: () => void,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Fires `onDue` once at `at` (ms since epoch), replacing any earlier timer; null just clears. */
  arm(at: number | null): void {
    if (at === this.armedAt && this.handle) return;
    this.clear();
    if (at === null) return;
    this.armedAt = at;
    const delay = Math.max(0, at - this.clock());
    this.handle = setTimeout(() => {
      this.handle = null;
      this.armedAt = null;
      this.onDue();
    }, delay);
    // A table's timer never keeps the process alive by itself; the HTTP server does.
    this.handle.unref();
  }

  clear(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    this.armedAt = null;
  }

  /** The deadline the timer is armed for, or null. */
  get at(): number | null {
    return this.armedAt;
  }
}
