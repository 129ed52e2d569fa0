/**
 * Voiding an unfinished hand after a restart (pure). The hand's escrow goes back to the people whose
 * money it holds, with nothing to the house:
 * - a hand in play: every player gets back what they paid in this hand; a svara hand's carried pot
 *   is shared equally by its participants (each of them had an equal claim on it: the tied players
 *   free, the joiners by paying exactly one share);
 * - an open svara window: joiners get their payment back and the carried pot is shared equally by
 *   the tied players, as the rules share it when nobody takes part (but untaxed).
 * The refunds always add up to the escrow's balance: if the state and the ledger ever disagree, the
 * ledger's amount is shared in proportion to the claims the state shows.
 */
import type { Cents, TableState } from '@svara/core';

export type Refund = { playerId: string; amount: Cents };

/** Splits `amount` into `count` near-equal parts, the odd cents to the first ones. */
function evenParts(amount: Cents, count: number): Cents[] {
  const base = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => base + (i < amount - base * count ? 1 : 0));
}

function add(claims: Map<string, Cents>, id: string, amount: Cents): void {
  if (amount > 0) claims.set(id, (claims.get(id) ?? 0) + amount);
}

/** Who has a claim on the table's pot, and how much, as the state tells it. */
export function potClaims(state: TableState): Map<string, Cents> {
  const claims = new Map<string, Cents>();
  const h = state.hand;
  const sv = state.svara;
  if (state.status === 'svara_pending' && sv) {
    let joined = 0;
    for (const entry of h?.log ?? []) {
      if (entry.type === 'svara_join' && entry.playerId !== null && entry.amount !== null) {
        add(claims, entry.playerId, entry.amount);
        joined += entry.amount;
      }
    }
    const carried = Math.max(0, state.pot - joined);
    evenParts(carried, sv.tied.length).forEach((part, i) => add(claims, sv.tied[i]!, part));
  } else if (h) {
    for (const p of h.players) add(claims, p.playerId, p.paid);
    evenParts(h.basePot, h.players.length).forEach((part, i) => add(claims, h.players[i]!.playerId, part));
  }
  return claims;
}

/** The refunds that empty an escrow holding `escrowBalance` for `state`'s current hand. */
export function planVoid(state: TableState, escrowBalance: Cents): Refund[] {
  if (escrowBalance <= 0) return [];
  const claims = potClaims(state);
  const total = [...claims.values()].reduce((a, b) => a + b, 0);
  if (total === escrowBalance) return [...claims].map(([playerId, amount]) => ({ playerId, amount }));
  const ids = claims.size > 0 ? [...claims.keys()] : state.seats.map((s) => s.playerId);
  if (ids.length === 0) return [];
  if (total === 0) {
    return evenParts(escrowBalance, ids.length).map((amount, i) => ({ playerId: ids[i]!, amount }));
  }
  // Proportional shares rounded down; the cents left go to the largest remainders.
  const exact = ids.map((id) => ((claims.get(id) ?? 0) * escrowBalance) / total);
  const parts = exact.map(Math.floor);
  let left = escrowBalance - parts.reduce((a, b) => a + b, 0);
  const byRemainder = ids.map((_, i) => i).sort((a, b) => exact[b]! - parts[b]! - (exact[a]! - parts[a]!));
  for (const i of byRemainder) {
    if (left === 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return ids.map((playerId, i) => ({ playerId, amount: parts[i]! })).filter((r) => r.amount > 0);
}
