import { describe, expect, it } from 'vitest';
import {
  formatAmountMinor,
  formatChipsMinor,
  formatPercent,
  formatUsdCents,
  formatUsdtCents,
  withUsdSign,
} from './money-format.js';
import { misshapenNumbers } from './format-shapes.js';

describe('dollar amounts in the reader’s language', () => {
  it('writes English with a leading sign, commas, a point and always two decimals', () => {
    expect(formatUsdCents(101_655, 'en')).toBe('$1,016.55');
    expect(formatUsdCents(100_000_000, 'en')).toBe('$1,000,000.00');
    expect(formatUsdCents(91_000, 'en')).toBe('$910.00');
    expect(formatUsdCents(150, 'en')).toBe('$1.50');
    expect(formatUsdCents(-990, 'en')).toBe('-$9.90');
  });

  it('writes Russian (and any other language) with non-breaking spaces, a comma and the sign after', () => {
    expect(formatUsdCents(101_655, 'ru')).toBe('1\u00a0016,55\u00a0$');
    expect(formatUsdCents(100_000, 'ru')).toBe('1\u00a0000,00\u00a0$');
    expect(formatUsdCents(100_450, 'ru')).toBe('1\u00a0004,50\u00a0$');
    expect(formatUsdCents(150, 'ru')).toBe('1,50\u00a0$');
    expect(formatUsdCents(101_655, 'de')).toBe(formatUsdCents(101_655, 'ru'));
  });

  it('shortens large amounts in tight spots, rounding down, and only from $10,000', () => {
    expect(formatUsdCents(1_239_999, 'en', { compact: true })).toBe('$12.3K');
    expect(formatUsdCents(100_000_000, 'en', { compact: true })).toBe('$1M');
    expect(formatUsdCents(1_239_999, 'ru', { compact: true })).toBe('12,3K\u00a0$');
    expect(formatUsdCents(999_999, 'en', { compact: true })).toBe('$9,999.99');
    expect(formatUsdCents(91_000, 'ru', { compact: true })).toBe('910,00\u00a0$');
  });

  it('writes USDT amounts as dollars are written, with the currency after', () => {
    expect(formatUsdtCents(101_655, 'en')).toBe('1,016.55\u00a0USDT');
    expect(formatUsdtCents(500, 'ru')).toBe('5,00\u00a0USDT');
  });

  it('puts the sign where the language does on any written number', () => {
    expect(withUsdSign('1K', 'en')).toBe('$1K');
    expect(withUsdSign('1K', 'ru')).toBe('1K\u00a0$');
  });
});

describe('play chips in the reader’s language', () => {
  it('carries their own sign, never the dollar’s, where the language puts a sign', () => {
    expect(formatChipsMinor(125_000, 'en')).toBe('\u25ce1,250');
    expect(formatChipsMinor(125_000, 'ru')).toBe('1\u00a0250\u00a0\u25ce');
    expect(formatChipsMinor(-1_000, 'en')).toBe('-\u25ce10');
    expect(formatChipsMinor(-1_000, 'ru')).toBe('-10\u00a0\u25ce');
    for (const lang of ['en', 'ru']) expect(formatChipsMinor(123_456, lang)).not.toContain('$');
  });

  it('writes whole chips without decimals and a fraction with two', () => {
    expect(formatChipsMinor(0, 'en')).toBe('\u25ce0');
    expect(formatChipsMinor(1_250, 'en')).toBe('\u25ce12.50');
    expect(formatChipsMinor(1_250, 'ru')).toBe('12,50\u00a0\u25ce');
  });

  it('shortens large stacks in tight spots as dollars are shortened', () => {
    expect(formatChipsMinor(1_239_999, 'en', { compact: true })).toBe('\u25ce12.3K');
    expect(formatChipsMinor(1_239_999, 'ru', { compact: true })).toBe('12,3K\u00a0\u25ce');
  });

  it('follows the room’s unit through one call', () => {
    expect(formatAmountMinor(1_000, 'chips', 'en')).toBe('\u25ce10');
    expect(formatAmountMinor(1_000, 'usd', 'en')).toBe('$10.00');
  });
});

describe('percentages in the reader’s language', () => {
  it('sets the sign apart in Russian only, with up to two decimals', () => {
    expect(formatPercent(1, 'en')).toBe('1%');
    expect(formatPercent(1, 'ru')).toBe('1\u00a0%');
    expect(formatPercent(2.5, 'en')).toBe('2.5%');
    expect(formatPercent(2.5, 'ru')).toBe('2,5\u00a0%');
    expect(formatPercent(12.345, 'en')).toBe('12.35%');
  });
});

describe('finding amounts not written by the formatter', () => {
  const ru = (cents: number) => formatUsdCents(cents, 'ru');
  const en = (cents: number) => formatUsdCents(cents, 'en');

  it('accepts every shape the formatter writes, in running text', () => {
    for (const cents of [0, 1, 150, 91_000, 100_450, 123_456_789, -990]) {
      expect(misshapenNumbers(`Ставка ${ru(cents)}, налог ${formatPercent(5, 'ru')}.`, 'ru')).toEqual([]);
      expect(misshapenNumbers(`Stake ${en(cents)}, tax ${formatPercent(5, 'en')}.`, 'en')).toEqual([]);
    }
    expect(misshapenNumbers(formatUsdCents(1_239_999, 'ru', { compact: true }), 'ru')).toEqual([]);
    expect(misshapenNumbers(formatUsdCents(1_239_999, 'en', { compact: true }), 'en')).toEqual([]);
    for (const minor of [0, 1_250, 125_000, 1_239_999, -1_000]) {
      for (const lang of ['en', 'ru']) {
        expect(misshapenNumbers(`Pot ${formatChipsMinor(minor, lang)}.`, lang)).toEqual([]);
        expect(misshapenNumbers(formatChipsMinor(minor, lang, { compact: true }), lang)).toEqual([]);
      }
    }
  });

  it('finds the shapes players reported: trimmed cents, whole dollars, the other language’s shape', () => {
    expect(misshapenNumbers('Ставка 1,5 $ и 910 $', 'ru')).toEqual(['1,5 $', '910 $']);
    expect(misshapenNumbers('$ 1.00', 'ru')).toEqual(['$ 1.00']);
    expect(misshapenNumbers('от $100', 'ru')).toEqual(['$100']);
    expect(misshapenNumbers('комиссия 1%', 'ru')).toEqual(['1%']);
    expect(misshapenNumbers('Pot $1.5 of $999.78', 'en')).toEqual(['$1.5']);
    expect(misshapenNumbers('fee 1 %', 'en')).toEqual(['1 %']);
    expect(misshapenNumbers('1\u00a0000,00\u00a0$', 'en')).toEqual(['1\u00a0000,00\u00a0$']);
    expect(misshapenNumbers('\u25ce12.5 and 10\u00a0\u25ce', 'en')).toEqual(['\u25ce12.5', '10\u00a0\u25ce']);
  });
});
