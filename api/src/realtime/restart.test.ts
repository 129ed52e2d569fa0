/**
 * A stop in the middle of a hand, for real: the api runs as its own process (api/src/main.ts),
 * players bet over sockets, the process is killed (SIGKILL: a crash) or asked to stop (SIGTERM: a
 * deploy) and started again. The hand goes on where it was: the same hand, the same pot, the same
 * player on turn, the seats taken; the players reconnect and finish it, the winner is paid once and
 * the ledger's invariants hold.
 */
import { AGREEMENT_VERSION, type GameState } from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { signDevInitData } from '../dev/init-data.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/db.js';
import {
  freePort,
  startApiProcess,
  stopped,
  type ApiProcess,
  takeTurnStartingApiProcesses,
} from '../test-support/api-process.js';
import { TEST_BOT_TOKEN } from '../test-support/http.js';
import { escrowReference } from './ledger-plan.js';
import { followFrames } from './test-support/follow-frames.js';

let db: TestDatabase & { drop(): Promise<void> };
let port = 0;

/** Starts the api as a child process on the test's port and resolves once it listens. */
const startApi = () => startApiProcess({ databaseUrl: db.url, port });

async function login(id: number): Promise<string> {
  const initData = signDevInitData(
    { id, username: `r${id}`, languageCode: 'en' },
    { botToken: TEST_BOT_TOKEN },
  );
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  // Players have accepted the user agreement (player protection): no seat or room without it.
  const accepted = await fetch(`http://127.0.0.1:${port}/api/v1/protection/agreement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ version: AGREEMENT_VERSION }),
  });
  expect(accepted.status).toBe(204);
  return accessToken;
}

type Player = { id: string; token: string; socket: Socket; state: GameState | null };

async function player(id: number): Promise<Player> {
  const token = await login(id);
  const socket = connect(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const p: Player = { id: String(id), token, socket, state: null };
  // Frames leave out fields at their defaults: read as a client reads them.
  followFrames(socket, (s) => (p.state = s));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return p;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

takeTurnStartingApiProcesses();
beforeAll(async () => {
  db = await createTestDatabase();
  port = await freePort();
});

afterAll(async () => {
  await db?.drop();
});

type Api = Pick<ApiProcess, 'child' | 'output'>;

/** Three funded players seated in a new room, two blind bets made: 3 antes + 1 + 2 in the pot. */
async function handInPlay(firstId: number) {
  const knex = knexOf(db.orm);
  const ledger = createLedger(knex);
  const players = [await player(firstId), await player(firstId + 1), await player(firstId + 2)];
  for (const p of players) {
    await ledger.transfer({
      idempotencyKey: `restart-test-fund:${p.id}`,
      debitAccountId: await ledger.systemAccount('faucet'),
      creditAccountId: await ledger.playerWallet(p.id),
      amount: 10_000,
      reason: 'faucet',
    });
  }
  const created = await fetch(`http://127.0.0.1:${port}/api/v1/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${players[0]!.token}` },
    body: JSON.stringify({ type: 'public', minBet: 1 }),
  });
  const { roomId } = (await created.json()) as { roomId: string };
  await Promise.all(
    players.map(async (p) => {
      expect(await p.socket.timeout(5_000).emitWithAck('join_room', { roomId })).toEqual({ ok: true });
      expect(await p.socket.timeout(5_000).emitWithAck('sit_down', { roomId })).toEqual({ ok: true });
    }),
  );
  await until(
    () => players.every((p) => p.state?.status === 'blind_betting' && p.state.pot === 3),
    'the deal',
  );
  for (let i = 0; i < 2; i++) {
    const s = players[0]!.state!;
    const actor = players.find((p) => p.id === s.players[s.currentPlayerIndex]!.id)!;
    expect(
      await actor.socket.timeout(5_000).emitWithAck('game_action', { roomId, action: 'blind_bet' }),
    ).toEqual({ ok: true });
    await until(() => players.every((p) => p.state!.pot === 3 + (i === 0 ? 1 : 3)), 'the bet');
  }
  const s = players[0]!.state!;
  const handNumber = s.fairness.handNumber;
  const escrow = await ledger.handEscrow(escrowReference(roomId, handNumber));
  expect(await ledger.balance(escrow)).toBe(600);
  return { knex, ledger, players, roomId, handNumber, escrow, onTurn: s.players[s.currentPlayerIndex]!.id };
}

