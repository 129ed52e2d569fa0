/**
 * Rebuilding a hand from what was written of it. Random tables play random legal moves (with
 * time-outs, newcomers, leaves and svaras) and write their hands as the runtime does (hand-rows.ts):
 * at any moment of a running hand, its last whole state plus its steps rebuild exactly the live
 * table. A stored hand that is not consistent is refused with a reason, never played on.
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
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRunning, rebuildHand, type StoredHand } from './hand-rebuild.js';
import { handRows, type HandRowCursor } from './hand-rows.js';
import { planMoney } from './ledger-plan.js';
import { testSeed } from './test-support/seeds.js';

const ROOM = '00000000-0000-4000-8000-000000000001';

/** Small deterministic PRNG (mulberry32): fast-check picks its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

/** The moves one of the players could make now, chosen at random; a tick once a deadline is due. */
function randomAction(s: TableState, now: number, rnd: ReturnType<typeof prng>, round: number): TableAction {
  if (needsDeal(s)) return { type: 'start_hand', serverSeed: testSeed(round), clientSeed: 'svara' };
  const choices: TableAction[] = [];
  for (const seat of s.seats) {
    const m = legalMoves(s, seat.playerId);
    const playerId = seat.playerId;
    if (m.blindBet !== null) choices.push({ type: 'blind_bet', playerId });
    if (m.look) choices.push({ type: 'look', playerId });
    if (m.call) choices.push({ type: 'call', playerId }, { type: 'call', playerId });
    if (m.raise) choices.push({ type: 'raise', playerId, amount: m.raise.min });
    if (m.fold) choices.push({ type: 'fold', playerId });
    if (m.joinSvara) choices.push({ type: 'join_svara', playerId });
    if (m.skipSvara) choices.push({ type: 'skip_svara', playerId });
  }
  const deadline = nextDeadline(s);
  if (deadline && now >= deadline.at) choices.push({ type: 'tick' });
  if (rnd.int(12) === 0)
    choices.push({ type: 'leave', playerId: s.seats[rnd.int(s.seats.length)]!.playerId });
  if (rnd.int(12) === 0) {
    choices.push({ type: 'sit', playerId: `p${round}`, balance: 5_000, username: null, avatar: null });
  }
  return choices.length > 0 ? choices[rnd.int(choices.length)]! : { type: 'tick' };
}

/**
 * Plays `actions` random actions, writing the hand as the runtime does, and checks a rebuild of
 * every running hand against the live table after each action.
 */
function playAndRebuild(seed: number, players: number, actions: number): number {
  const rnd = prng(seed);
  let s = createTable({
    roomId: ROOM,
    stake: 100,
    timings: { turnMs: 1_000, svaraMs: 1_000, resultMs: 500 },
  });
  let now = 1_000_000;
  for (let i = 0; i < players; i++) {
    const r = applyAction(
      s,
      { type: 'sit', playerId: `s${i}`, balance: 3_000 + 500 * i, username: null, avatar: null },
      now,
    );
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  let cursor: HandRowCursor = { rowStatus: null, steps: 0 };
  let stored: StoredHand | null = null;
  let checked = 0;
  for (let round = 1; round <= actions; round++) {
    now += rnd.int(700);
    const action = randomAction(s, now, rnd, round);
    const r = applyAction(s, action, now);
    if (!r.ok) continue;
    const plan = planMoney(ROOM, s.pot, s.handNumber, r.events);
    // As the runtime keeps its cursor (table-runtime.ts step()).
    const rows = handRows(cursor, s, r.state, plan, action, now);
    const own = rows.find((row) => row.handNumber === r.state.handNumber);
    if (own?.step) {
      stored!.steps.push(own.step);
      cursor = { ...cursor, steps: own.step.step };
    } else if (own) {
      stored = { roomId: ROOM, handNumber: own.handNumber, state: own.state, steps: [] };
      cursor = { rowStatus: own.status, steps: 0 };
    } else if (r.state.handNumber !== s.handNumber) cursor = { ...cursor, rowStatus: null };
    s = r.state;
    if (cursor.rowStatus === 'running' && stored?.handNumber === s.handNumber && isRunning(s)) {
      const rebuilt = rebuildHand(structuredClone(stored), s.pot);
      expect(rebuilt).toEqual({ ok: true, state: s, steps: stored.steps.length });
      checked += 1;
    }
    if (s.seats.length < 2) break;
  }
  return checked;
}

describe('rebuildHand', () => {
  it('rebuilds any running hand from its written state and steps exactly as the live table', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 6 }), (seed, players) => {
        checked += playAndRebuild(seed, players, 150);
      }),
      { numRuns: 60 },
    );
    // The walk really went through running hands, not only waiting tables.
    expect(checked).toBeGreaterThan(500);
  });

  describe('refuses a stored hand that is not consistent, with the reason', () => {
    const seated = () => {
      let s = createTable({ roomId: ROOM, stake: 100 });
      for (const playerId of ['a', 'b', 'c']) {
        const r = applyAction(s, { type: 'sit', playerId, balance: 5_000, username: null, avatar: null }, 0);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
      const r = applyAction(s, { type: 'start_hand', serverSeed: testSeed(1), clientSeed: 'svara' }, 0);
      if (!r.ok) throw new Error(r.error.code);
      return r.state;
    };
    const onTurn = (s: TableState) => s.hand!.players[s.hand!.turn]!.playerId;

    it('a step that the reducer refuses', () => {
      const start = seated();
      // Blind betting: a call is not a move yet.
      const stored = {
        roomId: ROOM,
        handNumber: 1,
        state: start,
        steps: [{ step: 1, action: { type: 'call', playerId: onTurn(start) } as TableAction, at: 5 }],
      };
      const r = rebuildHand(stored, start.pot);
      expect(r).toMatchObject({ ok: false, reason: 'step 1 (call) is refused: action_not_allowed' });
      expect(r.ok || r.reached).toEqual(start);
    });

    it('a gap in the steps', () => {
      const start = seated();
      const steps = [
        { step: 2, action: { type: 'blind_bet', playerId: onTurn(start) } as TableAction, at: 5 },
      ];
      expect(rebuildHand({ roomId: ROOM, handNumber: 1, state: start, steps }, start.pot)).toMatchObject({
        ok: false,
        reason: 'step 1 is missing (found step 2)',
      });
    });

    it('a pot that is not what the escrow holds', () => {
      const start = seated();
      expect(
        rebuildHand({ roomId: ROOM, handNumber: 1, state: start, steps: [] }, start.pot - 1),
      ).toMatchObject({
        ok: false,
        reason: `the escrow holds ${start.pot - 1} cents, the rebuilt pot ${start.pot}`,
      });
    });

    it('a state of another hand or room', () => {
      const start = seated();
      expect(rebuildHand({ roomId: ROOM, handNumber: 2, state: start, steps: [] }, start.pot)).toMatchObject({
        ok: false,
        reason: 'the stored state is of hand 1',
      });
      expect(
        rebuildHand({ roomId: 'other', handNumber: 1, state: start, steps: [] }, start.pot),
      ).toMatchObject({
        ok: false,
        reason: `the stored state is of room ${ROOM}`,
      });
    });

    it('a hand that is over after its steps', () => {
      const waiting = createTable({ roomId: ROOM, stake: 100 });
      expect(rebuildHand({ roomId: ROOM, handNumber: 0, state: waiting, steps: [] }, 0)).toMatchObject({
        ok: false,
        reason: 'the hand is over after its steps (waiting)',
      });
    });
  });
});
