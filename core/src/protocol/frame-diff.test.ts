import { describe, expect, it } from 'vitest';
import { avatarPath } from './rest.js';
import { applyAction } from '../table/apply.js';
import { needsDeal, nextDeadline } from '../table/clock.js';
import { createTable } from '../table/create.js';
import { legalMoves } from '../table/moves.js';
import { mulberry32 } from '../table/test-support.js';
import type { TableAction, TableState } from '../table/types.js';
import { viewFor } from '../table/view.js';
import { applyFramePatch, diffFrames, FrameFollower, type WireFrame } from './frame-diff.js';
import { framePatchSchema, type FramePatch } from './frame-patch.js';
import { compactGameState, gameStateSchema, type WireGameState } from './game-state.js';

/** A value as it crosses the wire: JSON text and back. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A viewer's frame of `state` in its wire form, numbered `seq`, as a client receives it whole. */
const frameOf = (state: TableState, viewer: string | null, now: number, seq: number): WireFrame =>
  wire({ ...compactGameState(viewFor(state, viewer, now)), seq });

/** The patch from `a` to `b` as the client gets it: sent as JSON, checked by the protocol schema. */
const sent = (a: WireGameState & { seq: number }, b: WireFrame): FramePatch =>
  framePatchSchema.parse(wire(diffFrames(a, b, a.seq, b.seq)));

/** Random hands at a table: 2–6 players by random legal moves, players leaving and sitting between hands. */
function* randomHands(seed: number, hands: number): Generator<{ state: TableState; now: number }> {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const hex = () => Array.from({ length: 64 }, () => '0123456789abcdef'[int(16)]).join('');
  let now = Date.parse('2026-11-27T12:00:00Z');
  let state = createTable({ roomId: '00000000-0000-4000-8000-00000000f4a3', stake: 100 });
  const apply = (action: TableAction) => {
    const r = applyAction(state, action, now);
    if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
    state = r.state;
    return state;
  };
  const ids = ['101', '102', '103', '104', '105', '106', '107'];
  for (let hand = 0; hand < hands; hand++) {
    // Between hands: someone may leave, and the empty seats fill up to a random number of players.
    if (state.seats.length > 2 && int(3) === 0)
      yield {
        state: apply({ type: 'leave', playerId: state.seats[int(state.seats.length)]!.playerId }),
        now,
      };
    const wanted = 2 + int(5);
    for (const id of ids) {
      if (state.seats.length >= wanted) break;
      if (state.seats.some((s) => s.playerId === id)) continue;
      const avatar = int(2) === 0 ? avatarPath(id) : null;
      yield {
        state: apply({ type: 'sit', playerId: id, balance: 2_000 + int(20_000), username: `p${id}`, avatar }),
        now,
      };
    }
    for (const seat of state.seats) {
      if (seat.balance < 1_000)
        yield { state: apply({ type: 'set_balance', playerId: seat.playerId, balance: 10_000 }), now };
    }
    if (!needsDeal(state)) continue;
    yield { state: apply({ type: 'start_hand', serverSeed: hex(), clientSeed: 'svara' }), now };
    for (let moves = 0; state.status !== 'finished' && state.status !== 'waiting' && moves < 200; moves++) {
      now += 100 + int(3_000);
      const due = nextDeadline(state);
      if (needsDeal(state))
        yield { state: apply({ type: 'start_hand', serverSeed: hex(), clientSeed: 'svara' }), now };
      else if (due && int(12) === 0) {
        now = Math.max(now, due.at);
        yield { state: apply({ type: 'tick' }), now };
      } else {
        const options: TableAction[] = [];
        for (const { playerId } of state.seats) {
          const m = legalMoves(state, playerId);
          if (m.blindBet) options.push({ type: 'blind_bet', playerId });
          if (m.look) options.push({ type: 'look', playerId });
          if (m.call) options.push({ type: 'call', playerId });
          if (m.raise) options.push({ type: 'raise', playerId, amount: m.raise.min });
          if (m.fold) options.push({ type: 'fold', playerId });
          if (m.joinSvara) options.push({ type: 'join_svara', playerId });
          if (m.skipSvara) options.push({ type: 'skip_svara', playerId });
        }
        if (options.length === 0) {
          if (!due) break;
          now = Math.max(now, due.at);
          yield { state: apply({ type: 'tick' }), now };
        } else yield { state: apply(options[int(options.length)]!), now };
      }
    }
    const end = nextDeadline(state);
    if (end) {
      now = Math.max(now, end.at);
      yield { state: apply({ type: 'tick' }), now };
    }
  }
}

