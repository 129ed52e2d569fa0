import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  hasAtMostTwoDecimals,
  parseDollarString,
  shareRoundedDown,
} from './money.js';

describe('money', () => {
  it('converts dollars with up to two decimals to exact cents and back', () => {
    for (const d of [0, 0.01, 0.1, 1, 19.99, 1234.56, 999999.99]) {
      expect(centsToDollars(dollarsToCents(d))).toBe(d);
    }
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
  });

  it('refuses a third decimal, NaN and infinities', () => {
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(() => dollarsToCents(1.001)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Infinity)).toThrow(RangeError);
  });

  it('parses typed amounts exactly', () => {
    expect(parseDollarString('12')).toBe(1200);
    expect(parseDollarString('12.5')).toBe(1250);
    expect(parseDollarString('12.05')).toBe(1205);
    expect(parseDollarString('12.050')).toBeNull();
    expect(parseDollarString('-1')).toBeNull();
    expect(parseDollarString('1e3')).toBeNull();
  });

  it('writes an input’s text with two decimals and a point', () => {
    expect(formatCents(1205)).toBe('12.05');
    expect(formatCents(7)).toBe('0.07');
  });

  it('takes a basis-point share rounded down to the cent', () => {
    expect(shareRoundedDown(1999, 500)).toBe(99); // 5% of 19.99 = 0.9995 → 0.99
    expect(shareRoundedDown(2000, 500)).toBe(100);
  });
});
