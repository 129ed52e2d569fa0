/** Development money: credits a player from the `faucet` system account, through the ledger. */
import { randomUUID } from 'node:crypto';
import type { Cents } from '@svara/core';
import type { Ledger } from '../ledger/ledger.js';

/** Most the faucet pays in one request: $100,000. */
export const FAUCET_MAX_CENTS = 10_000_000;

export async function payFromFaucet(ledger: Ledger, userId: string, amount: Cents): Promise<Cents> {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > FAUCET_MAX_CENTS) {
    throw new RangeError(`faucet amount out of range: ${amount}`);
  }
  const wallet = await ledger.playerWallet(userId);
  await ledger.transfer({
    idempotencyKey: `faucet:${randomUUID()}`,
    debitAccountId: await ledger.systemAccount('faucet'),
    creditAccountId: wallet,
    amount,
    reason: 'faucet',
  });
  return ledger.balance(wallet);
}
