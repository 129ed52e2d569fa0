/**
 * Updates waiting for the bot, served like Telegram's getUpdates: numbered, kept until a later
 * call's `offset` confirms them, and a call with nothing to take waits (long polling) until
 * something arrives or its `timeout` runs out.
 */

/** Updates kept unconfirmed at most; a bot that stopped polling does not grow memory forever. */
export const MAX_PENDING_UPDATES = 1000;

export type Update = { update_id: number } & Record<string, unknown>;

interface Waiter {
  wake(): void;
}

export class UpdateQueue {
  private pending: Update[] = [];
  private lastUpdateId = 0;
  private waiter: Waiter | null = null;

  /** Queues an update (its update_id is assigned here) and wakes a waiting getUpdates. */
  push(update: Record<string, unknown>): Update {
    const queued: Update = { ...update, update_id: ++this.lastUpdateId };
    this.pending.push(queued);
    if (this.pending.length > MAX_PENDING_UPDATES) this.pending.shift();
    this.waiter?.wake();
    return queued;
  }

  /**
   * getUpdates: confirms everything before `offset`, then answers what is left (at most `limit`),
   * waiting up to `timeoutSeconds` for a first one. A newer call ends an older one's wait with
   * nothing, as only one poller is served at a time. `signal` ends the wait when the caller leaves.
   */
  async take(
    options: { offset?: number; limit?: number; timeoutSeconds?: number },
    signal?: AbortSignal,
  ): Promise<Update[]> {
    const offset = options.offset ?? 0;
    if (offset > 0) this.pending = this.pending.filter((update) => update.update_id >= offset);
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 100);
    const available = () => this.pending.slice(0, limit);
    if (this.pending.length > 0 || !options.timeoutSeconds) return available();

    this.waiter?.wake();
    await new Promise<void>((resolve) => {
      const waiter: Waiter = {
        wake: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', waiter.wake);
          if (this.waiter === waiter) this.waiter = null;
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, options.timeoutSeconds! * 1000);
      signal?.addEventListener('abort', waiter.wake);
      this.waiter = waiter;
    });
    return available();
  }

  /** How many updates wait for the bot (getWebhookInfo's pending_update_count). */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Ends any wait (shutdown). */
  close(): void {
    this.waiter?.wake();
  }
}
