/**
 * Nodes starting while others run hands, as an operator meets it: real api processes
 * (api/src/main.ts) on one database and one Redis.
 * - A second node started while the first has a hand running leaves that hand alone: nothing is
 *   voided or refunded, the hand goes on and settles, players on both nodes get its frames; when the
 *   first node then dies, the second takes its table over with the same hand.
 * - A rolling restart of one node of two, both running hands: the node that stays takes the
 *   stopped node's table over, the restarted node voids nothing, both hands settle.
 * - Two nodes started at once on the tables a crash left: each table is resumed by exactly one of
 *   them, with the same hand, and settles.
 * Every time: money conserved (the ledger's balances sum to zero, none negative), no step failing.
 * Skipped when no Redis answers on 127.0.0.1:6379.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { checkLedger } from '../../ledger/check.js';
import { createLedger } from '../../ledger/ledger.js';
import { startApiProcess, stopped, takeTurnStartingApiProcesses } from '../../test-support/api-process.js';
import {
  finishHand,
  handInPlay,
  leaseOf,
  onTurnOf,
  ownedBy,
  payoutsOf,
  player,
  send,
  until,
  type HandInPlay,
  type Node,
  type Player,
} from '../../test-support/cluster-play.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`node-starts.test.ts skipped: no Redis answers at ${TEST_REDIS_URL}`);

let db: TestDatabase & { drop(): Promise<void> };
const knex = () => knexOf(db.orm);
const ledger = () => createLedger(knex());

// Turns long enough that nobody times out while the nodes start and stop on a busy machine, a first
// deal that waits for all three sit-downs, a result shown long enough to be read. Two nodes starting
// at once share the machine's cores: they may take twice as long to listen.
const startNode = (): Promise<Node> =>
  startApiProcess({
    databaseUrl: db.url,
    env: {
      REDIS_URL: TEST_REDIS_URL,
      TABLE_TURN_MS: '120000',
      TABLE_START_DELAY_MS: '1500',
      TABLE_RESULT_MS: '10000',
    },
    startTimeoutMs: 90_000,
  });

/** Runs `test` with the nodes it starts (through `start`), and stops every one of them after. */
async function withNodes(test: (start: () => Promise<Node>) => Promise<void>): Promise<void> {
  const nodes: Node[] = [];
  const start = async () => {
    const startedAt = Date.now();
    const node = await startNode();
    nodes.push(node);
    console.info(`node-starts: a node listened ${Date.now() - startedAt} ms after it was started`);
    return node;
  };
  try {
    await test(start);
  } finally {
    for (const node of nodes) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => stopped(node.child)));
  }
}

const logOf = (node: Node) => node.output.join('');
const count = (text: string, line: string) => text.split(line).length - 1;

/** Nothing a node said: no hand voided, no table step failed. */
function expectQuiet(...nodes: Node[]): void {
  for (const node of nodes) {
    expect(logOf(node)).not.toContain('voided a hand');
    expect(count(logOf(node), 'table step failed')).toBe(0);
  }
}

/** The hand's money is where it was: in its escrow, and its players' wallets as `wallets`. */
async function expectUntouched(hand: HandInPlay, wallets: number[]): Promise<void> {
  expect(await ledger().balance(hand.escrow)).toBe(hand.escrowCents);
  expect(await Promise.all(hand.players.map((p) => ledger().walletBalance(p.id)))).toEqual(wallets);
  const row = await knex()('hands').where({ room_id: hand.roomId, hand_number: hand.handNumber }).first();
  expect(row?.status).toBe('running');
}

const walletsOf = (hand: HandInPlay) => Promise.all(hand.players.map((p) => ledger().walletBalance(p.id)));

/** The live node holding the room's lease, among `nodes`. */
async function ownerAmong(roomId: string, nodes: Node[]): Promise<Node | undefined> {
  const lease = await leaseOf(knex(), roomId);
  if (!lease?.live) return undefined;
  return nodes.find((node) => lease.node_id.includes(ownedBy(node)));
}

/**
 * `seats` (one socket per seated player, on whichever node) see the same hand, the pot as it was
 * and the same player on turn; they play it out; the winner is paid once and the escrow is empty.
 */
async function settles(hand: HandInPlay, seats: Player[]): Promise<void> {
  const { roomId, handNumber } = hand;
  await until(() => seats.every((p) => p.state?.fairness.handNumber === handNumber), 'the views');
  for (const p of seats) {
    expect(p.state!.status).toBe('blind_betting');
    expect(p.state!.pot).toBe(hand.pot);
    expect(onTurnOf(p.state!)).toBe(hand.onTurn);
  }
  const winner = await finishHand(seats, roomId, handNumber);
  await until(async () => (await ledger().balance(hand.escrow)) === 0, 'the payout');
  expect(await payoutsOf(knex(), roomId, handNumber, winner)).toEqual({ n: 1, winner: 1 });
}

/** A seated player's new socket on `node`, in the room. */
async function backOn(node: Node, p: Player, roomId: string): Promise<Player> {
  const again = await player(node, Number(p.id));
  expect(await send(again, 'join_room', { roomId })).toEqual({ ok: true });
  return again;
}

async function ledgerHolds(): Promise<void> {
  expect(await checkLedger(knex())).toMatchObject({
    ok: true,
    totalBalance: 0,
    mismatches: [],
    negatives: [],
  });
}

