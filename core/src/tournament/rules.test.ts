import { describe, expect, it } from 'vitest';
import { anteLevel } from './schedule.js';
import { placesOfBusts } from './places.js';
import { payoutsOf, prizeTable, proRata } from './prizes.js';

describe('the ante schedule (RULES §9)', () => {
  it('starts at 10 chips and doubles every 10 hands', () => {
    const antes = [1, 10, 11, 20, 21, 31, 41, 51].map((h) => anteLevel(h, 1000, 10).ante / 100);
    expect(antes).toEqual([10, 10, 20, 20, 40, 80, 160, 320]);
  });

  it('tells the level and the hands left at it, this hand included', () => {
    expect(anteLevel(1, 1000, 10)).toEqual({ level: 1, ante: 1000, nextAnte: 2000, handsToNextLevel: 10 });
    expect(anteLevel(10, 1000, 10).handsToNextLevel).toBe(1);
    expect(anteLevel(11, 1000, 10)).toEqual({ level: 2, ante: 2000, nextAnte: 4000, handsToNextLevel: 10 });
  });
});

describe('places of players out on the same hand', () => {
  it('gives the better place to the one who started the hand with more chips', () => {
    expect(
      placesOfBusts(6, [
        { playerId: 'a', chipsAtStart: 100 },
        { playerId: 'b', chipsAtStart: 300 },
      ]),
    ).toEqual([
      { playerId: 'b', place: 5 },
      { playerId: 'a', place: 6 },
    ]);
  });

  it('lets players who started with as many chips share the places they cover', () => {
    expect(
      placesOfBusts(4, [
        { playerId: 'a', chipsAtStart: 200 },
        { playerId: 'b', chipsAtStart: 200 },
        { playerId: 'c', chipsAtStart: 50 },
      ]),
    ).toEqual([
      { playerId: 'a', place: 2 },
      { playerId: 'b', place: 2 },
      { playerId: 'c', place: 4 },
    ]);
  });
});

describe('prizes', () => {
  it('gives everything to the winner of a 3-player Sit & Go', () => {
    expect(prizeTable(300, 3)).toEqual([300]);
  });

  it('splits a 6-player pool 65/35, rounded down to the cent, the cents to the winner', () => {
    expect(prizeTable(600, 6)).toEqual([390, 210]);
    // 6 × $0.07: 35 % of 42 cents is 14.7 → 14; the winner gets 28.
    expect(prizeTable(42, 6)).toEqual([28, 14]);
    for (const pool of [1, 7, 99, 12_001, 600_000])
      expect(prizeTable(pool, 6).reduce((a, b) => a + b)).toBe(pool);
  });

  it('splits shared places equally, the odd cent to the earlier seat from the dealer', () => {
    const paid = payoutsOf(prizeTable(601, 6), [
      { playerId: 'w', place: 1 },
      { playerId: 'x', place: 2 },
      { playerId: 'y', place: 2 },
      { playerId: 'z', place: 4 },
    ]);
    // 35 % of 601 = 210 (rounded down); places 2 and 3 share 210 + 0.
    expect(Object.fromEntries(paid)).toEqual({ w: 391, x: 105, y: 105, z: 0 });
    const odd = payoutsOf(
      [100, 51],
      [
        { playerId: 'w', place: 1 },
        { playerId: 'late', place: 2 },
        { playerId: 'early', place: 2 },
      ],
    );
    expect(odd.get('late')).toBe(26);
    expect(odd.get('early')).toBe(25);
  });

  it('shares a cancelled pool by chips held, to the cent', () => {
    const shares = proRata(1000, [
      { playerId: 'a', chips: 100 },
      { playerId: 'b', chips: 200 },
      { playerId: 'c', chips: 0 },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 333, b: 667, c: 0 });
  });
});
