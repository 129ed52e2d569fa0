/**
 * Rate limits shared by the api nodes through Redis: two nodes take from one bucket, Redis's clock
 * refills it, and while Redis is away each node falls back to its own bucket instead of failing.
 * Uses the Redis at TEST_REDIS_URL or 127.0.0.1:6379 (.ci/run starts one); skipped when none answers.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../test-support/redis.js';
import { localBuckets, redisBuckets } from './shared-buckets.js';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisAnswers();

const quiet = { warn: () => undefined, info: () => undefined };
const clients: Redis[] = [];
function client(url = REDIS_URL) {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}
afterAll(() => clients.forEach((c) => c.disconnect()));
const ready = (redis: Redis) =>
  redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', resolve));

const takeAll = async (take: () => Promise<boolean>, n: number) => {
  const results: boolean[] = [];
  for (let i = 0; i < n; i++) results.push(await take());
  return results;
};

describe('local buckets', () => {
  it('allow the burst, then refuse', async () => {
    const buckets = localBuckets({ perSecond: 1, burst: 3 });
    expect(await takeAll(() => buckets.take('ip-1'), 4)).toEqual([true, true, true, false]);
    expect(await buckets.take('ip-2')).toBe(true);
  });
});

describe.skipIf(!redisUp)('buckets shared through Redis', () => {
  it('are one bucket for every node: the burst is shared, not multiplied', async () => {
    const rule = { perSecond: 0.001, burst: 4 };
    const name = `test-${randomUUID()}`;
    const [a, b] = [client(), client()];
    await Promise.all([ready(a), ready(b)]);
    const nodeA = redisBuckets(a, name, rule, quiet);
    const nodeB = redisBuckets(b, name, rule, quiet);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? nodeA : nodeB).take('10.0.0.1')),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    // Another key has its own bucket.
    expect(await nodeB.take('10.0.0.2')).toBe(true);
  });

  it('refill at the rule’s pace on Redis’s clock, and expire when full again', async () => {
    const redis = client();
    await ready(redis);
    const name = `test-${randomUUID()}`;
    const buckets = redisBuckets(redis, name, { perSecond: 20, burst: 1 }, quiet);
    expect(await takeAll(() => buckets.take('u'), 2)).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await buckets.take('u')).toBe(true);
    const ttl = await redis.pttl(`svara:rate:${name}:u`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_050);
  });

  it('fall back to the node’s own bucket while Redis is not connected', async () => {
    // Nothing listens on port 1.
    const buckets = redisBuckets(
      client('redis://127.0.0.1:1'),
      'down',
      { perSecond: 0.001, burst: 2 },
      quiet,
    );
    expect(await takeAll(() => buckets.take('ip'), 3)).toEqual([true, true, false]);
  });

  it('fall back when a call fails on a connection that looked ready, say so once, and come back', async () => {
    const redis = client();
    await ready(redis);
    const said: string[] = [];
    const logger = {
      warn: (_: object, message: string) => void said.push(message),
      info: (_: object, message: string) => void said.push(message),
    } as unknown as Parameters<typeof redisBuckets>[3];
    let now = 1_000_000;
    const buckets = redisBuckets(
      redis,
      `test-${randomUUID()}`,
      { perSecond: 0.001, burst: 2 },
      logger,
      () => now,
    );
    const evalOnce = redis.eval.bind(redis);
    redis.eval = (() => Promise.reject(new Error('READONLY'))) as unknown as typeof redis.eval;
    expect(await takeAll(() => buckets.take('ip'), 3)).toEqual([true, true, false]);
    expect(said).toEqual(['rate limits fall back to this node while Redis is away']);
    redis.eval = evalOnce;
    now += 6_000;
    expect(await buckets.take('ip')).toBe(true);
    expect(said).toEqual([
      'rate limits fall back to this node while Redis is away',
      'rate limits are shared through Redis again',
    ]);
  });
});
