/**
 * The ante of a Sit & Go (RULES §9): it starts at TOURNAMENT_STARTING_ANTE chips and doubles every
 * TOURNAMENT_HANDS_PER_LEVEL hands. Hands are counted from 1 and only ordinary deals count (a svara
 * hand plays on the tied hand's pot and has no ante). Amounts are minor units (a chip is 100).
 */
import type { Cents } from '../money.js';

export type AnteLevel = {
  /** 1 for the first hands, then 2, … */
  level: number;
  ante: Cents;
  nextAnte: Cents;
  /** Hands still dealt at this ante, counting hand `hand` itself. */
  handsToNextLevel: number;
};

/** The level of ordinary hand number `hand` (1-based). */
export function anteLevel(hand: number, startingAnte: Cents, handsPerLevel: number): AnteLevel {
  const index = Math.floor((Math.max(1, hand) - 1) / handsPerLevel);
  // Doubling never overflows in practice (chips run out long before), but stays exact to 2^53.
  const ante = startingAnte * 2 ** index;
  return {
    level: index + 1,
    ante,
    nextAnte: ante * 2,
    handsToNextLevel: (index + 1) * handsPerLevel - Math.max(1, hand) + 1,
  };
}
