/** RULES §9: the prize table as a card shows it, and what a registration costs. */
import { describe, expect, it } from 'vitest';
import { entryCost, prizeShares } from './prizes';

describe('a Sit & Go card', () => {
  it('says 65 % and 35 % for six players and everything for three', () => {
    expect(prizeShares([3.9, 2.1], 6)).toEqual([65, 35]);
    expect(prizeShares([300], 300)).toEqual([100]);
  });

  it('leaves out places without a prize and an empty pool', () => {
    expect(prizeShares([3, 0, 0], 3)).toEqual([100]);
    expect(prizeShares([], 0)).toEqual([]);
  });

  it('adds buy-in and fee exactly', () => {
    expect(entryCost(1, 0.1)).toBe(1.1);
    expect(entryCost(0.1, 0.2)).toBe(0.3);
    expect(entryCost(100, 0)).toBe(100);
  });
});
