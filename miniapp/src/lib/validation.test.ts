import { describe, expect, it } from 'vitest';
import {
  canAffordStake,
  canCheckWithdrawal,
  filterAddressInput,
  filterAmountInput,
  filterPasswordInput,
  filterStakeInput,
  invoiceQuote,
  isAddressLengthValid,
  isRoomId,
  isValidPassword,
  normaliseRoomId,
  stakeCents,
  withdrawalBlock,
} from './validation';

describe('stake input', () => {
  it('accepts digits with at most two decimals', () => {
    expect(filterStakeInput('12', '1')).toBe('12');
    expect(filterStakeInput('12.', '12')).toBe('12.');
    expect(filterStakeInput('12.34', '12.3')).toBe('12.34');
  });
  it('rejects a third decimal, letters and a second point', () => {
    expect(filterStakeInput('12.345', '12.34')).toBe('12.34');
    expect(filterStakeInput('12a', '12')).toBe('12');
    expect(filterStakeInput('1.2.3', '1.2')).toBe('1.2');
    expect(filterStakeInput('-1', '')).toBe('');
  });
  it('reads a comma as the decimal point', () => {
    expect(filterStakeInput('1,5', '1')).toBe('1.5');
  });
  it('is valid at 1 or more', () => {
    expect(stakeCents('1')).toBe(100);
    expect(stakeCents('0.99')).toBeNull();
    expect(stakeCents('2.50')).toBe(250);
    expect(stakeCents('')).toBeNull();
    expect(stakeCents('.')).toBeNull();
  });
  it('refuses stakes above the table maximum', () => {
    expect(stakeCents('1000000')).toBe(100_000_000);
    expect(stakeCents('1000000.01')).toBeNull();
  });
});

describe('balance of ten stakes', () => {
  it('needs at least 10 times the stake', () => {
    expect(canAffordStake(100, 10)).toBe(true);
    expect(canAffordStake(99.99, 10)).toBe(false);
    expect(canAffordStake(0.1 * 3 * 10, 0.3)).toBe(true);
  });
});

describe('room password', () => {
  it('keeps digits only', () => {
    expect(filterPasswordInput('12a3 4-5')).toBe('12345');
  });
  it('needs 6 or more digits', () => {
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidPassword('1234567890')).toBe(true);
    expect(isValidPassword('12345a')).toBe(false);
  });
});

describe('withdrawal amount', () => {
  it('accepts digits and one decimal point', () => {
    expect(filterAmountInput('10.5', '10.')).toBe('10.5');
    expect(filterAmountInput('10..', '10.')).toBe('10.');
    expect(filterAmountInput('1e3', '1')).toBe('1');
  });
  it('is checkable only from 10 up to the balance', () => {
    expect(canCheckWithdrawal('9.99', 100)).toBe(false);
    expect(canCheckWithdrawal('10', 100)).toBe(true);
    expect(canCheckWithdrawal('100', 100)).toBe(true);
    expect(canCheckWithdrawal('100.01', 100)).toBe(false);
    expect(canCheckWithdrawal('', 100)).toBe(false);
    expect(canCheckWithdrawal('10', 9)).toBe(false);
  });
  it('says why the check button is off: below the $10 minimum or above the balance', () => {
    expect(withdrawalBlock('', 100)).toBe('empty');
    expect(withdrawalBlock('0', 100)).toBe('belowMinimum');
    expect(withdrawalBlock('.', 100)).toBe('belowMinimum');
    expect(withdrawalBlock('9.99', 100)).toBe('belowMinimum');
    expect(withdrawalBlock('100.01', 100)).toBe('aboveBalance');
    expect(withdrawalBlock('10', 9)).toBe('aboveBalance');
    expect(withdrawalBlock('10', 10)).toBeNull();
  });
});

describe("invoice amount (the deposit page's other tab)", () => {
  it('quotes the 1 % fee, rounded down to the cent, and what the balance gets', () => {
    expect(invoiceQuote('10')).toEqual({ cents: 1000, fee: 10, net: 990, valid: true });
    expect(invoiceQuote('5.55')).toEqual({ cents: 555, fee: 5, net: 550, valid: true });
  });
  it('is valid from $5', () => {
    expect(invoiceQuote('4.99')?.valid).toBe(false);
    expect(invoiceQuote('5')?.valid).toBe(true);
    expect(invoiceQuote('')).toBeNull();
  });
});

describe('wallet address', () => {
  const address = 'UQ' + 'A'.repeat(46);
  it('is limited to 48 characters without spaces', () => {
    expect(filterAddressInput(address + 'XYZ')).toBe(address);
    expect(filterAddressInput(' UQ A ')).toBe('UQA');
  });
  it('can be added only at exactly 48 characters', () => {
    expect(isAddressLengthValid(address)).toBe(true);
    expect(isAddressLengthValid(address.slice(1))).toBe(false);
  });
});

describe('room id for joining by password', () => {
  it('ignores #, spaces and case', () => {
    expect(normaliseRoomId(' #3F2A9C1E-0000-4000-8000-000000000000 ')).toBe(
      '3f2a9c1e-0000-4000-8000-000000000000',
    );
  });
  it('needs the full id', () => {
    expect(isRoomId('3f2a9c1e-0000-4000-8000-000000000000')).toBe(true);
    expect(isRoomId('3f2a9c1e')).toBe(false);
  });
});
