/**
 * Prizes of a Sit & Go (RULES §9). The pool is the sum of the buy-ins; with 3 players the winner
 * takes it all; with 6, second place gets 35 % rounded down to the cent and the winner the rest
 * (65 % and the cents left over). Places that share prizes split them equally, the odd cent to the
 * earlier seat from the dealer.
 */
import type { Cents } from '../money.js';
import type { Place } from './places.js';

/** Prize by place, first place first: `prizes[p - 1]` is place p's. */
export function prizeTable(pool: Cents, size: number): Cents[] {
  if (size === 3) return [pool];
  if (size === 6) {
    const second = Math.floor((pool * 35) / 100);
    return [pool - second, second];
  }
  throw new RangeError(`a Sit & Go seats 3 or 6 players, not ${size}`);
}

/**
 * What each player is paid. `places` lists every player with their place; players with the same place
 * share the prizes of the places they cover (p … p + k − 1), listed in `places` in the order that
 * gets the odd cents first (the earlier seat from the dealer). Players without a prize get 0.
 */
export function payoutsOf(prizes: readonly Cents[], places: readonly Place[]): Map<string, Cents> {
  const byPlace = new Map<number, string[]>();
  for (const p of places) byPlace.set(p.place, [...(byPlace.get(p.place) ?? []), p.playerId]);
  const out = new Map<string, Cents>();
  for (const [place, ids] of byPlace) {
    let total = 0;
    for (let q = place; q < place + ids.length; q++) total += prizes[q - 1] ?? 0;
    const base = Math.floor(total / ids.length);
    const odd = total - base * ids.length;
    ids.forEach((id, i) => out.set(id, base + (i < odd ? 1 : 0)));
  }
  return out;
}

/** Pro rata shares of `pool` by chips held (an operator's cancel): rounded down, odd cents to the biggest stacks. */
export function proRata(
  pool: Cents,
  chips: ReadonlyArray<{ playerId: string; chips: Cents }>,
): Map<string, Cents> {
  const total = chips.reduce((sum, c) => sum + c.chips, 0);
  const out = new Map<string, Cents>();
  if (total === 0) {
    // Nobody holds chips (not started): equal shares.
    const base = Math.floor(pool / Math.max(1, chips.length));
    chips.forEach((c, i) => out.set(c.playerId, base + (i < pool - base * chips.length ? 1 : 0)));
    return out;
  }
  let given = 0;
  for (const c of chips) {
    const share = Math.floor((pool * c.chips) / total);
    out.set(c.playerId, share);
    given += share;
  }
  const order = [...chips].sort((a, b) => b.chips - a.chips);
  for (let i = 0; given < pool; i = (i + 1) % order.length, given++) {
    const id = order[i]!.playerId;
    out.set(id, out.get(id)! + 1);
  }
  return out;
}
