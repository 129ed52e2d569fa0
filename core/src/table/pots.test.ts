/** Pot layers, even splits and the house share as plain arithmetic (RULES §3, §4). */
import { describe, expect, it } from 'vitest';
import { bestOf, houseShareOf, potLayers, splitEvenly } from './pots.js';
import type { HandPlayer } from './types.js';

function player(paid: number, opts: Partial<HandPlayer> = {}): HandPlayer {
  return {
    playerId: `p${paid}`,
    position: 1,
    cards: [],
    score: 10,
    folded: false,
    foldReason: null,
    allIn: false,
    paid,
    lastBet: 0,
    lastAction: null,
    acted: true,
    revealed: false,
    ...opts,
  };
}

describe('potLayers', () => {
  it('without all-in players the whole pot is one layer for every live player', () => {
    const layers = potLayers([player(300), player(500), player(200, { folded: true })], 0);
    expect(layers).toEqual([{ amount: 1000, eligible: [0, 1], soleContributor: -1 }]);
  });

  it('an all-in player cuts a layer at what they put in', () => {
    const layers = potLayers([player(300, { allIn: true }), player(500), player(500)], 0);
    expect(layers).toEqual([
      { amount: 900, eligible: [0, 1, 2], soleContributor: -1 },
      { amount: 400, eligible: [1, 2], soleContributor: -1 },
    ]);
  });

  it('several all-in levels make several layers; folded money counts up to each level', () => {
    const players = [
      player(100, { allIn: true }),
      player(250, { allIn: true }),
      player(400, { folded: true }),
      player(600),
    ];
    expect(potLayers(players, 0).map((l) => [l.amount, l.eligible])).toEqual([
      [400, [0, 1, 3]],
      [450, [1, 3]],
      [500, [3]],
    ]);
  });

  it('a carried svara pot belongs to the main layer', () => {
    const layers = potLayers([player(0, { allIn: true }), player(200), player(200)], 700);
    expect(layers.map((l) => [l.amount, l.eligible])).toEqual([
      [700, [0, 1, 2]],
      [400, [1, 2]],
    ]);
  });

  it("marks a layer holding only one player's money", () => {
    const layers = potLayers([player(300, { allIn: true }), player(600)], 0);
    expect(layers[1]).toEqual({ amount: 300, eligible: [1], soleContributor: 1 });
  });

  it('money above every live player that nobody can win stays in the layer below', () => {
    const players = [player(300, { allIn: true }), player(800, { folded: true })];
    expect(potLayers(players, 0)).toEqual([{ amount: 1100, eligible: [0], soleContributor: -1 }]);
  });
});

describe('bestOf', () => {
  it('returns every player holding the best score, in turn order', () => {
    const players = [player(1, { score: 21 }), player(2, { score: 30 }), player(3, { score: 30 })];
    expect(bestOf(players, [0, 1, 2])).toEqual([1, 2]);
    expect(bestOf(players, [0, 2])).toEqual([2]);
  });
});

describe('house share and splits', () => {
  it('the house takes 5% rounded down to the cent', () => {
    expect(houseShareOf(1000)).toBe(50);
    expect(houseShareOf(799)).toBe(39);
    expect(houseShareOf(19)).toBe(0);
  });

  it('odd cents go one each to the first winners', () => {
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitEvenly(101, 3)).toEqual([34, 34, 33]);
    expect(splitEvenly(480, 2)).toEqual([240, 240]);
  });
});
