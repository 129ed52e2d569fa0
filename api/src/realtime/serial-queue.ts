/**
 * One writer per table: tasks pushed onto a queue run one at a time, in the order they arrived.
 * A failing task rejects only its own promise; the queue carries on with the next one.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** Runs `task` after every task queued before it has settled. */
  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.settle(),
      () => this.settle(),
    );
    return result;
  }

  /** Tasks queued or running. */
  get size(): number {
    return this.pending;
  }

  /** Resolves once every task queued so far has settled. */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  private settle(): void {
    this.pending -= 1;
  }
}