takeTurnStartingApiProcesses();
beforeAll(async () => {
  if (redisUp) db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

describe.skipIf(!redisUp)('api nodes starting while hands run', () => {
  it(
    'a second node started mid-hand leaves the hand to its owner, serves its frames and takes it over when the owner dies',
    { timeout: 240_000 },
    () =>
      withNodes(async (start) => {
        const a = await start();
        const hand = await handInPlay(knex(), [a, a, a], 770_001);
        const wallets = await walletsOf(hand);

        const b = await start();
        expectQuiet(a, b);
        await expectUntouched(hand, wallets);
        expect((await ownerAmong(hand.roomId, [a, b])) === a).toBe(true);

        // Player 2 comes in through node B too (a second socket): B relays the table A runs.
        const [p1, p2, p3] = hand.players as [Player, Player, Player];
        const p2b = await backOn(b, p2, hand.roomId);
        await until(() => p2b.state?.fairness.handNumber === hand.handNumber, 'the view on node B');
        expect(p2b.state!.pot).toBe(6);
        // A bet (through node B when player 2 is on turn: forwarded to A) reaches both nodes' players.
        const actor = [p1, p2b, p3].find((p) => p.id === hand.onTurn)!;
        expect(await send(actor, 'game_action', { roomId: hand.roomId, action: 'blind_bet' })).toEqual({
          ok: true,
        });
        await until(() => [p1, p2b, p3].every((p) => p.state!.pot > 6), 'the bet on both nodes');
        expect(p2b.state!.pot).toBe(p1.state!.pot);
        hand.pot = p1.state!.pot;
        hand.escrowCents = hand.pot * 100;
        hand.onTurn = onTurnOf(p1.state!);
        const wallets2 = await walletsOf(hand);
        expectQuiet(a, b);

        // The owner dies: B owns its table within 3 s, with the same hand.
        const tokenBefore = Number((await leaseOf(knex(), hand.roomId))!.token);
        const killedAt = Date.now();
        a.child.kill('SIGKILL');
        await stopped(a.child);
        p1.socket.disconnect();
        p2.socket.disconnect();
        p3.socket.disconnect();
        await until(async () => (await ownerAmong(hand.roomId, [b])) === b, 'the takeover', 3_000);
        console.info(
          `node-starts: node B owned the table ${Date.now() - killedAt} ms after node A was killed`,
        );
        expect(Number((await leaseOf(knex(), hand.roomId))!.token)).toBe(tokenBefore + 1);
        expectQuiet(b);
        await expectUntouched(hand, wallets2);

        await settles(hand, [await backOn(b, p1, hand.roomId), p2b, await backOn(b, p3, hand.roomId)]);
        expectQuiet(b);
        await ledgerHolds();
      }),
  );

  it(
    'a rolling restart of one node of two, both running hands: nothing voided, both hands settle',
    { timeout: 240_000 },
    () =>
      withNodes(async (start) => {
        const a = await start();
        const b = await start();
        // Hand X on A (its player 2 through B), hand Y on B (its player 2 through A).
        const x = await handInPlay(knex(), [a, b, a], 771_001);
        const y = await handInPlay(knex(), [b, a, b], 771_101);
        const walletsX = await walletsOf(x);
        const walletsY = await walletsOf(y);

        // B is restarted as a deploy does it: asked to stop, then started again at once.
        b.child.kill('SIGTERM');
        expect(await stopped(b.child)).toBe(0);
        const b2 = await start();
        await until(async () => (await ownerAmong(y.roomId, [a, b2])) !== undefined, 'the owner of Y');
        expect(await ownerAmong(x.roomId, [a, b2])).toBe(a);
        expectQuiet(a, b2);
        await expectUntouched(x, walletsX);
        await expectUntouched(y, walletsY);

        // The players whose sockets were on B come back through the restarted node.
        const [x1, x2, x3] = x.players as [Player, Player, Player];
        const [y1, y2, y3] = y.players as [Player, Player, Player];
        await settles(x, [x1, await backOn(b2, x2, x.roomId), x3]);
        await settles(y, [await backOn(b2, y1, y.roomId), y2, await backOn(b2, y3, y.roomId)]);
        expectQuiet(a, b2);
        await ledgerHolds();
      }),
  );

  it(
    'two nodes started at once on the tables a crash left: each table resumed once, both hands settle',
    { timeout: 240_000 },
    () =>
      withNodes(async (start) => {
        const a = await start();
        const b = await start();
        const x = await handInPlay(knex(), [a, b, a], 772_001);
        const y = await handInPlay(knex(), [b, a, b], 772_101);
        const walletsX = await walletsOf(x);
        const walletsY = await walletsOf(y);

        // Both crash; both come back at the same time (their dead leases may still be live).
        a.child.kill('SIGKILL');
        b.child.kill('SIGKILL');
        await Promise.all([stopped(a.child), stopped(b.child)]);
        for (const p of [...x.players, ...y.players]) p.socket.disconnect();
        const [a2, b2] = await Promise.all([start(), start()]);
        for (const hand of [x, y]) {
          await until(async () => (await ownerAmong(hand.roomId, [a2, b2])) !== undefined, 'a new owner');
        }
        expectQuiet(a2, b2);
        await expectUntouched(x, walletsX);
        await expectUntouched(y, walletsY);
        // One table each, in one node's memory: the other node's start-up did not resume it too.
        const resumed =
          count(logOf(a2), 'resumed a hand left running') + count(logOf(b2), 'resumed a hand left running');
        expect(resumed).toBe(2);

        // The players come back spread over both nodes.
        const [x1, x2, x3] = x.players as [Player, Player, Player];
        const [y1, y2, y3] = y.players as [Player, Player, Player];
        await settles(x, [
          await backOn(a2, x1, x.roomId),
          await backOn(b2, x2, x.roomId),
          await backOn(a2, x3, x.roomId),
        ]);
        await settles(y, [
          await backOn(b2, y1, y.roomId),
          await backOn(a2, y2, y.roomId),
          await backOn(b2, y3, y.roomId),
        ]);
        expectQuiet(a2, b2);
        await ledgerHolds();
      }),
  );
});
