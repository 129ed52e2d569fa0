/**
 * Throughput of scoreHand: scores every one of the 4960 hands over and over for about a second.
 * The engine bench script calls `benchScores` and prints the result.
 */
import { CANONICAL_DECK, type Card } from '../src/cards.js';
import { scoreHand } from '../src/scoring.js';

function allHands(): Card[][] {
  const hands: Card[][] = [];
  const d = CANONICAL_DECK;
  for (let a = 0; a < d.length; a++)
    for (let b = a + 1; b < d.length; b++)
      for (let c = b + 1; c < d.length; c++) hands.push([d[a]!, d[b]!, d[c]!]);
  return hands;
}

function scoreAll(hands: readonly Card[][]): number {
  let checksum = 0;
  for (const hand of hands) checksum += scoreHand(hand);
  return checksum;
}

export function benchScores(durationMs = 1000): { scoresPerSecond: number } {
  const hands = allHands();
  const expected = scoreAll(hands); // also warms the code up
  for (let i = 0; i < 20; i++) scoreAll(hands);

  let scored = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    // The checksum keeps the work observable, so it cannot be optimised away.
    if (scoreAll(hands) !== expected) throw new Error('scoreHand is not deterministic');
    scored += hands.length;
    elapsed = performance.now() - start;
  } while (elapsed < durationMs);
  return { scoresPerSecond: Math.round((scored * 1000) / elapsed) };
}
