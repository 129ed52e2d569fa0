/**
 * A fixed piece of the server's own work, for bench:frames and as bench:realtime's yardstick: the
 * frames of a six-player table (six players and a spectator, as FrameBuilder makes them for the
 * gateway) over states recorded from hands played by random legal moves. On a shared machine the
 * same work can take twice as long from one hour to the next; timing it next to a run says how fast
 * the machine was then.
 */
import {
  applyAction,
  avatarPath,
  createTable,
  legalMoves,
  needsDeal,
  nextDeadline,
  type TableAction,
  type TableState,
} from '@svara/core';
import { randomBytes } from 'node:crypto';
import { FrameBuilder } from '../realtime/frames.js';

export const PLAYERS = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005', '1000000006'];
const STAKE = 100;

/** A table's state after `action`, applied at `now`. */
export type RecordedChange = { state: TableState; action: TableAction; now: number };

/** Every state a table goes through in `hands` hands, with the time of each change. */
export function recordStates(hands: number): RecordedChange[] {
  const out: RecordedChange[] = [];
  let now = Date.parse('2026-11-22T12:00:00Z');
  let state = createTable({ roomId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', stake: STAKE });
  const apply = (action: TableAction) => {
    const r = applyAction(state, action, now);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code}`);
    state = r.state;
    out.push({ state, action, now });
  };
  for (let hand = 0; hand < hands; hand++) {
    for (const seat of state.seats) {
      if (seat.balance < 500_000) apply({ type: 'set_balance', playerId: seat.playerId, balance: 1_000_000 });
    }
    // Six at every deal: the first time, and again for a player the table stood up after an all-in lost.
    for (const id of PLAYERS) {
      if (state.seats.some((seat) => seat.playerId === id)) continue;
      apply({
        type: 'sit',
        playerId: id,
        balance: 1_000_000,
        username: `player_${id.slice(-3)}`,
        avatar: avatarPath(id),
      });
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

/** The mean µs `work` takes per change, over rounds of all the changes for about `durationMs`. */
export function timePerChange(
  changes: RecordedChange[],
  work: (c: RecordedChange) => number,
  durationMs = 2000,
): { micros: number; sink: number } {
  let sink = 0;
  for (const c of changes) sink += work(c); // warm-up
  const start = performance.now();
  let rounds = 0;
  do {
    for (const c of changes) sink += work(c);
    rounds += 1;
  } while (performance.now() - start < durationMs);
  const micros = ((performance.now() - start) * 1000) / (rounds * changes.length);
  return { micros, sink };
}

/**
 * µs per change for the patches of all seven viewers (each against its frame of the change before,
 * as the gateway sends them after the whole first frame), timed for about `durationMs`.
 */
export function patchMicrosPerChange(changes: RecordedChange[], durationMs = 2000): number {
  let previous: FrameBuilder | null = null;
  return timePerChange(
    changes,
    ({ state, now }) => {
      const builder = new FrameBuilder(state, now, 1);
      let bytes = 0;
      if (previous) {
        bytes += builder.patchJson(previous.frame(null), null).length;
        for (const id of PLAYERS) bytes += builder.patchJson(previous.frame(id), id).length;
      }
      previous = builder;
      return bytes;
    },
    durationMs,
  ).micros;
}

/** µs per change for all seven frames of each recorded change, timed for about `durationMs`. */
export function frameMicrosPerChange(changes: RecordedChange[], durationMs = 2000): number {
  return timePerChange(
    changes,
    ({ state, now }) => {
      const builder = new FrameBuilder(state, now);
      let bytes = builder.json(null).length;
      for (const id of PLAYERS) bytes += builder.json(id).length;
      return bytes;
    },
    durationMs,
  ).micros;
}
