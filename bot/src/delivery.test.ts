import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { deliver } from './delivery.js';

const telegramError = (error_code: number, description: string, retry_after?: number) =>
  new GrammyError(
    `Call to 'sendMessage' failed! (${error_code}: ${description})`,
    { ok: false, error_code, description, ...(retry_after ? { parameters: { retry_after } } : {}) },
    'sendMessage',
    {},
  );

/** A send that fails with the given errors, in order, then succeeds. */
function flaky(...errors: unknown[]) {
  let calls = 0;
  const send = async () => {
    const error = errors[calls++];
    if (error) throw error;
  };
  return { send, calls: () => calls };
}

describe('delivering one message', () => {
  it('reports a player who blocked the bot, or never started it, as blocked', async () => {
    expect(await deliver(flaky(telegramError(403, 'Forbidden: bot was blocked by the user')).send)).toBe(
      'blocked',
    );
    expect(await deliver(flaky(telegramError(400, 'Bad Request: chat not found')).send)).toBe('blocked');
  });

  it('waits out "too many requests" for as long as Telegram asks, then retries', async () => {
    const waits: number[] = [];
    const attempt = flaky(telegramError(429, 'Too Many Requests: retry after 2', 2));
    const result = await deliver(attempt.send, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe('sent');
    expect(waits).toEqual([2000]);
    expect(attempt.calls()).toBe(2);
  });

  it('gives up after the allowed retries and reports other failures without throwing', async () => {
    const busy = telegramError(429, 'Too Many Requests', 1);
    const attempt = flaky(busy, busy, busy);
    const errors: unknown[] = [];
    const result = await deliver(attempt.send, {
      maxRetries: 2,
      sleep: async () => undefined,
      onError: (e) => errors.push(e),
    });
    expect(result).toBe('failed');
    expect(attempt.calls()).toBe(3);
    expect(errors).toEqual([busy]);
    const network = new HttpError('Network request for sendMessage failed', new Error('ECONNRESET'));
    expect(await deliver(flaky(network).send)).toBe('failed');
    expect(await deliver(flaky(telegramError(400, 'Bad Request: message is too long')).send)).toBe('failed');
  });
});
