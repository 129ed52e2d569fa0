/**
 * Turns bursts of "something changed" into at most one flush per interval. The first change after a
 * quiet period flushes on the next turn of the event loop; later ones wait for the interval to pass.
 */
import type { Clock } from './deadline-timer.js';

export class Coalescer {
  private handle: NodeJS.Timeout | null = null;
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly flush: () => void,
    private readonly intervalMs: number,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Notes a change; the flush that covers it is already scheduled or gets scheduled now. */
  mark(): void {
    if (this.handle) return;
    const delay = Math.max(0, this.lastFlush + this.intervalMs - this.clock());
    this.handle = setTimeout(() => {
      this.handle = null;
      this.lastFlush = this.clock();
      this.flush();
    }, delay);
    this.handle.unref();
  }

  get scheduled(): boolean {
    return this.handle !== null;
  }

  stop(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }
}
