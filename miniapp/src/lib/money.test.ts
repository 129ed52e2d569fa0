import { describe, expect, it } from 'vitest';
import { balanceParts, formatCompactMoney, formatMoney, formatTableMoney, toCents } from './money';

describe('money on screens', () => {
  it('converts wire dollars to cents without float noise', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
  it('splits the header balance into a large whole part and small cents', () => {
    expect(balanceParts(12.5)).toEqual({ whole: '12', cents: '50' });
    expect(balanceParts(0)).toEqual({ whole: '0', cents: '00' });
    expect(balanceParts(1234567.05)).toEqual({ whole: '1\u202f234\u202f567', cents: '05' });
  });
  it('shows two decimals in the wallet', () => {
    expect(formatMoney(10)).toBe('10.00');
  });
  it('trims trailing zeros at the table', () => {
    expect(formatTableMoney(12)).toBe('12');
    expect(formatTableMoney(12.5)).toBe('12.5');
    expect(formatTableMoney(12.34)).toBe('12.34');
    expect(formatTableMoney(0.1)).toBe('0.1');
  });
  it('compacts large table amounts', () => {
    expect(formatCompactMoney(9999.5)).toBe('9999.5');
    expect(formatCompactMoney(12_345)).toBe('12.3K');
    expect(formatCompactMoney(1_000_000)).toBe('1M');
  });
});
