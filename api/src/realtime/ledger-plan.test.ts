import { applyAction, createTable, type TableAction, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import {
  escrowReference,
  planMoney,
  walletBalancesAfter,
  type LedgerParty,
  type MoneyPlan,
} from './ledger-plan.js';
import { dealtScores, findSeed } from './test-support/seeds.js';

const ROOM = '00000000-0000-4000-8000-000000000001';
const STAKE = 100;

/** A tiny in-memory ledger: applies plans and checks what the real one enforces. */
class Books {
  readonly balances = new Map<string, number>();
  readonly keys = new Set<string>();
  private name(p: LedgerParty): string {
    return p.kind === 'wallet' ? `wallet:${p.userId}` : p.kind === 'escrow' ? p.reference : 'house';
  }
  apply(plan: MoneyPlan): void {
    for (const t of plan.transfers) {
      expect(this.keys.has(t.idempotencyKey)).toBe(false);
      this.keys.add(t.idempotencyKey);
      const from = this.name(t.from);
      const to = this.name(t.to);
      this.balances.set(from, (this.balances.get(from) ?? 0) - t.amount);
      this.balances.set(to, (this.balances.get(to) ?? 0) + t.amount);
      if (t.from.kind === 'escrow') expect(this.balances.get(from)).toBeGreaterThanOrEqual(0);
    }
    for (const escrow of plan.settledEscrows) expect(this.balances.get(escrow) ?? 0).toBe(0);
  }
  of(name: string): number {
    return this.balances.get(name) ?? 0;
  }
}

function table(players: string[], balance = 10_000): TableState {
  let s = createTable({ roomId: ROOM, stake: STAKE });
  for (const id of players) {
    const r = applyAction(s, { type: 'sit', playerId: id, balance, username: id, avatar: null }, 0);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return s;
}

/** Applies an action, plans its money and books it. */
function step(books: Books, s: TableState, action: TableAction, now = 0): { s: TableState; plan: MoneyPlan } {
  const r = applyAction(s, action, now);
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
  const plan = planMoney(ROOM, s.pot, s.handNumber, r.events);
  books.apply(plan);
  return { s: r.state, plan };
}

function onTurn(s: TableState): string {
  return s.hand!.players[s.hand!.turn]!.playerId;
}

describe('planMoney', () => {
  it('moves the ante from each wallet into the hand escrow, keyed by room, hand and seq', () => {
    const books = new Books();
    const s = table(['1', '2', '3']);
    const { seed } = findSeed(s, () => true);
    const { plan } = step(books, s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    expect(plan.transfers).toHaveLength(3);
    expect(plan.transfers.map((t) => t.idempotencyKey)).toEqual([
      `hand:${ROOM}:1:1`,
      `hand:${ROOM}:1:2`,
      `hand:${ROOM}:1:3`,
    ]);
    for (const t of plan.transfers) {
      expect(t.from.kind).toBe('wallet');
      expect(t.to).toEqual({ kind: 'escrow', reference: escrowReference(ROOM, 1) });
      expect(t.amount).toBe(STAKE);
      expect(t.reason).toBe('ante');
    }
    expect(books.of(escrowReference(ROOM, 1))).toBe(3 * STAKE);
  });

  it('empties the escrow into the winner and the house when the hand ends', () => {
    const books = new Books();
    let s = table(['1', '2']);
    const { seed } = findSeed(s, (d) => new Set(dealtScores(d)).size === 2);
    ({ s } = step(books, s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' }));
    ({ s } = step(books, s, { type: 'look', playerId: onTurn(s) }));
    ({ s } = step(books, s, { type: 'call', playerId: onTurn(s) }));
    const last = step(books, s, { type: 'call', playerId: onTurn(s) });
    expect(last.plan.settledEscrows).toEqual([escrowReference(ROOM, 1)]);
    expect(books.of(escrowReference(ROOM, 1))).toBe(0);
    const pot = 2 * STAKE + 2 * STAKE;
    expect(books.of('house')).toBe(Math.floor(pot * 0.05));
    expect(books.of('wallet:1') + books.of('wallet:2') + books.of('house')).toBe(0);
  });

  it('carries a svara pot into the svara hand escrow, so each escrow is emptied by its own hand', () => {
    const books = new Books();
    let s = table(['1', '2']);
    const { seed } = findSeed(s, (d) => {
      const [a, b] = dealtScores(d);
      return a === b;
    });
    ({ s } = step(books, s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' }));
    ({ s } = step(books, s, { type: 'look', playerId: onTurn(s) }));
    ({ s } = step(books, s, { type: 'call', playerId: onTurn(s) }));
    let r = step(books, s, { type: 'call', playerId: onTurn(s) });
    s = r.s;
    expect(s.status).toBe('svara_pending');
    expect(r.plan.settledEscrows).toEqual([]);
    const svaraPot = s.pot;
    expect(books.of(escrowReference(ROOM, 1))).toBe(svaraPot);

    ({ s } = step(books, s, { type: 'join_svara', playerId: '1' }));
    r = step(books, s, { type: 'join_svara', playerId: '2' });
    s = r.s;
    expect(s.svara?.ready).toBe(true);

    const { seed: seed2 } = findSeed(s, (d) => new Set(dealtScores(d)).size === 2);
    r = step(books, s, { type: 'start_hand', serverSeed: seed2, clientSeed: 'svara' });
    s = r.s;
    expect(r.plan.transfers[0]).toMatchObject({
      idempotencyKey: `hand:${ROOM}:2:0`,
      from: { kind: 'escrow', reference: escrowReference(ROOM, 1) },
      to: { kind: 'escrow', reference: escrowReference(ROOM, 2) },
      amount: svaraPot,
      reason: 'svara_carry',
    });
    expect(r.plan.settledEscrows).toEqual([escrowReference(ROOM, 1)]);

    ({ s } = step(books, s, { type: 'look', playerId: onTurn(s) }));
    ({ s } = step(books, s, { type: 'call', playerId: onTurn(s) }));
    r = step(books, s, { type: 'call', playerId: onTurn(s) });
    expect(r.plan.settledEscrows).toEqual([escrowReference(ROOM, 2)]);
    expect(books.of(escrowReference(ROOM, 2))).toBe(0);
    expect(books.of('wallet:1') + books.of('wallet:2') + books.of('house')).toBe(0);
  });

  it('plans nothing for actions that move no money', () => {
    const s = table(['1', '2']);
    const r = applyAction(s, { type: 'leave', playerId: '1' }, 0);
    if (!r.ok) throw new Error(r.error.code);
    expect(planMoney(ROOM, s.pot, s.handNumber, r.events)).toEqual({ transfers: [], settledEscrows: [] });
  });
});

describe('walletBalancesAfter', () => {
  it("gives each touched wallet its seat's balance, and a player stood up their old one plus what moved", () => {
    const before = table(['a', 'b', 'c']);
    const after = { ...before, seats: before.seats.filter((s) => s.playerId !== 'c') };
    const plan: MoneyPlan = {
      transfers: [
        {
          idempotencyKey: 'k1',
          from: { kind: 'wallet', userId: 'a' },
          to: { kind: 'house' },
          amount: 100,
          reason: 'ante',
          metadata: { roomId: ROOM, handNumber: 1, seq: 1 },
        },
        {
          idempotencyKey: 'k2',
          from: { kind: 'house' },
          to: { kind: 'wallet', userId: 'c' },
          amount: 250,
          reason: 'refund',
          metadata: { roomId: ROOM, handNumber: 1, seq: 1 },
        },
      ],
      settledEscrows: [],
    };
    const balances = walletBalancesAfter(plan, before, after);
    // a is seated: its seat is the truth; c left in this action: 10,000 + 250; b was not touched.
    expect(balances).toEqual(
      new Map([
        ['a', 10_000],
        ['c', 10_250],
      ]),
    );
    expect(walletBalancesAfter({ transfers: [], settledEscrows: [] }, before, after).size).toBe(0);
  });
});
