import { describe, expect, it } from 'vitest';
import type { PaymentMethods } from '@svara/core';
import { defaultWithdrawMethod, withdrawNeedsAddressFirst } from './payments';

const offering = (withdrawMethods: PaymentMethods['withdrawMethods']): PaymentMethods => ({
  depositCurrencies: [],
  invoice: false,
  withdrawMethods,
  sandbox: false,
});

describe("the lobby's Withdraw button", () => {
  it('goes straight to the page with a saved address', () => {
    expect(withdrawNeedsAddressFirst(offering(['address']), true)).toBe(false);
  });
  it('asks for an address first when the address is the only way out and none is saved', () => {
    expect(withdrawNeedsAddressFirst(offering(['address']), false)).toBe(true);
  });
  it('does not ask when @CryptoBot is offered: it needs no address', () => {
    expect(withdrawNeedsAddressFirst(offering(['address', 'cryptobot']), false)).toBe(false);
    expect(withdrawNeedsAddressFirst(offering(['cryptobot']), false)).toBe(false);
  });
  it('lets the page say withdrawals are off when nothing is offered', () => {
    expect(withdrawNeedsAddressFirst(offering([]), false)).toBe(false);
  });
  it('keeps the address rule while the methods are unknown', () => {
    expect(withdrawNeedsAddressFirst(null, false)).toBe(true);
  });
});

describe('the withdraw method first chosen', () => {
  it('is the address, the first way, saved or not (the page asks for a missing one)', () => {
    expect(defaultWithdrawMethod(['address', 'cryptobot'], null)).toBe('address');
    expect(defaultWithdrawMethod(['address'], null)).toBe('address');
  });
  it('is @CryptoBot when that is all there is', () => {
    expect(defaultWithdrawMethod(['cryptobot'], null)).toBe('cryptobot');
  });
  it("is the player's pick when offered", () => {
    expect(defaultWithdrawMethod(['address', 'cryptobot'], 'cryptobot')).toBe('cryptobot');
    expect(defaultWithdrawMethod(['address'], 'cryptobot')).toBe('address');
  });
  it('is none when nothing is offered', () => {
    expect(defaultWithdrawMethod([], null)).toBeNull();
  });
});
