import { applyAction, createTable, type TableAction, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { planVoid, potClaims } from './void-plan.js';
import { dealtScores, findSeed } from './test-support/seeds.js';

const ROOM = '00000000-0000-4000-8000-000000000002';

function run(s: TableState, ...actions: TableAction[]): TableState {
  for (const a of actions) {
    const r = applyAction(s, a, 0);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

function seated(ids: string[], balance = 10_000): TableState {
  return run(
    createTable({ roomId: ROOM, stake: 100 }),
    ...ids.map((playerId) => ({ type: 'sit' as const, playerId, balance, username: null, avatar: null })),
  );
}

const turn = (s: TableState) => s.hand!.players[s.hand!.turn]!.playerId;

describe('planVoid', () => {
  it('gives every player of a hand in play back what they paid', () => {
    let s = seated(['1', '2', '3']);
    const { seed } = findSeed(s, () => true);
    s = run(s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    s = run(s, { type: 'blind_bet', playerId: turn(s) });
    s = run(s, { type: 'look', playerId: turn(s) });
    const paid = new Map(s.hand!.players.map((p) => [p.playerId, p.paid]));
    const refunds = planVoid(s, s.pot);
    expect(new Map(refunds.map((r) => [r.playerId, r.amount]))).toEqual(paid);
    expect(refunds.reduce((a, r) => a + r.amount, 0)).toBe(s.pot);
  });

  it('in an open svara window, returns joins and shares the carried pot among the tied players', () => {
    let s = seated(['1', '2', '3']);
    // Two of three players tie at the top; the third folds.
    const { seed } = findSeed(s, (d) => {
      const [a, b, c] = dealtScores(d);
      return a === b && a! > c!;
    });
    s = run(s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    const [p0, p1, p2] = s.hand!.players.map((p) => p.playerId) as [string, string, string];
    s = run(
      s,
      { type: 'look', playerId: p0 },
      { type: 'call', playerId: p0 },
      { type: 'call', playerId: p1 },
      { type: 'fold', playerId: p2 },
    );
    expect(s.status).toBe('svara_pending');
    const carried = s.pot;
    s = run(s, { type: 'join_svara', playerId: p2 });
    const share = Math.ceil(carried / 2);
    expect(s.pot).toBe(carried + share);
    const refunds = new Map(planVoid(s, s.pot).map((r) => [r.playerId, r.amount]));
    expect(refunds.get(p2)).toBe(share);
    expect(refunds.get(p0)! + refunds.get(p1)!).toBe(carried);
    expect(Math.abs(refunds.get(p0)! - refunds.get(p1)!)).toBeLessThanOrEqual(1);
  });

  it('shares a svara hand’s carried pot equally among its participants, plus what each paid', () => {
    let s = seated(['1', '2']);
    const { seed } = findSeed(s, (d) => {
      const [a, b] = dealtScores(d);
      return a === b;
    });
    s = run(s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    s = run(s, { type: 'look', playerId: turn(s) }, { type: 'call', playerId: turn(s) });
    s = run(s, { type: 'call', playerId: turn(s) }, { type: 'join_svara', playerId: '1' });
    s = run(s, { type: 'join_svara', playerId: '2' });
    const carried = s.pot;
    const { seed: seed2 } = findSeed(s, () => true);
    s = run(s, { type: 'start_hand', serverSeed: seed2, clientSeed: 'svara' });
    s = run(s, { type: 'blind_bet', playerId: turn(s) });
    const claims = potClaims(s);
    const better = turn(s) === '1' ? '2' : '1';
    expect(claims.get(better)! - claims.get(better === '1' ? '2' : '1')!).toBe(100);
    expect([...claims.values()].reduce((a, b) => a + b, 0)).toBe(carried + 100);
  });

  it('shares the ledger’s amount in proportion to the claims when the two disagree', () => {
    let s = seated(['1', '2']);
    const { seed } = findSeed(s, () => true);
    s = run(s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    s = run(s, { type: 'blind_bet', playerId: turn(s) });
    // Claims 200 and 100 of a 300 pot; the escrow holds 301.
    const refunds = planVoid(s, 301);
    expect(refunds.reduce((a, r) => a + r.amount, 0)).toBe(301);
    const byId = new Map(refunds.map((r) => [r.playerId, r.amount]));
    expect(byId.get(turn(s) === '1' ? '2' : '1')).toBeGreaterThan(0);
  });

  it('refunds nothing from an empty escrow', () => {
    expect(planVoid(seated(['1', '2']), 0)).toEqual([]);
  });
});
