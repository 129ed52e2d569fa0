import { describe, expect, it } from 'vitest';
import { MAX_DEPOSIT_CENTS, parseDepositAmount } from './amount.js';

describe('parseDepositAmount', () => {
  it('reads dollars as people type them, in whole cents', () => {
    const typed: [string, number][] = [
      ['15', 1_500],
      ['15.5', 1_550],
      ['15,50', 1_550],
      ['$20', 2_000],
      ['20$', 2_000],
      [' $ 1 000 ', 100_000],
      ['12.50 USD', 1_250],
      ['5', 500],
      ['0019.99', 1_999],
      ['10000', MAX_DEPOSIT_CENTS],
    ];
    for (const [text, cents] of typed) expect(parseDepositAmount(text), text).toEqual({ ok: true, cents });
  });

  it('says what is wrong with anything else', () => {
    const wrong: [string, string][] = [
      ['', 'format'],
      ['ten', 'format'],
      ['-10', 'format'],
      ['1e3', 'format'],
      ['10.', 'format'],
      ['.5', 'format'],
      ['1.2.3', 'format'],
      ['x'.repeat(100), 'format'],
      ['15.555', 'precision'],
      ['4.99', 'below_minimum'],
      ['0', 'below_minimum'],
      ['10000.01', 'above_maximum'],
      ['999999999999', 'above_maximum'],
    ];
    for (const [text, problem] of wrong)
      expect(parseDepositAmount(text), text).toEqual({ ok: false, problem });
  });
});
