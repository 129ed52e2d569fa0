import { describe, expect, it } from 'vitest';
import { referralLevel } from './referral-levels.js';

describe('referralLevel', () => {
  it('follows the SPEC §9 table at every boundary', () => {
    const cases: [number, number, number][] = [
      [0, 1, 3],
      [1, 1, 3],
      [10, 1, 3],
      [11, 2, 5],
      [30, 2, 5],
      [31, 3, 8],
      [100, 3, 8],
      [101, 4, 10],
      [5000, 4, 10],
    ];
    for (const [count, level, percent] of cases) {
      expect(referralLevel(count), String(count)).toMatchObject({
        level,
        percent,
        basisPoints: percent * 100,
      });
    }
  });
});
