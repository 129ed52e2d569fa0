/**
 * Places of the players out on one hand (RULES §9): they cover the places just below those still in
 * play; the one who started that hand with more chips takes the better place, and players who started
 * it with as many chips share the places they cover (each is given the best of them).
 */
import type { Cents } from '../money.js';

export type Bust = {
  playerId: string;
  /** Chips when the hand they went out on was dealt. */
  chipsAtStart: Cents;
};

export type Place = { playerId: string; place: number };

/**
 * `remaining` is how many players were in the tournament before these went out (them included).
 * Players with equal chips at the start of the hand get the same place number; the next group's
 * place skips the places the tie covers (two tied for 2nd: the next is 4th).
 */
export function placesOfBusts(remaining: number, busts: readonly Bust[]): Place[] {
  const sorted = [...busts].sort((a, b) => b.chipsAtStart - a.chipsAtStart);
  const places: Place[] = [];
  let next = remaining - busts.length + 1;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.chipsAtStart === sorted[i]!.chipsAtStart) j++;
    for (let k = i; k < j; k++) places.push({ playerId: sorted[k]!.playerId, place: next });
    next += j - i;
    i = j;
  }
  return places;
}
