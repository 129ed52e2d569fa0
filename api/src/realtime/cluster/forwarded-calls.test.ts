/**
 * A move forwarded to the node that owns the table is sent once and waited for while that node
 * still holds the room's lease, however long the owner takes (under load, seconds); once the lease
 * is gone (the owner died), the call gives up and the player is told the table did not answer.
 * Uses the Redis at TEST_REDIS_URL or 127.0.0.1:6379; skipped when none answers.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';
import type { TableRuntime } from '../table-runtime.js';
import { stubRuntime } from '../test-support/stub-runtime.js';
import { ClusterTables, FORWARD_TIMEOUT_MS } from './forwarding.js';
import type { Ownership } from './ownership.js';

const redisUp = await redisAnswers();
const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const ROOM = '00000000-0000-4000-8000-0000000000f1';

/**
 * Two nodes: `owner` runs the room's table and answers a move after `answerAfterMs`; `other` has a
 * socket of a player there. The room's lease names the owner while `ownerAlive()` says so.
 */
async function twoNodes(answerAfterMs: number, ownerAlive: () => boolean) {
  const suffix = Math.random().toString(36).slice(2);
  const ids = { owner: `owner-${suffix}`, other: `other-${suffix}` };
  const applied: string[] = [];
  const nodeOf = async (nodeId: string, runtime: Partial<TableRuntime>) => {
    const [pub, sub] = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
    clients.push(pub, sub);
    const ownership = {
      nodeId,
      holds: () => nodeId === ids.owner,
      leases: { owner: async () => (ownerAlive() ? ids.owner : null) },
    } as unknown as Ownership;
    const tables = new ClusterTables(
      stubRuntime(runtime),
      ownership,
      pub,
      sub,
      createLogger({ level: 'silent', pretty: false }),
    );
    await tables.start({ sendFrames: () => undefined });
    return tables;
  };
  await nodeOf(ids.owner, {
    peek: () => ({}) as never,
    retireTournament: async (roomId) => {
      applied.push(`retire ${roomId}`);
      return true;
    },
    act: async (_roomId, action) => {
      applied.push(action.type);
      await new Promise((r) => setTimeout(r, answerAfterMs));
      return { ok: true };
    },
  });
  const other = await nodeOf(ids.other, {});
  return { other, applied };
}

describe.skipIf(!redisUp)('a move forwarded to the table’s owner', () => {
  it('is answered by a busy owner after more than one wait, and applied once', async () => {
    const { other, applied } = await twoNodes(FORWARD_TIMEOUT_MS + 1_500, () => true);
    const result = await other.act(ROOM, { type: 'look', playerId: '9001' });
    expect(result).toEqual({ ok: true });
    expect(applied).toEqual(['look']);
  }, 15_000);

  it('gives up once the owner’s lease is gone (it died), telling the table did not answer', async () => {
    let alive = true;
    const { other, applied } = await twoNodes(60_000, () => alive);
    const started = Date.now();
    const pending = other.act(ROOM, { type: 'look', playerId: '9002' });
    setTimeout(() => (alive = false), 500);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, code: 'unknown_error' });
    expect(applied).toEqual(['look']);
    expect(Date.now() - started).toBeLessThan(2 * FORWARD_TIMEOUT_MS + 1_000);
  }, 15_000);

  it('stops a Sit & Go’s table on the node that runs it when an operator cancels elsewhere', async () => {
    const { other, applied } = await twoNodes(0, () => true);
    expect(await other.retireTournament(ROOM)).toBe(true);
    expect(applied).toEqual([`retire ${ROOM}`]);
  });
});
