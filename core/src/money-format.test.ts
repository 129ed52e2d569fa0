import { describe, expect, it } from 'vitest';
import { formatUsdCents, withUsdSign } from './money-format.js';

describe('dollar amounts in the reader’s language', () => {
  it('writes English with a leading sign, commas and a point', () => {
    expect(formatUsdCents(101_655, 'en')).toBe('$1,016.55');
    expect(formatUsdCents(100_000_000, 'en')).toBe('$1,000,000.00');
    expect(formatUsdCents(-990, 'en')).toBe('-$9.90');
  });

  it('writes Russian (and any other language) with non-breaking spaces, a comma and the sign after', () => {
    expect(formatUsdCents(101_655, 'ru')).toBe('1\u00a0016,55\u00a0$');
    expect(formatUsdCents(101_655, 'de')).toBe(formatUsdCents(101_655, 'ru'));
  });

  it('shows cents always, only when there are some, or trimmed', () => {
    expect(formatUsdCents(1_000, 'en', { cents: 'always' })).toBe('$10.00');
    expect(formatUsdCents(1_000, 'en', { cents: 'auto' })).toBe('$10');
    expect(formatUsdCents(1_050, 'en', { cents: 'auto' })).toBe('$10.50');
    expect(formatUsdCents(1_250, 'ru', { cents: 'trim' })).toBe('12,5\u00a0$');
  });

  it('shortens large amounts in tight spots, rounding down', () => {
    expect(formatUsdCents(1_239_999, 'en', { compact: true })).toBe('$12.3K');
    expect(formatUsdCents(100_000_000, 'en', { compact: true })).toBe('$1M');
    expect(formatUsdCents(1_239_999, 'ru', { compact: true })).toBe('12,3K\u00a0$');
    expect(formatUsdCents(999_999, 'en', { compact: true, cents: 'trim' })).toBe('$9,999.99');
  });

  it('puts the sign where the language does on any written number', () => {
    expect(withUsdSign('1K', 'en')).toBe('$1K');
    expect(withUsdSign('1K', 'ru')).toBe('1K\u00a0$');
  });
});
