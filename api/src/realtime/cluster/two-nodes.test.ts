/**
 * Two api nodes for real: two processes (api/src/main.ts) on one database and one Redis. Players
 * play one table through both nodes (calls on the node without the table are forwarded to its
 * owner, frames relayed back). The owner is killed mid-hand (SIGKILL): within 3 s the other node
 * holds the table's lease, the hand goes on from the same step with everybody on the surviving
 * node, the winner is paid once and the ledger's invariants hold. A player cannot sit twice in one
 * room through two nodes. Skipped when no Redis answers on 127.0.0.1:6379.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { checkLedger } from '../../ledger/check.js';
import { createLedger } from '../../ledger/ledger.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { startApiProcess, stopped, takeTurnStartingApiProcesses } from '../../test-support/api-process.js';
import {
  finishHand,
  fund,
  handInPlay as dealtOn,
  leaseOf as leaseIn,
  login,
  onTurnOf,
  ownedBy,
  payoutsOf,
  player,
  send,
  until,
  createRoom,
  type Node,
} from '../../test-support/cluster-play.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';

const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`two-nodes.test.ts skipped: no Redis answers at ${REDIS_URL}`);

let db: TestDatabase & { drop(): Promise<void> };

/** Starts one api node as a child process and resolves once it listens. */
const startNode = (): Promise<Node> => startApiProcess({ databaseUrl: db.url, env: { REDIS_URL } });

const leaseOf = (roomId: string) => leaseIn(knexOf(db.orm), roomId);

/**
 * Players 1 and 3 on node `a` (which opens the table first: it owns it), player 2 on node `b`;
 * dealt, two blind bets made: 3 antes + 1 + 2 in the pot. Player 2's frames come through Redis.
 */
const handInPlay = (a: Node, b: Node, firstId: number) => dealtOn(knexOf(db.orm), [a, b, a], firstId);

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
  expect(await payoutsOf(knex, roomId, handNumber, winner)).toEqual({ n: 1, winner: 1 });
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

takeTurnStartingApiProcesses();
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
        await fund(knexOf(db.orm), '761010');
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
