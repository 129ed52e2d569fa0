/**
 * `npm run bench:frames`: what one change of a six-player table costs the server on one core, without
 * sockets or a database: the frames of its six players and a spectator (FrameBuilder, what the
 * gateway sends), and the hand's state as JSON (what the hand store writes). The states come from
 * 400 hands played by random legal moves, recorded beforehand (enough hands that runs agree).
 */
import {
  applyAction,
  createTable,
  legalMoves,
  needsDeal,
  nextDeadline,
  type TableAction,
  type TableState,
} from '@svara/core';
import { randomBytes } from 'node:crypto';
import { FrameBuilder } from '../src/realtime/frames.js';

const PLAYERS = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005', '1000000006'];
const STAKE = 100;

/** Every state a table goes through in `hands` hands, with the time of each change. */
function recordStates(hands: number): { state: TableState; now: number }[] {
  const out: { state: TableState; now: number }[] = [];
  let now = Date.parse('2026-11-22T12:00:00Z');
  let state = createTable({ roomId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', stake: STAKE });
  const apply = (action: TableAction) => {
    const r = applyAction(state, action, now);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code}`);
    state = r.state;
    out.push({ state, now });
  };
  for (const id of PLAYERS) {
    apply({
      type: 'sit',
      playerId: id,
      balance: 1_000_000,
      username: `player_${id.slice(-3)}`,
      avatar: null,
    });
  }
  for (let hand = 0; hand < hands; hand++) {
    for (const seat of state.seats) {
      if (seat.balance < 500_000) apply({ type: 'set_balance', playerId: seat.playerId, balance: 1_000_000 });
    }
    apply({ type: 'start_hand', serverSeed: randomBytes(32).toString('hex'), clientSeed: 'bench' });
    while (state.status !== 'finished') {
      now += 700;
      if (state.status === 'svara_pending') {
        const id = PLAYERS.find((p) => legalMoves(state, p).skipSvara)!;
        apply({
          type: Math.random() < 0.5 && legalMoves(state, id).joinSvara ? 'join_svara' : 'skip_svara',
          playerId: id,
        });
        if (needsDeal(state))
          apply({ type: 'start_hand', serverSeed: randomBytes(32).toString('hex'), clientSeed: 'bench' });
        continue;
      }
      const h = state.hand!;
      const id = h.players[h.turn]!.playerId;
      const m = legalMoves(state, id);
      const r = Math.random();
      if (m.look)
        apply(m.blindBet && r < 0.45 ? { type: 'blind_bet', playerId: id } : { type: 'look', playerId: id });
      else if (m.raise && r < 0.15) apply({ type: 'raise', playerId: id, amount: m.raise.min });
      else if (r < 0.3) apply({ type: 'fold', playerId: id });
      else apply({ type: 'call', playerId: id });
    }
    now = nextDeadline(state)!.at;
    apply({ type: 'tick' });
  }
  return out;
}

function timePerChange(
  changes: { state: TableState; now: number }[],
  work: (c: (typeof changes)[0]) => number,
) {
  let sink = 0;
  for (const c of changes) sink += work(c); // warm-up
  const start = performance.now();
  let rounds = 0;
  do {
    for (const c of changes) sink += work(c);
    rounds += 1;
  } while (performance.now() - start < 2000);
  const micros = ((performance.now() - start) * 1000) / (rounds * changes.length);
  return { micros, sink };
}

const changes = recordStates(400);
const frames = timePerChange(changes, ({ state, now }) => {
  const builder = new FrameBuilder(state, now);
  let bytes = builder.json(null).length;
  for (const id of PLAYERS) bytes += builder.json(id).length;
  return bytes;
});
const stored = timePerChange(changes, ({ state }) => JSON.stringify(state).length);
const frameBytes = changes.reduce(
  (sum, { state, now }) => sum + new FrameBuilder(state, now).json(PLAYERS[0]!).length,
  0,
);
const stateBytes = changes.reduce((sum, { state }) => sum + JSON.stringify(state).length, 0);

console.log(`bench:frames — ${changes.length} changes of a six-player table (400 hands), one core`);
console.log(
  `  frames         ${frames.micros.toFixed(1)} µs per change (six players and a spectator), ${Math.round(frameBytes / changes.length)} B per player frame`,
);
console.log(
  `  stored state   ${stored.micros.toFixed(1)} µs per change (JSON.stringify), ${Math.round(stateBytes / changes.length)} B`,
);