describe('frame patches', () => {
  it('turn every viewer’s previous frame into the frame the server would send whole, over many random hands', () => {
    let changes = 0;
    let patchBytes = 0;
    let frameBytes = 0;
    for (const seed of [1, 2, 3]) {
      let previous: { state: TableState; now: number } | null = null;
      let seq = 0;
      for (const change of randomHands(seed, 30)) {
        seq += 1;
        if (previous) {
          // Every seat of either state (a player who just sat or left included), a spectator.
          const viewers = new Set<string | null>([null]);
          for (const s of [...previous.state.seats, ...change.state.seats]) viewers.add(s.playerId);
          for (const viewer of viewers) {
            const before = frameOf(previous.state, viewer, previous.now, seq - 1);
            const after = frameOf(change.state, viewer, change.now, seq);
            const patch = sent(before, after);
            const patched = applyFramePatch(before, patch);
            expect(patched).toEqual(after);
            // Read as a client reads it: exactly the view core builds for that viewer.
            expect(gameStateSchema.parse(patched)).toEqual({
              ...viewFor(change.state, viewer, change.now),
              seq,
            });
            patchBytes += JSON.stringify(patch).length;
            frameBytes += JSON.stringify(after).length;
          }
          changes += 1;
        }
        previous = change;
      }
    }
    expect(changes).toBeGreaterThan(500);
    // A patch is a small part of the frame it stands for (seat changes and deals included).
    expect(patchBytes).toBeLessThan(frameBytes / 2);
  }, 30_000);

  it('a field back at its default leaves the frame; a log that moved on sends only its new entries', () => {
    const base = {
      roomId: 'r',
      status: 'betting',
      pot: 3,
      players: [{ id: '1', username: null, balance: 10, position: 1, hasLooked: true }],
      currentPlayerIndex: 0,
      turnStartTime: 1,
      deadline: 2,
      serverTime: 1,
      minBet: 1,
      winners: ['1'],
      log: [1, 2, 3, 4, 5, 6, 7, 8].map((t) => ({ type: 'call', timestamp: t })),
      fairness: { handNumber: 1, commitment: null, clientSeed: null },
      viewerId: null,
      allowedActions: null,
      seq: 4,
    } satisfies WireFrame;
    const next: WireFrame = {
      ...base,
      pot: 4,
      winners: undefined,
      players: [{ id: '1', username: null, balance: 9, position: 1 }],
      log: [3, 4, 5, 6, 7, 8, 9, 10].map((t) => ({ type: 'call', timestamp: t })),
      seq: 5,
    };
    const patch = diffFrames(base, next, 4, 5);
    expect(patch).toEqual({
      seq: 5,
      base: 4,
      set: { pot: 4 },
      unset: ['winners'],
      players: { 0: { set: { balance: 9 }, unset: ['hasLooked'] } },
      log: { drop: 2, add: [9, 10].map((t) => ({ type: 'call', timestamp: t })) },
    });
    expect(applyFramePatch(base, wire(patch))).toEqual(wire(next));
    // A seat taken: the players come whole.
    const seated = {
      ...base,
      players: [...base.players, { id: '2', username: null, balance: 5, position: 2 }],
      seq: 5,
    };
    expect(diffFrames(base, seated, 4, 5)).toEqual({ seq: 5, base: 4, set: { players: seated.players } });
  });

  it('does not apply to any frame but the one it names: the client then asks for the whole frame', () => {
    const table = createTable({ roomId: '00000000-0000-4000-8000-00000000f4a4', stake: 100 });
    const base = frameOf(table, null, 0, 7);
    const later = { ...base, pot: 1, seq: 8 };
    const patch = diffFrames(base, later, 7, 8);
    expect(applyFramePatch(base, patch)).toEqual(later);
    expect(applyFramePatch({ ...base, seq: 6 }, patch)).toBeNull();
    expect(applyFramePatch(null, patch)).toBeNull();
    expect(applyFramePatch(base, { seq: 8, base: 7, players: { 3: { set: { balance: 1 } } } })).toBeNull();

    const follower = new FrameFollower();
    expect(follower.patch(patch)).toBeNull();
    follower.full(base);
    expect(follower.patch(patch)).toEqual(later);
    // A patch missed (8 → 9 never came): the next one does not apply, nor any after it.
    expect(follower.patch({ seq: 10, base: 9, set: { pot: 3 } })).toBeNull();
    expect(follower.patch({ seq: 11, base: 10, set: { pot: 4 } })).toBeNull();
    follower.full({ ...later, pot: 4, seq: 11 });
    expect(follower.patch({ seq: 12, base: 11, set: { pot: 5 } })?.pot).toBe(5);
  });

  it('names only the frame’s own fields, and no key reaches an object’s prototype', () => {
    const poisoned = JSON.parse('{"seq":2,"base":1,"set":{"__proto__":{"polluted":1}}}') as FramePatch;
    const base = frameOf(
      createTable({ roomId: '00000000-0000-4000-8000-00000000f4a5', stake: 100 }),
      null,
      0,
      1,
    );
    const patched = applyFramePatch(base, poisoned)!;
    expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
    expect((patched as unknown as { polluted?: number }).polluted).toBeUndefined();
    expect(framePatchSchema.safeParse({ seq: 2, base: 1, set: { balanceOf: 1 } }).success).toBe(false);
    expect(
      framePatchSchema.safeParse({ seq: 2, base: 1, players: { 0: { set: { cardz: [] } } } }).success,
    ).toBe(false);
    expect(framePatchSchema.safeParse({ seq: 2, base: 1, players: { 6: {} } }).success).toBe(false);
  });
});
