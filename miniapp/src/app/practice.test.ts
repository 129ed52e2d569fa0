import { describe, expect, it } from 'vitest';
import type { PracticeStatus } from '@svara/core';
import { shortOfChips, topUpState } from './practice';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const LATER = '2026-11-27T14:00:00.000Z';
const EARLIER = '2026-11-27T10:00:00.000Z';
const status = (chips: number, nextTopUpAt: string | null): PracticeStatus => ({
  chips,
  nextTopUpAt,
  grant: 10_000,
  stakes: [10, 50, 200],
});

describe('topping play chips up (RULES §8)', () => {
  it('is short of chips under 10 stakes of the lowest practice table', () => {
    expect(shortOfChips(status(99.99, null))).toBe(true);
    expect(shortOfChips(status(100, null))).toBe(false);
  });

  it('waits for the time the server named, and says it', () => {
    expect(topUpState(status(5_000, LATER), NOW)).toEqual({ allowed: false, waitUntil: LATER });
    expect(topUpState(status(10_000, LATER), NOW)).toEqual({ allowed: false, waitUntil: LATER });
  });

  it('lets a player short of chips top up at once', () => {
    expect(topUpState(status(40, LATER), NOW)).toEqual({ allowed: true, waitUntil: null });
  });

  it('after the time, tops up anything under the grant and nothing at the grant', () => {
    expect(topUpState(status(5_000, EARLIER), NOW)).toEqual({ allowed: true, waitUntil: null });
    expect(topUpState(status(9_999.5, null), NOW)).toEqual({ allowed: true, waitUntil: null });
    expect(topUpState(status(10_000, EARLIER), NOW)).toEqual({ allowed: false, waitUntil: null });
  });
});
