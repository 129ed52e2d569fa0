/**
 * A player's wallet or suspension changed through one node reaches the table another node runs:
 * every node hears it on Redis and applies it to its own runtime, which acts only where the player
 * sits. Uses the Redis at TEST_REDIS_URL or 127.0.0.1:6379; skipped when none answers.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../../test-support/redis.js';
import { createLogger } from '../../logger.js';
import type { TableRuntime } from '../table-runtime.js';
import { ClusterTables } from './forwarding.js';
import type { Ownership } from './ownership.js';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

/** A node whose runtime records what it was told. */
async function node(nodeId: string) {
  const heard: string[] = [];
  const runtime = {
    walletChanged: async (userId: string) => void heard.push(`wallet ${userId}`),
    suspensionChanged: async (userId: string, suspended: boolean) =>
      void heard.push(`suspension ${userId} ${suspended}`),
  } as unknown as TableRuntime;
  const [pub, sub] = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  clients.push(pub, sub);
  const tables = new ClusterTables(
    runtime,
    { nodeId } as unknown as Ownership,
    pub,
    sub,
    createLogger({ level: 'silent', pretty: false }),
  );
  await tables.start({ sendFrames: () => undefined });
  return { tables, heard };
}

describe.skipIf(!redisUp)('player news across nodes', () => {
  it('reaches every node once, the telling node included, and no node twice', async () => {
    const suffix = Math.random().toString(36).slice(2);
    const a = await node(`a-${suffix}`);
    const b = await node(`b-${suffix}`);
    await a.tables.walletChanged('8801');
    await b.tables.suspensionChanged('8802', true);
    await expect.poll(() => [...a.heard, ...b.heard].length, { timeout: 2_000 }).toBe(4);
    expect(a.heard.sort()).toEqual(['suspension 8802 true', 'wallet 8801']);
    expect(b.heard.sort()).toEqual(['suspension 8802 true', 'wallet 8801']);
  });
});
