/**
 * `npm run bench:engine`: scoreHand evaluations per second and complete table hands per second, and a
 * machine-speed yardstick before and after (yardstick.ts).
 * BENCH_SMOKE=1 runs each part for a fraction of a second (npm run bench:smoke); a refused action
 * throws, and a part that measured nothing exits non-zero.
 */
import { benchHands, type HandsMeasure } from './hands.js';
import { benchScores } from './score.js';
import { yardstickMs } from './yardstick.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const fmt = (n: number) => n.toLocaleString('en-US');

const before = SMOKE ? 0 : yardstickMs();
const { scoresPerSecond } = benchScores(SMOKE ? 200 : 1000);
console.log(`scoreHand: ${fmt(scoresPerSecond)} evaluations/s`);
const { withShuffle, reducerOnly } = benchHands(
  SMOKE ? { durationMs: 200, warmupHands: 200 } : { durationMs: 1000, warmupHands: 2000, warmupMs: 3000 },
);
const reseated = (n: number) => (n > 0 ? `; ${n} players stood up after losing all and sat down again` : '');
const rates = (m: HandsMeasure) =>
  `${fmt(m.handsPerSecond)} hands/s, ${fmt(m.handsPerCpuSecond)} per CPU second (${fmt(m.hands)} hands${reseated(m.reseated)})`;
console.log(`table: six-player hands on one core: ${rates(withShuffle)}`);
console.log(`table without the shuffle (decks shuffled beforehand): ${rates(reducerOnly)}`);
if (!SMOKE) {
  // The same plain loop before and after: how fast the machine was while the figures above ran.
  console.log(
    `machine speed: a fixed loop took ${before} ms before, ${yardstickMs()} ms after (lower is faster)`,
  );
}
if (scoresPerSecond <= 0 || withShuffle.hands <= 0 || reducerOnly.hands <= 0) {
  console.error('bench:engine measured nothing');
  process.exit(1);
}
