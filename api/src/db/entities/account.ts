import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ACCOUNT_KINDS = [
  'player_wallet',
  'player_referral',
  'hand_escrow',
  'house',
  'deposits',
  'withdrawals',
  'faucet',
  'referral_payouts',
  'withdrawal_hold',
  // Play chips (RULES §8): never moved to or from a dollar account (ledger_post refuses it)
  'chip_wallet',
  'chip_escrow',
  'chip_house',
  'chip_bank',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Kinds that hold someone's money: the database refuses a negative balance for them. */
export const NON_NEGATIVE_KINDS: readonly AccountKind[] = [
  'player_wallet',
  'player_referral',
  'hand_escrow',
  'withdrawal_hold',
  'chip_wallet',
  'chip_escrow',
];
/**
 * Kinds whose accounts hold money owed to players: their wallets and referral balances, withdrawals
 * held until sent, the pots of hands in play. The house's liabilities (/stats' coverage) are their
 * sum; a kind added for players' money (tournament entries) belongs here and in NON_NEGATIVE_KINDS.
 * Play chips are owed to nobody (RULES §8): never a dollar figure.
 */
export const OWED_TO_PLAYERS_KINDS: readonly AccountKind[] = NON_NEGATIVE_KINDS.filter(
  (kind) => !kind.startsWith('chip_'),
);
/** Kinds owned by a user (one account of each kind per user). */
export const PLAYER_KINDS: readonly AccountKind[] = ['player_wallet', 'player_referral', 'chip_wallet'];

/** A ledger account. Its balance changes only together with a transfer row (ledger/ledger.ts). */
export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    kind: p.enum([...ACCOUNT_KINDS]),
    ownerId: p.bigint('string').nullable(),
    reference: p.text().nullable(),
    balance: p.bigint('number').default(0),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
export type Account = InferEntity<typeof AccountSchema>;
