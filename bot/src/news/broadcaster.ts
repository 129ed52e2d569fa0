/**
 * Sends one message to every recipient, one at a time at a steady pace under Telegram's limit for
 * bulk messages (about 30 a second), in the background: the admin's chat stays responsive and gets
 * a summary at the end. One broadcast at a time. A player who turns out to have blocked the bot is
 * marked so, and later broadcasts skip them.
 */
import { deliver, sleep as realSleep, type DeliveryResult, type Sleep } from '../delivery.js';
import type { NewsPost } from './post.js';
import type { Recipients } from './recipients.js';

/** What a broadcast sends: a text or a photo post. */
export type BroadcastMessage = NewsPost;

export interface BroadcastReport {
  /** Recipients tried: sent + blocked + failed. */
  total: number;
  sent: number;
  blocked: number;
  failed: number;
  elapsedMs: number;
  /** Stopped before the last recipient (the bot is shutting down). */
  interrupted: boolean;
}

export type BroadcastStart = { started: true; recipients: number } | { started: false; reason: 'busy' };

export interface Broadcaster {
  /** Starts in the background unless a broadcast is running; `onDone` gets the report. */
  start(
    message: BroadcastMessage,
    onDone: (report: BroadcastReport) => Promise<unknown>,
  ): Promise<BroadcastStart>;
  readonly running: boolean;
  /** Resolves when the broadcast in progress (and its `onDone`) has finished. */
  idle(): Promise<void>;
  /** Interrupts the broadcast in progress after the message being sent. */
  stop(): void;
}

export interface BroadcasterOptions {
  recipients: Recipients;
  send(chatId: string, message: BroadcastMessage): Promise<unknown>;
  /** Messages per second; 25 keeps a margin under Telegram's ~30. */
  perSecond?: number;
  now?: () => number;
  sleep?: Sleep;
  onError?: (error: unknown) => void;
}

export function createBroadcaster(options: BroadcasterOptions): Broadcaster {
  const { recipients, send, perSecond = 25, now = Date.now, sleep = realSleep, onError } = options;
  const intervalMs = 1000 / perSecond;
  let current: Promise<void> | null = null;
  let abort: AbortController | null = null;

  async function run(message: BroadcastMessage, signal: AbortSignal): Promise<BroadcastReport> {
    const startedAt = now();
    const counts: Record<DeliveryResult, number> = { sent: 0, blocked: 0, failed: 0 };
    let nextAt = startedAt;
    for await (const chatId of recipients.ids()) {
      if (signal.aborted) break;
      const wait = nextAt - now();
      if (wait > 0) await sleep(wait, signal);
      if (signal.aborted) break;
      nextAt = Math.max(nextAt, now()) + intervalMs;
      const result = await deliver(() => send(chatId, message), { sleep, signal, onError });
      counts[result]++;
      if (result === 'blocked') {
        // Bookkeeping only: a failure here must not end the broadcast for everyone else.
        await recipients.markBlocked(chatId).catch((error: unknown) => onError?.(error));
      }
    }
    const total = counts.sent + counts.blocked + counts.failed;
    return { total, ...counts, elapsedMs: now() - startedAt, interrupted: signal.aborted };
  }

  return {
    async start(message, onDone) {
      if (current) return { started: false, reason: 'busy' };
      const controller = new AbortController();
      abort = controller;
      // Claimed before the first await, so two confirmations cannot both start.
      let release!: () => void;
      current = new Promise((resolve) => (release = resolve));
      let count: number;
      try {
        count = await recipients.count();
      } catch (error) {
        current = null;
        abort = null;
        release();
        throw error;
      }
      void run(message, controller.signal)
        .then(onDone)
        .catch((error: unknown) => onError?.(error))
        .finally(() => {
          current = null;
          abort = null;
          release();
        });
      return { started: true, recipients: count };
    },
    get running() {
      return current !== null;
    },
    async idle() {
      await current;
    },
    stop() {
      abort?.abort();
    },
  };
}
