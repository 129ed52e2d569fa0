import { describe, expect, it } from 'vitest';
import { toUnits, walletPayAmountValid } from './ton-deposit.js';

describe('an amount paid from the wallet', () => {
  it('USDT: from the 5 USDT minimum deposit, at most 2 decimals', () => {
    for (const ok of ['5', '5.00', '5.5', '12.34', '1000000'])
      expect(walletPayAmountValid('USDTTON', ok), ok).toBe(true);
    for (const bad of ['4.99', '0', '5.001', '', '5.', '.5', '-5', '1e3', '5,00'])
      expect(walletPayAmountValid('USDTTON', bad), bad).toBe(false);
  });

  it('TON: any amount above zero with at most 4 decimals (its USD minimum applies at the credit)', () => {
    for (const ok of ['0.0001', '1', '2.5', '10.1234'])
      expect(walletPayAmountValid('TON', ok), ok).toBe(true);
    for (const bad of ['0', '0.0000', '1.00001', 'ten'])
      expect(walletPayAmountValid('TON', bad), bad).toBe(false);
  });

  it('counts in units of the typed decimals', () => {
    expect(toUnits('12.34', 2)).toBe(1234n);
    expect(toUnits('5', 2)).toBe(500n);
    expect(toUnits('1.5', 4)).toBe(15000n);
  });
});
