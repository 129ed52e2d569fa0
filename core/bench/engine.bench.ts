/** `npm run bench:engine`: scoreHand evaluations per second and complete table hands per second. */
import { benchHands } from './hands.js';
import { benchScores } from './score.js';

const { scoresPerSecond } = benchScores();
console.log(`scoreHand: ${scoresPerSecond.toLocaleString('en-US')} evaluations/s`);
const { handsPerSecond, reducerOnlyHandsPerSecond } = benchHands();
console.log(`table: ${handsPerSecond.toLocaleString('en-US')} six-player hands/s (one core)`);
console.log(
  `table without the shuffle (decks shuffled beforehand): ${reducerOnlyHandsPerSecond.toLocaleString('en-US')} hands/s`,
);
