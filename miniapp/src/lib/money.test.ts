import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, toCents, usdParts } from './money';

const nb = '\u00a0';

describe('money on screens', () => {
  it('converts wire dollars to cents without float noise', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  describe('formatUsd: one way to write every amount, in the player language', () => {
    it('writes English amounts as $1,016.55', () => {
      expect(formatUsd(1016.55, 'en')).toBe('$1,016.55');
      expect(formatUsd(1001.8, 'en')).toBe('$1,001.80');
      expect(formatUsd(1000, 'en')).toBe('$1,000.00');
      expect(formatUsd(0, 'en')).toBe('$0.00');
      expect(formatUsd(1234567.05, 'en')).toBe('$1,234,567.05');
    });
    it('writes Russian amounts as 1 016,55 $ with spaces that never break', () => {
      expect(formatUsd(1016.55, 'ru')).toBe(`1${nb}016,55${nb}$`);
      expect(formatUsd(1001.8, 'ru')).toBe(`1${nb}001,80${nb}$`);
      expect(formatUsd(999.99, 'ru')).toBe(`999,99${nb}$`);
    });
    it('reads any other language as Russian, the default', () => {
      expect(formatUsd(5, 'de')).toBe(formatUsd(5, 'ru'));
    });
    it('writes two decimals on every amount, stakes and chips on the table too', () => {
      expect(formatUsd(1.5, 'ru')).toBe(`1,50${nb}$`);
      expect(formatUsd(910, 'ru')).toBe(`910,00${nb}$`);
      expect(formatUsd(1.5, 'en')).toBe('$1.50');
    });
    it('shortens amounts from 10,000 with compact (seats and bets at the table)', () => {
      const table = { compact: true } as const;
      expect(formatUsd(9999.5, 'en', table)).toBe('$9,999.50');
      expect(formatUsd(12_345, 'en', table)).toBe('$12.3K');
      expect(formatUsd(12_345, 'ru', table)).toBe(`12,3K${nb}$`);
      expect(formatUsd(10_000, 'ru', table)).toBe(`10K${nb}$`);
      expect(formatUsd(1_000_000, 'en', table)).toBe('$1M');
      expect(formatUsd(1_999_999.99, 'en', table)).toBe('$1.9M');
      expect(formatUsd(-12_345, 'en', table)).toBe('-$12.3K');
    });
    it('puts the minus first', () => {
      expect(formatUsd(-5.5, 'en')).toBe('-$5.50');
      expect(formatUsd(-5.5, 'ru')).toBe(`-5,50${nb}$`);
    });
    it('rounds float noise to the cent', () => {
      expect(formatUsd(0.1 + 0.2, 'en')).toBe('$0.30');
    });
  });

  it('splits the header balance into sign, large whole part, small cents', () => {
    expect(usdParts(1016.55, 'en')).toEqual({ prefix: '$', whole: '1,016', fraction: '.55', suffix: '' });
    expect(usdParts(0, 'ru')).toEqual({ prefix: '', whole: '0', fraction: ',00', suffix: `${nb}$` });
    expect(usdParts(1234567.05, 'ru').whole).toBe(`1${nb}234${nb}567`);
  });
  it('fills amount inputs with plain two-decimal numbers', () => {
    expect(formatMoney(10)).toBe('10.00');
  });
});
