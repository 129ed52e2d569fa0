/** Small helpers that drive a table from test clients. */
import type { Ack, GameState } from '@svara/core';
import { expect } from 'vitest';
import { knexOf } from '../../db/orm.js';
import type { RealtimeBench, TestClient } from './harness.js';

export type Move = { action: string; amount?: number } | null;

const BETTING = new Set(['blind_betting', 'betting']);

/** Every player joins the room and sits down, all at once (so they are dealt into the first hand). */
export async function seatAll(roomId: string, players: TestClient[]): Promise<void> {
  await Promise.all(
    players.map(async (p) => {
      expect(await p.send('join_room', { roomId })).toEqual({ ok: true });
      expect(await p.send('sit_down', { roomId })).toEqual({ ok: true });
    }),
  );
}

export function turnOf(players: TestClient[], s: GameState): TestClient {
  const id = s.players[s.currentPlayerIndex]?.id;
  const p = players.find((x) => x.userId === id);
  if (!p) throw new Error(`nobody of ours on turn in ${s.status}`);
  return p;
}

/**
 * What every viewer's frame of one change shares. Server time alone cannot tell two changes apart:
 * an action and the deal it triggers can fall in the same millisecond.
 */
function changeMark(s: GameState): string {
  return JSON.stringify([
    s.serverTime,
    s.status,
    s.fairness.handNumber,
    s.currentPlayerIndex,
    s.pot,
    s.log.length,
    s.winners,
    s.svaraParticipants,
    s.svaraConfirmed,
  ]);
}

/** Waits until every client has seen the change `ref` was built from, or a later one. */
export async function sync(players: TestClient[], ref: GameState): Promise<void> {
  const mark = changeMark(ref);
  await Promise.all(
    players.map((p) =>
      p.until(() => {
        const s = p.state;
        return !!s && (s.serverTime > ref.serverTime || changeMark(s) === mark);
      }, 'sync'),
    ),
  );
}

export async function act(p: TestClient, roomId: string, move: NonNullable<Move>): Promise<GameState> {
  const ack: Ack = await p.send('game_action', { roomId, ...move });
  expect(ack, `${p.userId} ${move.action}`).toEqual({ ok: true });
  return p.state!;
}

/**
 * Plays the current hand by `policy` (asked on the actor's own view) until `done` holds on a frame.
 * A null move lets the turn run out.
 */
export async function playUntil(
  players: TestClient[],
  roomId: string,
  policy: (p: TestClient, s: GameState) => Move,
  done: (s: GameState) => boolean,
): Promise<GameState> {
  let ref = players[0]!.state!;
  for (let step = 0; step < 60; step++) {
    await sync(players, ref);
    ref = players[0]!.state!;
    if (done(ref)) return ref;
    if (!BETTING.has(ref.status) || ref.currentPlayerIndex < 0) {
      const seen = ref.serverTime;
      await players[0]!.until(() => players[0]!.state!.serverTime > seen, 'the next change');
      ref = players[0]!.state!;
      continue;
    }
    const actor = turnOf(players, ref);
    const move = policy(actor, actor.state!);
    if (move === null) {
      const seen = ref.serverTime;
      await players[0]!.until(() => players[0]!.state!.serverTime > seen, 'a time-out');
      ref = players[0]!.state!;
      continue;
    }
    ref = await act(actor, roomId, move);
  }
  throw new Error('the hand did not reach the wanted state');
}

/** Three new players seated in a new room of stake 1, and the frame of its first deal. */
export async function threeDealt(
  bench: RealtimeBench,
  nextId: () => number,
): Promise<{ players: TestClient[]; roomId: string; state: GameState }> {
  const players = [await bench.player(nextId()), await bench.player(nextId()), await bench.player(nextId())];
  const roomId = await bench.createRoom(players[0]!.token, 1);
  await seatAll(roomId, players);
  const state = await players[0]!.frame((f) => f.status === 'blind_betting', 'the deal');
  return { players, roomId, state };
}

/** The players still in the hand play it out (look, then fold) until its result is shown. */
export async function finishHand(players: TestClient[], roomId: string, maxSteps = 12): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const s = players[0]!.state!;
    if (s.status === 'finished' || s.status === 'waiting') return;
    await sync(players, s);
    const actor = turnOf(players, s);
    const move = actor.state!.allowedActions?.look ? { action: 'look' } : { action: 'fold' };
    const ack: Ack = await actor.send('game_action', { roomId, ...move });
    if (ack.ok) continue;
    // On a loaded machine the turn can run out between the frame and the move (RULES §6: the
    // server folds the player and moves on); the refusal is then the rules, not a failure.
    await actor.until(() => actor.state!.serverTime > s.serverTime, 'the change that refused the move');
    const now = actor.state!;
    expect(
      now.players[now.currentPlayerIndex]?.id === actor.userId && now.status === s.status,
      `${actor.userId} ${move.action}: ${ack.code}`,
    ).toBe(false);
  }
  throw new Error('the hand did not end');
}

/** Every player leaves the room (so no further hands run in it). */
export async function leaveAll(roomId: string, players: TestClient[]): Promise<void> {
  for (const p of players) await p.send('leave_room', { roomId });
}

/**
 * The given wallets plus what the house took in `roomId`: play never creates or destroys money, so
 * this stays the same through any number of hands in that room.
 */
export async function moneyOf(bench: RealtimeBench, ids: string[], roomId: string): Promise<number> {
  const ledger = bench.api.services.ledger;
  const house = await ledger.systemAccount('house');
  const taken = await knexOf(bench.api.services.orm).raw<{ rows: { total: string | null }[] }>(
    `select sum(amount) as total from transfers where credit_account_id = ? and metadata->>'roomId' = ?`,
    [house, roomId],
  );
  let total = Number(taken.rows[0]?.total ?? 0);
  for (const id of ids) total += await ledger.walletBalance(id);
  return total;
}
