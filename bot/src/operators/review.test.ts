import type { DeskWithdrawal } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { reviewText } from './review.js';

function withdrawal(overrides: Partial<DeskWithdrawal>): DeskWithdrawal {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    amountCents: 6_000,
    method: 'address',
    address: 'UQBPT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PTxLl',
    addressSource: 'typed',
    status: 'review',
    reviewReason: 'new_address',
    createdAt: new Date('2026-11-27T10:00:00Z'),
    decision: null,
    player: {
      telegramId: '7001',
      username: 'ivan',
      firstName: 'Ivan',
      lastName: null,
      createdAt: new Date('2026-11-01T00:00:00Z'),
    },
    suspension: null,
    depositedCents: 20_000,
    withdrawnCents: 0,
    recentTables: [],
    ...overrides,
  };
}

describe('the review card says where the money goes', () => {
  it('a wallet proven with TON Connect, in either language', () => {
    const w = withdrawal({ addressSource: 'ton_connect' });
    expect(reviewText('en', w)).toContain('✅ Wallet verified with TON Connect');
    expect(reviewText('ru', w)).toContain('✅ Кошелёк подтверждён через TON Connect');
  });

  it('an address the player typed, not verified', () => {
    const text = reviewText('en', withdrawal({ addressSource: 'typed' }));
    expect(text).toContain('Address typed by the player, not verified');
    expect(text).not.toContain('TON Connect');
  });

  it('nothing about an address for a @CryptoBot withdrawal', () => {
    const text = reviewText('en', withdrawal({ method: 'cryptobot', address: null, addressSource: null }));
    expect(text).not.toContain('verified');
  });
});
