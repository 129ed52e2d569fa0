/**
 * Two api nodes for real: two processes (api/src/main.ts) on one database and one Redis. Players
 * play one table through both nodes (calls on the node without the table are forwarded to its
 * owner, frames relayed back). The owner is killed mid-hand (SIGKILL): within 3 s the other node
 * holds the table's lease, the hand goes on from the same step with everybody on the surviving
 * node, the winner is paid once and the ledger's invariants hold. A player cannot sit twice in one
 * room through two nodes. Skipped when no Redis answers on 127.0.0.1:6379.
 */
import { AGREEMENT_VERSION, gameStateSchema, type GameState } from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { signDevInitData } from '../../dev/init-data.js';
import { checkLedger } from '../../ledger/check.js';
import { createLedger } from '../../ledger/ledger.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { startApiProcess, stopped, type ApiProcess } from '../../test-support/api-process.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';
import { TEST_BOT_TOKEN } from '../../test-support/http.js';
import { escrowReference } from '../ledger-plan.js';

const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`two-nodes.test.ts skipped: no Redis answers at ${REDIS_URL}`);

let db: TestDatabase & { drop(): Promise<void> };

type Node = ApiProcess;

/** Starts one api node as a child process and resolves once it listens. */
const startNode = (): Promise<Node> => startApiProcess({ databaseUrl: db.url, env: { REDIS_URL } });

async function login(node: Node, id: number): Promise<string> {
  const initData = signDevInitData(
    { id, username: `n${id}`, languageCode: 'en' },
    { botToken: TEST_BOT_TOKEN },
  );
  const response = await fetch(`http://127.0.0.1:${node.port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ initData }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  // Players have accepted the user agreement (player protection): no seat or room without it.
  const accepted = await fetch(`http://127.0.0.1:${node.port}/api/v1/protection/agreement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ version: AGREEMENT_VERSION }),
  });
  expect(accepted.status).toBe(204);
  return accessToken;
}

type Player = { id: string; socket: Socket; state: GameState | null };

