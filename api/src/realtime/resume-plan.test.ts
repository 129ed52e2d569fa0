/**
 * A table brought back after a restart: every player is away until their socket returns, and the
 * hand's clock goes on from the stored moments, with a short grace when the time ran out meanwhile.
 */
import { applyAction, createTable, type TableAction, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { RESUME_GRACE_MS, resumeTable } from './resume-plan.js';
import { testSeed } from './test-support/seeds.js';

const TURN = 30_000;

function must(s: TableState, action: TableAction, at: number): TableState {
  const r = applyAction(s, action, at);
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
  return r.state;
}

/** Three players dealt in at time 1,000: the first turn started then. */
function dealt(): TableState {
  let s = createTable({ roomId: 'room', stake: 100, timings: { turnMs: TURN, svaraMs: 20_000 } });
  for (const playerId of ['a', 'b', 'c']) {
    s = must(s, { type: 'sit', playerId, balance: 5_000, username: null, avatar: null }, 0);
  }
  return must(s, { type: 'start_hand', serverSeed: testSeed(1), clientSeed: 'svara' }, 1_000);
}

describe('resumeTable', () => {
  it('makes every present player away from now, and keeps the time of those already away', () => {
    const s = dealt();
    const earlier = { ...s, seats: s.seats.map((seat, i) => (i === 0 ? { ...seat, awaySince: 500 } : seat)) };
    const { state, markedAway } = resumeTable(earlier, 2_000);
    expect(markedAway).toEqual(['b', 'c']);
    expect(state.seats.map((seat) => seat.awaySince)).toEqual([500, 2_000, 2_000]);
  });

  it('keeps the time left on the turn when there is more than the grace', () => {
    const s = dealt();
    const { state } = resumeTable(s, 1_000 + 5_000);
    expect(state.hand!.turnStartedAt).toBe(1_000);
  });

  it('gives the player on turn the grace when their time ran out while the server was down', () => {
    const s = dealt();
    const now = 1_000 + TURN + 60_000;
    const { state } = resumeTable(s, now);
    expect(state.hand!.turnStartedAt! + TURN).toBe(now + RESUME_GRACE_MS);
    // Nothing else of the hand changes.
    expect({ ...state.hand, turnStartedAt: 0 }).toEqual({ ...s.hand, turnStartedAt: 0 });
  });

  it('gives an open svara window the grace when it closed while the server was down', () => {
    const s = dealt();
    const svara = {
      tied: ['a', 'b'],
      participants: ['a', 'b'],
      decided: [],
      share: 150,
      carried: 300,
      deadline: 3_000,
      ready: false,
    };
    const pending: TableState = { ...s, status: 'svara_pending', svara };
    expect(resumeTable(pending, 50_000).state.svara!.deadline).toBe(50_000 + RESUME_GRACE_MS);
    expect(resumeTable(pending, 1_000).state.svara!.deadline).toBe(1_000 + RESUME_GRACE_MS);
    expect(
      resumeTable({ ...pending, svara: { ...svara, deadline: 90_000 } }, 1_000).state.svara!.deadline,
    ).toBe(90_000);
  });

  it('leaves a waiting table as it is apart from the players being away', () => {
    let s = createTable({ roomId: 'room', stake: 100 });
    s = must(s, { type: 'sit', playerId: 'a', balance: 5_000, username: null, avatar: null }, 0);
    const { state } = resumeTable(s, 7);
    expect(state).toEqual({ ...s, seats: [{ ...s.seats[0]!, awaySince: 7 }] });
  });
});
