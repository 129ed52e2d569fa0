/**
 * What the owner of a table relays to the other nodes: enough for their sockets' frames, and not
 * the running hand's server seed (which, with the public client seed, would give the undealt deck).
 */
import { applyAction, createTable, legalMoves, viewFor, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { testSeed } from '../test-support/seeds.js';
import { relayedState } from './forwarding.js';

function act(s: TableState, action: Parameters<typeof applyAction>[1]): TableState {
  const r = applyAction(s, action, 1_000);
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
  return r.state;
}

describe('relayedState', () => {
  it('leaves the running hand’s seed on the owner, and changes no frame of any viewer', () => {
    let s = createTable({ roomId: '00000000-0000-4000-8000-0000000000a1', stake: 100 });
    for (const id of ['1', '2', '3'])
      s = act(s, { type: 'sit', playerId: id, balance: 10_000, username: id, avatar: null });
    s = act(s, { type: 'start_hand', serverSeed: testSeed(7), clientSeed: 'svara' });
    const onTurn = s.hand!.players[s.hand!.turn]!.playerId;
    s = act(s, { type: 'look', playerId: onTurn });

    const relayed = relayedState(s);
    expect(JSON.stringify(relayed)).not.toContain(testSeed(7));
    for (const viewer of [null, '1', '2', '3'])
      expect(viewFor(relayed, viewer, 2_000)).toEqual(viewFor(s, viewer, 2_000));

    // The hand over (everyone else folds): the seed is public, and relayed as it is.
    while (s.hand!.phase !== 'over') {
      const id = s.hand!.players[s.hand!.turn]!.playerId;
      s = act(s, legalMoves(s, id).fold ? { type: 'fold', playerId: id } : { type: 'call', playerId: id });
    }
    expect(s.fairness!.revealedSeed).toBe(testSeed(7));
    expect(relayedState(s)).toBe(s);
  });
});
