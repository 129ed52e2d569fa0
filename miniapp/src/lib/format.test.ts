import { describe, expect, it } from 'vitest';
import {
  displayCurrency,
  formatCountdown,
  formatTimestamp,
  roomLabel,
  shortTrackerIdDeposit,
  shortTrackerIdHistory,
  tickCountdown,
  transactionTone,
} from './format';

describe('tracker ids', () => {
  it('deposit screen: over 16 characters shows 8 + 8', () => {
    expect(shortTrackerIdDeposit('0123456789abcdef')).toBe('0123456789abcdef');
    expect(shortTrackerIdDeposit('0123456789abcdefX')).toBe('01234567...9abcdefX');
  });
  it('history: over 15 characters shows 6 + 6', () => {
    expect(shortTrackerIdHistory('0123456789abcde')).toBe('0123456789abcde');
    expect(shortTrackerIdHistory('0123456789abcdef')).toBe('012345...abcdef');
  });
});

describe('countdown', () => {
  it('shows minutes:seconds', () => {
    expect(formatCountdown(3600)).toBe('60:00');
    expect(formatCountdown(245)).toBe('04:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
  it('counts down by one and stops at 0', () => {
    expect(tickCountdown(3600)).toBe(3599);
    expect(tickCountdown(1)).toBe(0);
    expect(tickCountdown(0)).toBe(0);
  });
});

describe('history display', () => {
  it('formats timestamps en-US with a 12-hour clock', () => {
    expect(formatTimestamp('2025-03-05T15:07:00Z', 'UTC')).toBe('Mar 5, 2025, 3:07 PM');
    expect(formatTimestamp('2025-03-05T00:30:00Z', 'UTC')).toBe('Mar 5, 2025, 12:30 AM');
  });
  it('colours canceled red, pending orange, anything else green', () => {
    expect(transactionTone('canceled')).toBe('red');
    expect(transactionTone('pending')).toBe('orange');
    expect(transactionTone('success')).toBe('green');
    expect(transactionTone('whatever')).toBe('green');
  });
  it('shows TON or else USDTTON', () => {
    expect(displayCurrency('TON')).toBe('TON');
    expect(displayCurrency('USDT')).toBe('USDTTON');
  });
});

it('labels a room with # and 8 characters', () => {
  expect(roomLabel('3f2a9c1e-aaaa-bbbb-cccc-000000000000')).toBe('#3f2a9c1e');
});
