/**
 * Whether the deposit page offers a deposit limit first ("offered before the first
 * deposit"): no deposit limit is set or pending, no deposit was ever credited, and the player has not
 * answered the offer on this device.
 */
import type { Protection, TransactionItem } from '@svara/core';

const ANSWERED_KEY = 'svara.depositLimitOffer';

export function offerAnswered(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) === '1';
  } catch {
    return false;
  }
}

export function answerOffer(): void {
  try {
    localStorage.setItem(ANSWERED_KEY, '1');
  } catch {
    // Storage unavailable: the offer comes again next time, which is harmless.
  }
}

export function shouldOfferDepositLimit(p: Protection, history: TransactionItem[]): boolean {
  const limits = Object.values(p.limits.deposit);
  if (limits.some((l) => l.amount !== null || l.pending !== null)) return false;
  if (history.some((h) => h.type === 'deposit' && h.status === 'success')) return false;
  return !offerAnswered();
}
