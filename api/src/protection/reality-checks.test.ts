import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealityCheckEvent } from '@svara/core';
import { createLogger } from '../logger.js';
import { RealityChecks } from './reality-checks.js';

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('a reality check', () => {
  it('names the multiple of the minutes it is for, even when it goes out late', async () => {
    vi.useFakeTimers();
    const startedAt = new Date(Date.now());
    const sent: RealityCheckEvent[] = [];
    const checks = new RealityChecks({
      protection: {
        // Reading the session at the moment of a check takes a minute and a half (a busy database).
        session: async () => {
          if (Date.now() - startedAt.getTime() >= 30 * MINUTE) vi.setSystemTime(Date.now() + 1.5 * MINUTE);
          return { startedAt, netCents: -250 };
        },
        realityCheckMinutes: async () => 30,
      },
      isSeated: () => true,
      emit: (_userId, payload) => sent.push(payload),
      logger: createLogger({ level: 'silent', pretty: false }),
    });
    checks.seatChanged('u1', true);
    await vi.advanceTimersByTimeAsync(61 * MINUTE);
    checks.stop();
    expect(sent).toEqual([
      { playedMinutes: 30, net: -2.5 },
      { playedMinutes: 60, net: -2.5 },
    ]);
  });
});
