import { describe, expect, it } from 'vitest';
import { scoreHand } from '@svara/core';
import { RULE_EXAMPLES } from './rules-examples';

describe('the rules examples', () => {
  it('are at least eight', () => {
    expect(RULE_EXAMPLES.length).toBeGreaterThanOrEqual(8);
  });
  it.each(
    RULE_EXAMPLES.map((e) => [e.cards.map((c) => c.rank + c.suit[0]).join(' '), e.score, e.cards] as const),
  )('%s scores %s, as the engine counts it', (_label, score, cards) => {
    expect(scoreHand(cards)).toBe(score);
  });
});
