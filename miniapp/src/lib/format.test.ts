import { describe, expect, it } from 'vitest';
import {
  displayCurrency,
  formatCountdown,
  roomLabel,
  secondsUntil,
  shortTrackerIdDeposit,
  shortTrackerIdHistory,
  statusLabel,
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
  it('runs to an end time, rounding up and stopping at 0', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(secondsUntil('2026-01-01T13:00:00Z', now)).toBe(3600);
    expect(secondsUntil('2026-01-01T12:00:00.500Z', now)).toBe(1);
    expect(secondsUntil('2026-01-01T11:59:00Z', now)).toBe(0);
    expect(secondsUntil('not a time', now)).toBe(0);
  });
});

describe('history display', () => {
  it('colours canceled red, pending orange, expired grey, below_minimum red-ish, anything else green', () => {
    expect(transactionTone('canceled')).toBe('red');
    expect(transactionTone('pending')).toBe('orange');
    expect(transactionTone('expired')).toBe('grey');
    expect(transactionTone('below_minimum')).toBe('rose');
    expect(transactionTone('success')).toBe('green');
    expect(transactionTone('whatever')).toBe('green');
  });
  it('labels each known status by its name and anything else as success', () => {
    for (const s of ['pending', 'success', 'canceled', 'expired', 'below_minimum']) {
      expect(statusLabel(s)).toBe(s);
    }
    expect(statusLabel('whatever')).toBe('success');
  });
  it('names TON, or else USDT-TON as the deposit page does', () => {
    expect(displayCurrency('TON')).toBe('TON');
    expect(displayCurrency('USDT')).toBe('USDT-TON');
  });
});

it('labels a room with # and 8 characters', () => {
  expect(roomLabel('3f2a9c1e-aaaa-bbbb-cccc-000000000000')).toBe('#3f2a9c1e');
});