/** A player's socket on `node`. */
async function player(node: Node, id: number): Promise<Player> {
  const token = await login(node, id);
  const socket = connect(`http://127.0.0.1:${node.port}`, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const p: Player = { id: String(id), socket, state: null };
  socket.on('game_state', (s: unknown) => (p.state = gameStateSchema.parse(s)));
  socket.on('game_update', (s: unknown) => (p.state = gameStateSchema.parse(s)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return p;
}

const send = (p: Player, event: string, payload: unknown) =>
  p.socket.timeout(5_000).emitWithAck(event, payload) as Promise<{ ok: boolean; code?: string }>;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const onTurnOf = (s: GameState) => s.players[s.currentPlayerIndex]?.id;

/** Plays the hand out: the player on turn looks and folds, the next folds, the last one wins. */
async function finishHand(players: Player[], roomId: string, handNumber: number): Promise<string> {
  const ended = () =>
    players.every((p) => p.state!.fairness.handNumber !== handNumber || p.state!.status === 'finished');
  for (let moves = 0; !ended() && moves < 6; moves++) {
    const actor = players.find((p) => p.id === onTurnOf(players[0]!.state!))!;
    let ack = await send(actor, 'game_action', { roomId, action: 'fold' });
    if (!ack.ok) {
      expect(await send(actor, 'game_action', { roomId, action: 'look' })).toEqual({ ok: true });
      ack = await send(actor, 'game_action', { roomId, action: 'fold' });
    }
    expect(ack).toEqual({ ok: true });
    await until(() => ended() || players.every((p) => onTurnOf(p.state!) !== actor.id), 'the next turn');
  }
  await until(ended, 'the end of the hand');
  const winners = players[0]!.state!.winners;
  expect(winners).toHaveLength(1);
  return winners[0]!;
}

async function createRoom(node: Node, token: string): Promise<string> {
  const created = await fetch(`http://127.0.0.1:${node.port}/api/v1/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'public', minBet: 1 }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { roomId: string }).roomId;
}

async function fund(userId: string): Promise<void> {
  const ledger = createLedger(knexOf(db.orm));
  await ledger.transfer({
    idempotencyKey: `two-nodes-fund:${userId}`,
    debitAccountId: await ledger.systemAccount('faucet'),
    creditAccountId: await ledger.playerWallet(userId),
    amount: 10_000,
    reason: 'faucet',
  });
}

async function leaseOf(roomId: string) {
  const result = await knexOf(db.orm).raw<{ rows: { node_id: string; token: string; live: boolean }[] }>(
    `select node_id, token, expires_at > now() as live from table_leases where room_id = ?`,
    [roomId],
  );
  return result.rows[0];
}

const ownedBy = (node: Node) => `:${node.child.pid}:`;

/**
 * Players 1 and 3 on node `a` (which opens the table first: it owns it), player 2 on node `b`;
 * dealt, two blind bets made: 3 antes + 1 + 2 in the pot. Player 2's frames come through Redis.
 */
async function handInPlay(a: Node, b: Node, firstId: number) {
  const players = [await player(a, firstId), await player(b, firstId + 1), await player(a, firstId + 2)];
  for (const p of players) await fund(p.id);
  const roomId = await createRoom(a, await login(a, firstId));
  for (const p of players) {
    expect(await send(p, 'join_room', { roomId })).toEqual({ ok: true });
    expect(await send(p, 'sit_down', { roomId })).toEqual({ ok: true });
  }
  expect((await leaseOf(roomId))?.node_id).toContain(ownedBy(a));
  await until(
    () => players.every((p) => p.state?.status === 'blind_betting' && p.state.pot === 3),
    'the deal',
  );
  for (let i = 0; i < 2; i++) {
    const actor = players.find((p) => p.id === onTurnOf(players[0]!.state!))!;
    expect(await send(actor, 'game_action', { roomId, action: 'blind_bet' })).toEqual({ ok: true });
    await until(() => players.every((p) => p.state!.pot === 3 + (i === 0 ? 1 : 3)), 'the bet');
  }
  const { handNumber } = players[0]!.state!.fairness;
  const ledger = createLedger(knexOf(db.orm));
  const escrow = await ledger.handEscrow(escrowReference(roomId, handNumber));
  expect(await ledger.balance(escrow)).toBe(600);
  return { players, roomId, handNumber, escrow, onTurn: onTurnOf(players[0]!.state!) };
}

/** After node `a` stopped: everybody on node `b`, the same hand goes on to its end, paid once. */
async function finishOn(b: Node, hand: Awaited<ReturnType<typeof handInPlay>>): Promise<void> {
  const { players, roomId, handNumber, escrow, onTurn } = hand;
  const knex = knexOf(db.orm);
  const ledger = createLedger(knex);
  const back = [
    await player(b, Number(players[0]!.id)),
    players[1]!,
    await player(b, Number(players[2]!.id)),
  ];
  for (const p of back) expect(await send(p, 'join_room', { roomId })).toEqual({ ok: true });
  await until(() => back.every((p) => p.state?.fairness.handNumber === handNumber), 'the views');
  for (const p of back) {
    const view = p.state!;
    expect(view.status).toBe('blind_betting');
    expect(view.pot).toBe(6);
    expect(onTurnOf(view)).toBe(onTurn);
  }
  const winner = await finishHand(back, roomId, handNumber);
  await until(async () => (await ledger.balance(escrow)) === 0, 'the payout');
  const payouts = await knex.raw<{ rows: { n: number; winner: number }[] }>(
    `select count(*)::int as n, count(*) filter (where a.owner_id = ?)::int as winner
       from transfers t join accounts a on a.id = t.credit_account_id
      where t.idempotency_key like ? and t.reason = 'payout'`,
    [winner, `hand:${roomId}:${handNumber}:%`],
  );
  expect(payouts.rows[0]).toEqual({ n: 1, winner: 1 });
  expect(await checkLedger(knex)).toMatchObject({ ok: true, totalBalance: 0, mismatches: [], negatives: [] });
  for (const p of back) p.socket.disconnect();
}

/** Waits until node `b` holds the room's lease; the time it took since `since`. */
async function takenOverBy(b: Node, roomId: string, since: number): Promise<number> {
  await until(
    async () => {
      const lease = await leaseOf(roomId);
      return lease !== undefined && lease.live && lease.node_id.includes(ownedBy(b));
    },
    'the takeover',
    3_000,
  );
  return Date.now() - since;
}

beforeAll(async () => {
  if (redisUp) db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe.skipIf(!redisUp)('two api nodes on one database and Redis', () => {
  it(
    'a node killed mid-hand: the other owns its table within 3 s, the hand goes on and is paid once',
    { timeout: 180_000 },
    async () => {
      const nodes: Node[] = [];
      try {
        const a = await startNode();
        nodes.push(a);
        const b = await startNode();
        nodes.push(b);
        const ledger = createLedger(knexOf(db.orm));
        const hand = await handInPlay(a, b, 760_001);
        const before = await Promise.all(hand.players.map((p) => ledger.walletBalance(p.id)));
        const tokenBefore = Number((await leaseOf(hand.roomId))!.token);

        // The owner dies.
        const killedAt = Date.now();
        a.child.kill('SIGKILL');
        await stopped(a.child);
        for (const p of [hand.players[0]!, hand.players[2]!]) p.socket.disconnect();
        const takeoverMs = await takenOverBy(b, hand.roomId, killedAt);
        console.info(`two-nodes: node B owned the table ${takeoverMs} ms after node A was killed`);
        expect(takeoverMs).toBeLessThan(3_000);
        // A new fencing token: node A's writes, were it to come back, are refused.
        expect(Number((await leaseOf(hand.roomId))!.token)).toBe(tokenBefore + 1);
        expect(b.output.join('')).not.toContain('voided a hand');
        expect(await ledger.balance(hand.escrow)).toBe(600);
        expect(await Promise.all(hand.players.map((p) => ledger.walletBalance(p.id)))).toEqual(before);

        await finishOn(b, hand);
      } finally {
        for (const node of nodes) node.child.kill('SIGTERM');
        await Promise.all(nodes.map((node) => stopped(node.child)));
      }
    },
  );

  it(
    'a node stopped (SIGTERM) mid-hand hands its table over at once; one seat per player across nodes',
    { timeout: 180_000 },
    async () => {
      const nodes: Node[] = [];
      try {
        const a = await startNode();
        nodes.push(a);
        const b = await startNode();
        nodes.push(b);

        // One player, one seat in a room, whatever node each sit-down reaches.
        const qa = await player(a, 761_010);
        const qb = await player(b, 761_010);
        await fund('761010');
        const other = await createRoom(b, await login(b, 761_010));
        const answers = await Promise.all([
          send(qa, 'sit_down', { roomId: other }),
          send(qb, 'sit_down', { roomId: other }),
        ]);
        expect(answers.filter((x) => x.ok)).toHaveLength(1);
        const seats = await knexOf(db.orm)('seats')
          .where({ room_id: other, user_id: '761010' })
          .count<{ count: string }[]>();
        expect(Number(seats[0]!.count)).toBe(1);
        expect(await send(qa, 'leave_room', { roomId: other })).toMatchObject({ ok: true });
        qa.socket.disconnect();
        qb.socket.disconnect();

        const hand = await handInPlay(a, b, 761_001);
        const stoppedAt = Date.now();
        a.child.kill('SIGTERM');
        await stopped(a.child);
        expect(a.child.exitCode).toBe(0);
        for (const p of [hand.players[0]!, hand.players[2]!]) p.socket.disconnect();
        // The lease was released: node B does not wait for it to expire.
        const takeoverMs = await takenOverBy(b, hand.roomId, stoppedAt);
        console.info(`two-nodes: node B owned the table ${takeoverMs} ms after node A was asked to stop`);
        await finishOn(b, hand);
      } finally {
        for (const node of nodes) node.child.kill('SIGTERM');
        await Promise.all(nodes.map((node) => stopped(node.child)));
      }
    },
  );
});
