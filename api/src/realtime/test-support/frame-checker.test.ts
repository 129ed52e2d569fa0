import {
  applyAction,
  commitNextSeed,
  createTable,
  seedCommitment,
  viewFor,
  type GameState,
  type TableAction,
  type TableState,
} from '@svara/core';
import { describe, expect, it } from 'vitest';
import { checkFrame, FrameLeak } from './frame-checker.js';
import { testSeed } from './seeds.js';

const SEED = testSeed(7);
const NEXT = testSeed(8);

function run(s: TableState, ...actions: TableAction[]): TableState {
  for (const a of actions) {
    const r = applyAction(s, a, 1_000);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

function dealt(): TableState {
  let s = createTable({ roomId: '00000000-0000-4000-8000-000000000003', stake: 100 });
  for (const id of ['1', '2'])
    s = run(s, { type: 'sit', playerId: id, balance: 10_000, username: id, avatar: null });
  return run(s, { type: 'start_hand', serverSeed: SEED, clientSeed: 'svara' });
}

const turn = (s: TableState) => s.hand!.players[s.hand!.turn]!.playerId;
const clone = (f: GameState) => structuredClone(f);

describe('checkFrame', () => {
  it('passes the views the core builds', () => {
    const s = dealt();
    for (const viewer of ['1', '2', null])
      expect(() => checkFrame(viewFor(s, viewer, 1_000), viewer, [SEED])).not.toThrow();
    const looked = run(s, { type: 'look', playerId: turn(s) });
    expect(() => checkFrame(viewFor(looked, '1', 1_000), '1', [SEED])).not.toThrow();
  });

  it('catches another player’s cards, own cards before a look, a seed, an extra field and a misaddressed frame', () => {
    const s = run(dealt(), { type: 'look', playerId: '1' });
    const own = viewFor(s, '1', 1_000);
    const spy = clone(own);
    spy.players.find((p) => p.id === '2')!.cards = own.players.find((p) => p.id === '1')!.cards;
    expect(() => checkFrame(spy, '1', [SEED])).toThrow(FrameLeak);

    const early = viewFor(dealt(), '1', 1_000);
    const peek = clone(early);
    peek.players.find((p) => p.id === '1')!.cards = [
      { rank: 'A', suit: 'hearts' },
      { rank: 'K', suit: 'hearts' },
      { rank: '7', suit: 'clubs' },
    ];
    expect(() => checkFrame(peek, '1', [SEED])).toThrow(/cards of 1/);

    const seeded = { ...own, log: [...own.log, { telegramId: null, type: SEED, timestamp: 1 }] };
    expect(() => checkFrame(seeded, '1', [SEED])).toThrow(/seed/);
    expect(() =>
      checkFrame({ ...own, fairness: { ...own.fairness, revealedSeed: SEED } }, '1', [SEED]),
    ).toThrow(/seed/);
    expect(() => checkFrame({ ...own, deck: [] }, '1', [SEED])).toThrow(/unexpected fields deck/);
    expect(() => checkFrame(own, '2', [SEED])).toThrow(/meant for 1/);
  });

  it('passes the next hand’s seed hash and catches that seed itself, before and after the hand before it ends', () => {
    const waiting = commitNextSeed(
      run(createTable({ roomId: '00000000-0000-4000-8000-000000000006', stake: 100 }), {
        type: 'sit',
        playerId: '1',
        balance: 10_000,
        username: '1',
        avatar: null,
      }),
      seedCommitment(NEXT),
    );
    const before = viewFor(waiting, '1', 1_000);
    expect(() => checkFrame(before, '1', [NEXT])).not.toThrow();
    const spilled = { ...before, fairness: { ...before.fairness, nextCommitment: NEXT } };
    expect(() => checkFrame(spilled, '1', [NEXT])).toThrow(/seed/);

    const s = dealt();
    const over = commitNextSeed(
      run(s, { type: 'look', playerId: turn(s) }, { type: 'fold', playerId: turn(s) }),
      seedCommitment(NEXT),
    );
    const after = viewFor(over, '1', 1_000);
    expect(after.fairness).toMatchObject({ revealedSeed: SEED, nextCommitment: seedCommitment(NEXT) });
    expect(() => checkFrame(after, '1', [SEED, NEXT])).not.toThrow();
    const early = { ...after, fairness: { ...after.fairness, revealedSeed: NEXT } };
    expect(() => checkFrame(early, '1', [SEED, NEXT])).toThrow(/seed/);
  });
});
