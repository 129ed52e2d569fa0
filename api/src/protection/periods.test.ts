/** The UTC calendar periods of limits and "my activity", and the lengths of cool-offs and exclusions. */
import { describe, expect, it } from 'vitest';
import { exclusionUntil, periodEnd, periodStart, recentPeriodStarts } from './periods.js';

const at = (iso: string) => new Date(iso);

describe('periods', () => {
  it('a day starts at UTC midnight, a week on Monday, a month on its first day', () => {
    // Wednesday 26 November 2026, 23:59 UTC.
    const t = at('2026-11-26T23:59:00Z');
    expect(periodStart('daily', t).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(periodStart('weekly', t).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('monthly', t).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // A Sunday belongs to the week that began the Monday before; a Monday starts its own.
    expect(periodStart('weekly', at('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('weekly', at('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('a period ends where the next begins (when a reached limit lets go)', () => {
    const t = at('2026-12-31T10:00:00Z');
    expect(periodEnd('daily', t).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodEnd('weekly', t).toISOString()).toBe('2027-01-04T00:00:00.000Z');
    expect(periodEnd('monthly', t).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('lists the starts of recent periods, newest first', () => {
    expect(recentPeriodStarts('monthly', at('2026-02-10T00:00:00Z'), 3).map((d) => d.toISOString())).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2025-12-01T00:00:00.000Z',
    ]);
    expect(recentPeriodStarts('weekly', at('2026-11-26T08:00:00Z'), 2).map((d) => d.toISOString())).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-16T00:00:00.000Z',
    ]);
    expect(recentPeriodStarts('daily', at('2026-11-26T08:00:00Z'), 30)).toHaveLength(30);
  });

  it('cool-offs last 24 hours, 7 or 30 days; self-exclusions 6 months, 1 or 5 years', () => {
    const from = at('2026-08-31T12:00:00Z');
    expect(exclusionUntil('24h', from).toISOString()).toBe('2026-09-01T12:00:00.000Z');
    expect(exclusionUntil('7d', from).toISOString()).toBe('2026-09-07T12:00:00.000Z');
    expect(exclusionUntil('30d', from).toISOString()).toBe('2026-09-30T12:00:00.000Z');
    expect(exclusionUntil('6m', at('2026-05-15T00:00:00Z')).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(exclusionUntil('1y', from).toISOString()).toBe('2027-08-31T12:00:00.000Z');
    expect(exclusionUntil('5y', from).toISOString()).toBe('2031-08-31T12:00:00.000Z');
  });
});
