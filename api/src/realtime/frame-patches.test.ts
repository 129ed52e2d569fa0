/**
 * Game frames as patches (core's frame-patch.ts): a connection gets its room's frame whole once,
 * then each change as a patch against the frame it got before. What a client makes of the patches
 * is, frame by frame, the whole frame the server would have sent; a client that misses one asks
 * for the whole frame again and goes on from it.
 */
import {
  diffFrames,
  FrameFollower,
  framePatchSchema,
  type GameState,
  type WireFrame,
  type WireGameState,
} from '@svara/core';
import { describe, expect, it } from 'vitest';
import { PLAYERS, recordStates } from '../bench/frame-workload.js';
import { FrameBuilder } from './frames.js';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import { act, sync, threeDealt, turnOf } from './test-support/table-driver.js';

const bench = useRealtimeBench();
let nextId = 790_000;

/** A frame without what differs between two sends of the same state: its number and the server time. */
const content = ({ seq: _seq, serverTime: _time, ...rest }: WireGameState) => rest;

describe('the server’s frames, as patches', () => {
  it('give a seated player and a spectator, over many random hands, exactly the whole frames', () => {
    const changes = recordStates(60);
    // A seated player (the first), one whose own seat shows more after a look (the fourth), a
    // spectator, and someone not seated (a spectator too: the same patch, encoded once).
    const viewers = [PLAYERS[0]!, PLAYERS[3]!, null, '999'];
    const followers = viewers.map(() => new FrameFollower());
    let previous: FrameBuilder | null = null;
    let patchBytes = 0;
    let wholeBytes = 0;
    changes.forEach(({ state, now }, i) => {
      const builder = new FrameBuilder(state, now, i + 1);
      viewers.forEach((viewer, v) => {
        const whole = JSON.parse(builder.json(viewer)) as WireFrame;
        if (previous === null) {
          followers[v]!.full(whole);
          return;
        }
        const json = builder.patchJson(previous.frame(viewer), viewer);
        // Encoded from parts shared between viewers, it is core's diff of the two frames all the same.
        expect(JSON.parse(json)).toEqual(
          diffFrames(previous.wire(viewer), builder.wire(viewer), previous.seq, builder.seq),
        );
        const patched = followers[v]!.patch(framePatchSchema.parse(JSON.parse(json)));
        expect(patched).toEqual(whole);
        patchBytes += json.length;
        wholeBytes += JSON.stringify(whole).length;
      });
      if (previous) {
        expect(builder.patchJson(previous.frame('999'), '999')).toBe(
          builder.patchJson(previous.frame(null), null),
        );
      }
      previous = builder;
    });
    expect(changes.length).toBeGreaterThan(500);
    expect(patchBytes / (changes.length - 1) / viewers.length).toBeLessThan(600);
    expect(patchBytes).toBeLessThan(wholeBytes / 3);
  });
});

/** Every whole frame `client` gets while it holds one, with the frame it held (made of patches). */
function wholeFramesWhileHolding(client: TestClient): { held: WireFrame; whole: WireGameState }[] {
  const pairs: { held: WireFrame; whole: WireGameState }[] = [];
  // Before the client's own listener: the frame it holds is still the one patches made.
  client.socket.prependAny((event: string, payload: unknown) => {
    const held = client.frames.frame;
    if (event === 'game_state' && held) pairs.push({ held, whole: payload as WireGameState });
  });
  return pairs;
}

/** The player on turn makes a random legal move (blind bet, look, call or fold). */
async function randomMove(players: TestClient[], roomId: string, s: GameState): Promise<GameState> {
  const actor = turnOf(players, s);
  const a = actor.state!.allowedActions!;
  const moves = [
    ...(a.blindBet ? ['blind_bet'] : []),
    ...(a.look ? ['look'] : []),
    ...(a.call ? ['call', 'call'] : []),
    ...(a.fold ? ['fold'] : []),
  ];
  return act(actor, roomId, { action: moves[Math.floor(Math.random() * moves.length)]! });
}

describe('frames on the wire', () => {
  it('a client’s patched frame is, at every point, the whole frame the server sends when asked', async () => {
    const { players, roomId } = await threeDealt(bench, () => nextId++);
    const spectator = await bench.player(nextId++);
    expect(await spectator.send('join_room', { roomId })).toEqual({ ok: true });
    const everyone = [...players, spectator];
    const pairs = everyone.map(wholeFramesWhileHolding);
    for (let hand = 0; hand < 3; hand++) {
      let s = await players[0]!.frame((f) => f.status === 'blind_betting', 'a deal');
      const handNumber = s.fairness.handNumber;
      while (s.status === 'blind_betting' || s.status === 'betting') {
        await sync(everyone, s);
        // Everyone asks for the whole frame, then the hand goes on by patches.
        await Promise.all(everyone.map((c) => c.send('join_room', { roomId })));
        s = await randomMove(players, roomId, s);
      }
      await players[0]!.frame((f) => f.fairness.handNumber > handNumber, 'the next hand');
    }
    for (const [i, list] of pairs.entries()) {
      expect(list.length, everyone[i]!.userId).toBeGreaterThan(3);
      for (const { held, whole } of list) expect(content(held)).toEqual(content(whole));
    }
    for (const c of everyone) {
      expect(c.gaps).toBe(0);
      expect(c.all('game_update').length).toBeGreaterThan(c.all('game_state').length);
    }
    for (const p of players) await p.send('leave_room', { roomId });
  });

  it('a client that misses a patch asks for the whole frame and goes on by patches from it', async () => {
    const { players, roomId } = await threeDealt(bench, () => nextId++);
    const spectator = await bench.player(nextId++);
    expect(await spectator.send('join_room', { roomId })).toEqual({ ok: true });
    let s = await spectator.frame((f) => f.status === 'blind_betting', 'the deal');
    // As if a patch had been lost: the frame held is not the one the next patch applies to.
    spectator.frames.frame = { ...spectator.frames.frame!, seq: spectator.frames.frame!.seq - 1 };
    const wholeBefore = spectator.all('game_state').length;
    s = await randomMove(players, roomId, s);
    await spectator.until(() => spectator.gaps === 1, 'the gap');
    await spectator.until(() => spectator.all('game_state').length === wholeBefore + 1, 'the whole frame');
    // The hand goes on; the spectator follows it by patches again, and sees what the players see.
    while (s.status === 'blind_betting' || s.status === 'betting') {
      await sync([...players, spectator], s);
      s = await randomMove(players, roomId, s);
    }
    await sync([...players, spectator], s);
    const seen = spectator.state!;
    const shared = (f: GameState) => ({ ...f, players: f.players.map((p) => p.id), viewerId: null });
    expect({ ...shared(seen), allowedActions: null }).toEqual({
      ...shared(players[0]!.state!),
      allowedActions: null,
      seq: seen.seq,
    });
    expect(spectator.gaps).toBe(1);
    expect(spectator.all('game_update').at(-1)).toEqual(spectator.frames.frame);
    for (const p of players) await p.send('leave_room', { roomId });
  });
});
