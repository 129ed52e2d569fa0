import { describe, expect, it } from 'vitest';
import { backTarget } from './navigation';

describe('back button targets (SPEC §2)', () => {
  it('hides on the lobby', () => {
    expect(backTarget({ name: 'dashboard' })).toBeNull();
  });
  it('returns to the lobby from more, deposit, withdraw, addWallet, depositHistory and gameRoom', () => {
    for (const name of ['more', 'deposit', 'withdraw', 'addWallet', 'depositHistory'] as const) {
      expect(backTarget({ name })).toEqual({ name: 'dashboard' });
    }
    expect(backTarget({ name: 'gameRoom', roomId: 'r', autoSit: false })).toEqual({ name: 'dashboard' });
  });
  it('returns from the confirmations to their forms', () => {
    expect(
      backTarget({
        name: 'confirmDeposit',
        address: 'a',
        trackerId: 't',
        currency: 'TON',
        expiresAt: '2026-01-01T13:00:00Z',
      }),
    ).toEqual({ name: 'deposit' });
    expect(backTarget({ name: 'confirmWithdraw', amount: 10, method: 'address' })).toEqual({
      name: 'withdraw',
    });
  });
});
