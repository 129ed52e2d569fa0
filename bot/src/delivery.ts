/**
 * Sending one message to one player, the way notifications and broadcasts need it: Telegram's
 * "too many requests" is waited out and retried, a player who blocked the bot is told apart from
 * other failures, and nothing throws.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { GrammyError } from 'grammy';

export type DeliveryResult = 'sent' | 'blocked' | 'failed';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Waits `ms`, or less when the signal aborts (never rejects). */
export const sleep: Sleep = (ms, signal) =>
  delay(ms, undefined, signal ? { signal } : undefined).catch(() => undefined);

export interface DeliveryOptions {
  /** How many times a 429 answer is retried after its `retry_after`. */
  maxRetries?: number;
  sleep?: Sleep;
  signal?: AbortSignal;
  onError?: (error: unknown) => void;
}

/** 403 (blocked, deactivated, never started) and "chat not found": this player cannot be reached. */
export function isUnreachable(error: GrammyError): boolean {
  return (
    error.error_code === 403 ||
    (error.error_code === 400 && /chat not found|user is deactivated/i.test(error.description))
  );
}

export async function deliver(
  send: () => Promise<unknown>,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const { maxRetries = 3, sleep: wait = sleep, signal, onError } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      await send();
      return 'sent';
    } catch (error) {
      if (error instanceof GrammyError) {
        if (isUnreachable(error)) return 'blocked';
        const retryAfter = error.parameters.retry_after;
        if (
          error.error_code === 429 &&
          retryAfter !== undefined &&
          attempt < maxRetries &&
          !signal?.aborted
        ) {
          await wait(retryAfter * 1000, signal);
          continue;
        }
      }
      onError?.(error);
      return 'failed';
    }
  }
}
