/**
 * The owner relays a table's changes to the other nodes only while one listens: with nobody on
 * the room's channel it publishes once a second (a probe); a node that opens the room through the
 * owner gets every change from then on. Uses the Redis at TEST_REDIS_URL or 127.0.0.1:6379;
 * skipped when none answers.
 */
import { createTable, type TableState } from '@svara/core';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';
import type { TableRuntime } from '../table-runtime.js';
import { stubRuntime } from '../test-support/stub-runtime.js';
import { ClusterTables, type RelayedChange } from './forwarding.js';
import type { Ownership } from './ownership.js';

const redisUp = await redisAnswers();
const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const ROOM = '00000000-0000-4000-8000-0000000000c1';
const settle = () => new Promise((r) => setTimeout(r, 100));

async function node(nodeId: string, ownerId: string, runtime: Partial<TableRuntime>) {
  const [pub, sub] = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
  clients.push(pub, sub);
  let published = 0;
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string, message: string) => {
    if (channel.startsWith('svara:room:')) published += 1;
    return publish(channel, message);
  }) as typeof pub.publish;
  const frames: RelayedChange[] = [];
  const tables = new ClusterTables(
    stubRuntime(runtime),
    {
      nodeId,
      holds: () => nodeId === ownerId,
      leases: { owner: async () => ownerId },
    } as unknown as Ownership,
    pub,
    sub,
    createLogger({ level: 'silent', pretty: false }),
  );
  await tables.start({ sendFrames: (change) => void frames.push(change) });
  return { tables, frames, published: () => published };
}

describe.skipIf(!redisUp)('relaying a table’s changes to the other nodes', () => {
  it('goes quiet while no node listens, and reaches a node from the moment it opens the room', async () => {
    const suffix = Math.random().toString(36).slice(2);
    const ownerId = `owner-${suffix}`;
    const state: TableState = createTable({ roomId: ROOM, stake: 100 });
    const owner = await node(ownerId, ownerId, {
      open: async () => ({ type: 'public' }) as never,
      peek: () => state,
    });
    const changed = owner.tables.listener({ changed: () => undefined, closed: () => undefined }).changed;
    const change = (now: number) =>
      changed({
        roomId: ROOM,
        roomType: 'public',
        state,
        events: [],
        balances: new Map(),
        lobby: false,
        now,
      });

    // Nobody listens: the first change finds that out, the next ones are not published.
    change(1);
    await settle();
    change(2);
    change(3);
    expect(owner.published()).toBe(1);

    // Another node opens the room through its owner: it gets every change from then on.
    const other = await node(`other-${suffix}`, ownerId, {});
    expect(await other.tables.open(ROOM)).toEqual({ type: 'public' });
    await settle();
    for (const now of [4, 5, 6]) change(now);
    await expect.poll(() => other.frames.map((f) => f.now)).toEqual([4, 5, 6]);
    expect(owner.published()).toBe(4);
  });
});
