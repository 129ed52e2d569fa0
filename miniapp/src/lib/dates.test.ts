import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('dates in the player’s language', () => {
  const when = '2026-11-27T07:09:00Z';

  it('writes a moment en-US with a 12-hour clock, or Russian with a 24-hour one', () => {
    expect(formatDate(when, 'en', 'dateTime', 'UTC')).toBe('Nov 27, 2026, 7:09 AM');
    expect(formatDate('2025-03-05T00:30:00Z', 'en', 'dateTime', 'UTC')).toBe('Mar 5, 2025, 12:30 AM');
    expect(formatDate(when, 'ru', 'dateTime', 'UTC')).toBe('27 нояб. 2026 г., 07:09');
    expect(formatDate('2026-11-27T19:45:00Z', 'ru', 'dateTime', 'UTC')).toBe('27 нояб. 2026 г., 19:45');
  });

  it('writes a time of day alone with the same clocks', () => {
    expect(formatDate('2026-11-27T19:45:00Z', 'en', 'time', 'UTC')).toBe('7:45 PM');
    expect(formatDate(when, 'ru', 'time', 'UTC')).toBe('07:09');
  });

  it('writes the day or month a period starts, in UTC', () => {
    expect(formatDate('2026-11-26T00:00:00Z', 'en', 'day')).toBe('Nov 26, 2026');
    expect(formatDate('2026-11-26T00:00:00Z', 'ru', 'day')).toBe('26 нояб. 2026 г.');
    expect(formatDate('2026-11-01T00:00:00Z', 'en', 'month')).toBe('November 2026');
    expect(formatDate('2026-11-01T00:00:00Z', 'ru', 'month')).toBe('ноябрь 2026 г.');
  });

  it('reads any other language as Russian and shows an unreadable time as it came', () => {
    expect(formatDate(when, 'de', 'day')).toBe(formatDate(when, 'ru', 'day'));
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});
