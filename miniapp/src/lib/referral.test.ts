import { describe, expect, it } from 'vitest';
import { referralLevel } from './referral';

describe('referral levels', () => {
  it.each([
    [0, 1, 3],
    [10, 1, 3],
    [11, 2, 5],
    [30, 2, 5],
    [31, 3, 8],
    [100, 3, 8],
    [101, 4, 10],
  ])('%s referrals → level %s, %s%%', (count, level, percent) => {
    expect(referralLevel(count)).toMatchObject({ level, percent });
  });
});
