/**
 * `npm run bench:engine`: scoreHand evaluations per second and complete table hands per second.
 * BENCH_SMOKE=1 runs each part for a fraction of a second (npm run bench:smoke); a refused action
 * throws, and a part that measured nothing exits non-zero.
 */
import { benchHands } from './hands.js';
import { benchScores } from './score.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const fmt = (n: number) => n.toLocaleString('en-US');

const { scoresPerSecond } = benchScores(SMOKE ? 200 : 1000);
console.log(`scoreHand: ${fmt(scoresPerSecond)} evaluations/s`);
const { withShuffle, reducerOnly } = benchHands(
  SMOKE ? { durationMs: 200, warmupHands: 200 } : { durationMs: 1000, warmupHands: 2000 },
);
const reseated = (n: number) => (n > 0 ? `; ${n} players stood up after losing all and sat down again` : '');
console.log(
  `table: ${fmt(withShuffle.handsPerSecond)} six-player hands/s (one core; ${fmt(withShuffle.hands)} hands${reseated(withShuffle.reseated)})`,
);
console.log(
  `table without the shuffle (decks shuffled beforehand): ${fmt(reducerOnly.handsPerSecond)} hands/s (${fmt(reducerOnly.hands)} hands${reseated(reducerOnly.reseated)})`,
);
if (scoresPerSecond <= 0 || withShuffle.hands <= 0 || reducerOnly.hands <= 0) {
  console.error('bench:engine measured nothing');
  process.exit(1);
}
