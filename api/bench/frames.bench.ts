/**
 * `npm run bench:frames`: what one change of a six-player table costs the server on one core, without
 * sockets or a database: the frames of its six players and a spectator (FrameBuilder), whole and as
 * the patches the gateway sends (and the bytes of a game_update either way), and what the hand store writes as JSON: the hand's state when a hand begins or
 * ends, the action as a step in between. The states come from 400 hands played by random legal
 * moves, recorded beforehand (enough hands that runs agree). BENCH_SMOKE=1: 40 hands, each part
 * timed for 0.2 s; a refused move throws, and a part that measured nothing exits 1.
 */
import { Failures, SMOKE } from '../src/bench/bench-helpers.js';
import { FrameBuilder } from '../src/realtime/frames.js';
import {
  frameMicrosPerChange,
  patchMicrosPerChange,
  PLAYERS,
  recordStates,
  timePerChange,
} from '../src/bench/frame-workload.js';

const HANDS = SMOKE ? 40 : 400;
const DURATION_MS = SMOKE ? 200 : 2000;
const changes = recordStates(HANDS);
const frameMicros = frameMicrosPerChange(changes, DURATION_MS);
const stored = timePerChange(changes, ({ state }) => JSON.stringify(state).length, DURATION_MS);
// A step as the hand store writes it (numbered within its hand: a number of one or two digits).
const step = (c: (typeof changes)[number]) => ({ step: 7, action: c.action, at: c.now });
const steps = timePerChange(changes, (c) => JSON.stringify(step(c)).length, DURATION_MS);
const patchMicros = patchMicrosPerChange(changes, DURATION_MS);
const frameBytes = changes.reduce(
  (sum, { state, now }) => sum + new FrameBuilder(state, now).json(PLAYERS[0]!).length,
  0,
);
// What a game_update carries, per viewer: the whole frame (as before patches) and the patch.
const viewers = [...PLAYERS, null];
let wholeBytes = 0;
let patchBytes = 0;
let updates = 0;
let previous: FrameBuilder | null = null;
for (const [i, { state, now }] of changes.entries()) {
  const builder = new FrameBuilder(state, now, i + 1);
  if (previous) {
    for (const viewer of viewers) {
      wholeBytes += builder.json(viewer).length;
      patchBytes += builder.patchJson(previous.frame(viewer), viewer).length;
      updates += 1;
    }
  }
  previous = builder;
}
const stateBytes = changes.reduce((sum, { state }) => sum + JSON.stringify(state).length, 0);
const stepBytes = changes.reduce((sum, c) => sum + JSON.stringify(step(c)).length, 0);

console.log(`bench:frames — ${changes.length} changes of a six-player table (${HANDS} hands), one core`);
console.log(
  `  frames         ${frameMicros.toFixed(1)} µs per change (six players and a spectator), ${Math.round(frameBytes / changes.length)} B per player frame`,
);
console.log(
  `  patches        ${patchMicros.toFixed(1)} µs per change (the same seven, each against its previous frame)`,
);
console.log(
  `  game_update    ${Math.round(wholeBytes / updates)} B as a whole frame before, ${Math.round(patchBytes / updates)} B as a patch now (mean of the seven viewers)`,
);
console.log(
  `  hand state     ${stored.micros.toFixed(1)} µs per change (JSON.stringify), ${Math.round(stateBytes / changes.length)} B: written when a hand begins or ends`,
);
console.log(
  `  hand step      ${steps.micros.toFixed(1)} µs per change (JSON.stringify), ${Math.round(stepBytes / changes.length)} B: written for every other move`,
);
const failures = new Failures();
failures.check(changes.length > 0 && frameBytes > 0, 'no frame was built');
failures.check(updates > 0 && patchBytes > 0 && patchBytes < wholeBytes, 'patches no smaller than frames');
for (const [part, micros] of [
  ['frames', frameMicros],
  ['patches', patchMicros],
  ['hand state', stored.micros],
  ['hand step', steps.micros],
] as const)
  failures.check(Number.isFinite(micros) && micros > 0, `${part}: nothing timed`);
failures.report('bench:frames');
