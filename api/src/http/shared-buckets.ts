/**
 * Token buckets shared by every api node through Redis (REDIS_URL), so a client cannot multiply its
 * limit by the number of nodes behind the proxy. One Lua script takes a token atomically, on Redis's
 * clock (the nodes' clocks need not agree). While Redis does not answer, the node's own buckets
 * decide: a limit per node is better than none, and better than refusing everyone.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { RateLimiter } from '../realtime/rate-limiter.js';

export interface BucketRule {
  perSecond: number;
  burst: number;
}

/** Buckets for one rule, by key. */
export interface Buckets {
  take(key: string): Promise<boolean>;
  /** Drops the local buckets that refilled (Redis's expire on their own). */
  sweep(): void;
}

/** KEYS[1]: the bucket; ARGV: tokens per millisecond, burst. Answers 1 when a token was taken. */
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return taken
`;

export function localBuckets(rule: BucketRule): Buckets {
  const limiter = new RateLimiter(rule.perSecond, rule.burst);
  return { take: async (key) => limiter.take(key), sweep: () => limiter.sweep() };
}

/** How long a failed Redis call keeps the node on its own buckets before Redis is tried again. */
const REDIS_RETRY_MS = 5_000;

export function redisBuckets(
  redis: Redis,
  name: string,
  rule: BucketRule,
  logger: Pick<Logger, 'warn' | 'info'>,
  clock: () => number = Date.now,
): Buckets {
  const fallback = localBuckets(rule);
  let downUntil = 0;
  return {
    async take(key) {
      // Not connected (starting, or reconnecting): the node's own bucket, without waiting.
      if (redis.status !== 'ready' || clock() < downUntil) return fallback.take(key);
      try {
        const taken = await redis.eval(
          TAKE_SCRIPT,
          1,
          `svara:rate:${name}:${key}`,
          rule.perSecond / 1000,
          rule.burst,
        );
        if (downUntil !== 0) {
          downUntil = 0;
          logger.info({ name }, 'rate limits are shared through Redis again');
        }
        return taken === 1;
      } catch (error) {
        if (downUntil === 0)
          logger.warn({ err: error, name }, 'rate limits fall back to this node while Redis is away');
        downUntil = clock() + REDIS_RETRY_MS;
        return fallback.take(key);
      }
    },
    sweep: () => fallback.sweep(),
  };
}