/** Plays the hand out: the player on turn looks and folds, the next folds, the last one wins. */
async function finishHand(players: Player[], roomId: string, handNumber: number): Promise<string> {
  const ended = () =>
    players.every((p) => p.state!.fairness.handNumber !== handNumber || p.state!.status === 'finished');
  const onTurn = (p: Player) => p.state!.players[p.state!.currentPlayerIndex]?.id;
  for (let moves = 0; !ended() && moves < 6;) {
    // The first player may have seen the hand end while another has not yet: nobody is on turn.
    if (onTurn(players[0]!) === undefined) {
      await until(() => ended() || onTurn(players[0]!) !== undefined, 'a turn or the end');
      continue;
    }
    moves++;
    const actor = players.find((p) => p.id === onTurn(players[0]!))!;
    const fold = () => actor.socket.timeout(5_000).emitWithAck('game_action', { roomId, action: 'fold' });
    let ack = (await fold()) as { ok: boolean };
    if (!ack.ok) {
      expect(
        await actor.socket.timeout(5_000).emitWithAck('game_action', { roomId, action: 'look' }),
      ).toEqual({
        ok: true,
      });
      ack = (await fold()) as { ok: boolean };
    }
    expect(ack).toEqual({ ok: true });
    await until(() => ended() || players.every((p) => onTurn(p) !== actor.id), 'the next turn');
  }
  await until(ended, 'the end of the hand');
  const winners = players[0]!.state!.winners;
  expect(winners).toHaveLength(1);
  return winners[0]!;
}

/** The same hand after the stop: it goes on to its end, paid once, with the ledger in order. */
async function stopMidHandAndResume(signal: 'SIGKILL' | 'SIGTERM', firstId: number, api: { current: Api }) {
  const { knex, ledger, players, roomId, handNumber, escrow, onTurn } = await handInPlay(firstId);
  const before = await Promise.all(players.map((p) => ledger.walletBalance(p.id)));
  expect(before.reduce((a, b) => a + b, 0)).toBe(30_000 - 600);

  api.current.child.kill(signal);
  const code = await stopped(api.current.child);
  if (signal === 'SIGTERM') expect(code).toBe(0);
  for (const p of players) p.socket.disconnect();
  // On record: the hand as dealt, and the two bets as its steps, which the start replays.
  const left = await knex.raw<{ rows: { status: string; pot: number; steps: number }[] }>(
    `select status, (state->>'pot')::int as pot,
            (select count(*)::int from hand_steps s where s.room_id = h.room_id and s.hand_number = h.hand_number) as steps
       from hands h where room_id = ? and hand_number = ?`,
    [roomId, handNumber],
  );
  expect(left.rows[0]).toEqual({ status: 'running', pot: 300, steps: 2 });

  api.current = await startApi();
  // Nothing was refunded or charged again by the start: the hand's money is where it was.
  expect(await ledger.balance(escrow)).toBe(600);
  expect(await Promise.all(players.map((p) => ledger.walletBalance(p.id)))).toEqual(before);
  expect(api.current.output.join('')).not.toContain('voided a hand');

  const back = await Promise.all(players.map((p) => player(Number(p.id))));
  for (const p of back) {
    expect(await p.socket.timeout(5_000).emitWithAck('join_room', { roomId })).toEqual({ ok: true });
  }
  await until(() => back.every((p) => p.state !== null), 'the views');
  const s = back[0]!.state!;
  expect(s.fairness.handNumber).toBe(handNumber);
  expect(s.status).toBe('blind_betting');
  expect(s.pot).toBe(6);
  expect(s.players[s.currentPlayerIndex]!.id).toBe(onTurn);
  expect(s.players.map((x) => x.id).sort()).toEqual(players.map((p) => p.id).sort());

  const winner = await finishHand(back, roomId, handNumber);
  await until(
    () => back.every((p) => p.state!.status === 'finished' || p.state!.fairness.handNumber > handNumber),
    'the result',
  );
  expect(await ledger.balance(escrow)).toBe(0);
  const payouts = await knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from transfers where idempotency_key like ? and reason = 'payout'`,
    [`hand:${roomId}:${handNumber}:%`],
  );
  expect(payouts.rows[0]!.n).toBe(1);
  const winnerPaid = await knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from transfers t join accounts a on a.id = t.credit_account_id
      where t.idempotency_key like ? and t.reason = 'payout' and a.owner_id = ?`,
    [`hand:${roomId}:${handNumber}:%`, winner],
  );
  expect(winnerPaid.rows[0]!.n).toBe(1);
  const report = await checkLedger(knex);
  expect(report).toMatchObject({ ok: true, totalBalance: 0, mismatches: [], negatives: [] });
  for (const p of back) p.socket.disconnect();
}

describe('a stop in the middle of a hand', () => {
  it(
    'after a crash (SIGKILL) the hand goes on from the same step and is paid once',
    { timeout: 120_000 },
    async () => {
      const api = { current: await startApi() };
      try {
        await stopMidHandAndResume('SIGKILL', 730_001, api);
      } finally {
        api.current.child.kill('SIGTERM');
        await stopped(api.current.child);
      }
    },
  );

  it(
    'after a graceful stop (SIGTERM) the hand goes on from the same step and is paid once',
    { timeout: 120_000 },
    async () => {
      const api = { current: await startApi() };
      try {
        await stopMidHandAndResume('SIGTERM', 731_001, api);
      } finally {
        api.current.child.kill('SIGTERM');
        await stopped(api.current.child);
      }
    },
  );
});
