/**
 * Side pots (RULES §3) and the house share (RULES §4), as pure arithmetic on a hand's players.
 *
 * Layers are cut at the amounts the all-in players still in the hand have put in, as side pots are
 * in card rooms: a player who is all-in can win from each other player at most what they put in
 * themselves. A live player who is not all-in is eligible for every layer: in Svara a blind bet of B
 * counts as an open bet of 2B, so paying less in cash than another player does not mean having
 * matched less. Money of folded players counts in the layers but they are eligible for none.
 */
import type { Cents } from '../money.js';
import { shareRoundedDown } from '../money.js';
import { HOUSE_SHARE_BPS } from '../protocol/constants.js';
import type { HandPlayer } from './types.js';

export type PotLayer = {
  amount: Cents;
  /** Indices (into the hand's players, turn order) of the players who may win this layer. */
  eligible: number[];
  /** The only player whose money is in this layer, or -1 (several players, or a carried base pot). */
  soleContributor: number;
};

/** The pot of a hand split into layers, the main layer first. `basePot` belongs to the main layer. */
export function potLayers(players: readonly HandPlayer[], basePot: Cents): PotLayer[] {
  const cuts: number[] = [];
  for (const p of players) if (!p.folded && p.allIn && !cuts.includes(p.paid)) cuts.push(p.paid);
  cuts.sort((a, b) => a - b);
  cuts.push(Number.POSITIVE_INFINITY);

  const layers: PotLayer[] = [];
  let below = 0;
  for (const cut of cuts) {
    let amount = layers.length === 0 ? basePot : 0;
    // A carried pot is money of earlier hands: a layer holding it is never one player's own.
    let mixed = amount > 0;
    let sole = -1;
    const eligible: number[] = [];
    for (let i = 0; i < players.length; i++) {
      const p = players[i]!;
      const part = Math.min(p.paid, cut) - Math.min(p.paid, below);
      if (part > 0) {
        amount += part;
        if (sole >= 0) mixed = true;
        sole = i;
      }
      if (!p.folded && (!p.allIn || p.paid >= cut)) eligible.push(i);
    }
    below = cut;
    if (amount === 0 && layers.length > 0) continue;
    const last = layers[layers.length - 1];
    if (eligible.length === 0 && last) {
      // Nobody left can win money above every live player's reach: it stays in the layer below.
      last.amount += amount;
      last.soleContributor = -1;
      continue;
    }
    layers.push({ amount, eligible, soleContributor: mixed ? -1 : sole });
  }
  return layers;
}

/** The indices among `eligible` holding the best score. */
export function bestOf(players: readonly HandPlayer[], eligible: readonly number[]): number[] {
  let best = -1;
  let winners: number[] = [];
  for (const i of eligible) {
    const score = players[i]!.score;
    if (score > best) {
      best = score;
      winners = [i];
    } else if (score === best) winners.push(i);
  }
  return winners;
}

/** The house's 5% of a pot that is paid out, rounded down to the cent (RULES §4). */
export function houseShareOf(pot: Cents): Cents {
  return shareRoundedDown(pot, HOUSE_SHARE_BPS);
}

/**
 * Equal shares of `amount` for `count` winners listed clockwise from the dealer: the odd cents go
 * one each to the first winners in that order (RULES §3).
 */
export function splitEvenly(amount: Cents, count: number): Cents[] {
  const base = Math.floor(amount / count);
  const odd = amount - base * count;
  const parts: Cents[] = [];
  for (let i = 0; i < count; i++) parts.push(base + (i < odd ? 1 : 0));
  return parts;
}
