import {
  applyAction,
  createTable,
  gameStateSchema,
  viewFor,
  type TableAction,
  type TableState,
} from '@svara/core';
import { describe, expect, it } from 'vitest';
import { FrameBuilder } from './frames.js';
import { findSeed } from './test-support/seeds.js';

function run(s: TableState, ...actions: TableAction[]): TableState {
  for (const a of actions) {
    const r = applyAction(s, a, 5_000);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.code}`);
    s = r.state;
  }
  return s;
}

describe('FrameBuilder', () => {
  it('splices exactly the view the core builds for each viewer, spectators included', () => {
    // A frame is compact on the wire; parsing it with the protocol schema gives the full view back.
    let s = createTable({ roomId: '00000000-0000-4000-8000-000000000004', stake: 100 });
    for (const id of ['1', '2', '3'])
      s = run(s, { type: 'sit', playerId: id, balance: 5_000, username: `u${id}`, avatar: null });
    const seed = findSeed(s, () => true).seed;
    const states = [s];
    s = run(s, { type: 'start_hand', serverSeed: seed, clientSeed: 'svara' });
    states.push(s);
    s = run(s, { type: 'blind_bet', playerId: s.hand!.players[s.hand!.turn]!.playerId });
    s = run(s, { type: 'look', playerId: s.hand!.players[s.hand!.turn]!.playerId });
    states.push(s);
    for (const state of states) {
      const builder = new FrameBuilder(state, 7_000);
      for (const viewer of ['1', '2', '3', '999', null]) {
        const expected = viewFor(state, viewer, 7_000);
        expect(gameStateSchema.parse(JSON.parse(builder.json(viewer)))).toEqual({ ...expected, seq: 0 });
      }
    }
  });

  it('sends a move that is not offered as nothing: a player who may not act gets {}', () => {
    let s = createTable({ roomId: '00000000-0000-4000-8000-000000000005', stake: 100 });
    for (const id of ['1', '2', '3'])
      s = run(s, { type: 'sit', playerId: id, balance: 5_000, username: `u${id}`, avatar: null });
    s = run(s, { type: 'start_hand', serverSeed: findSeed(s, () => true).seed, clientSeed: 'svara' });
    const builder = new FrameBuilder(s, 7_000);
    const onTurn = s.hand!.players[s.hand!.turn]!.playerId;
    for (const viewer of ['1', '2', '3']) {
      const allowed = (JSON.parse(builder.json(viewer)) as { allowedActions: object }).allowedActions;
      // On turn in blind betting: a blind bet or a look, and nothing else is spelled out.
      if (viewer === onTurn) expect(Object.keys(allowed).sort()).toEqual(['blindBet', 'look']);
      else expect(allowed).toEqual({});
    }
  });
});
