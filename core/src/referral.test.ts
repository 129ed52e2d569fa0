import { describe, expect, it } from 'vitest';
import { REFERRAL_LEVELS, referralLevel } from './referral.js';

describe('the referral levels (SPEC §9)', () => {
  it.each([
    [0, 1, 3],
    [1, 1, 3],
    [10, 1, 3],
    [11, 2, 5],
    [30, 2, 5],
    [31, 3, 8],
    [100, 3, 8],
    [101, 4, 10],
    [5000, 4, 10],
  ])('%s qualified referrals → level %s, %s%%', (count, level, percent) => {
    expect(referralLevel(count)).toMatchObject({ level, percent, basisPoints: percent * 100 });
  });

  it('covers every count from 1 up without gaps or overlaps', () => {
    for (const [i, l] of REFERRAL_LEVELS.entries()) {
      const next = REFERRAL_LEVELS[i + 1];
      if (next) expect(next.from).toBe(l.to! + 1);
      else expect(l.to).toBeNull();
    }
  });
});
