/**
 * Request rate limits: token buckets per IP for sign-in, and per IP and per user for every mutation.
 * An empty bucket answers 429 rate_limited. With Redis the buckets are shared by every api node
 * (shared-buckets.ts); without it each node keeps its own in memory.
 */
import { SvaraError } from '@svara/core';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { AppContext, Next } from './context.js';
import { localBuckets, redisBuckets, type BucketRule, type Buckets } from './shared-buckets.js';

export type { BucketRule };

export interface RateLimitSettings {
  /** POST /auth/login, per IP. */
  loginPerIp: BucketRule;
  /** Every other POST, per signed-in user. */
  mutationPerUser: BucketRule;
  /** Every other POST, per IP (several users may share one). */
  mutationPerIp: BucketRule;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { perSecond: 2, burst: 20 },
  mutationPerUser: { perSecond: 5, burst: 20 },
  mutationPerIp: { perSecond: 20, burst: 100 },
};

type Middleware = (ctx: AppContext, next: Next) => Promise<void>;

export interface RateLimiters {
  /** Before sign-in: per IP. */
  login: Middleware;
  /** Before a mutation's authentication: per IP. */
  mutationByIp: Middleware;
  /** After authentication: per user. */
  mutationByUser: Middleware;
  /** Drops idle buckets; the app calls it periodically. */
  sweep(): void;
}

export function createRateLimiters(
  settings: RateLimitSettings,
  shared?: { redis: Redis; logger: Pick<Logger, 'warn' | 'info'> },
): RateLimiters {
  const bucketsFor = (name: string, rule: BucketRule) =>
    shared ? redisBuckets(shared.redis, name, rule, shared.logger) : localBuckets(rule);
  const login = bucketsFor('login', settings.loginPerIp);
  const byIp = bucketsFor('ip', settings.mutationPerIp);
  const byUser = bucketsFor('user', settings.mutationPerUser);
  const guard =
    (buckets: Buckets, keyOf: (ctx: AppContext) => string): Middleware =>
    async (ctx, next) => {
      if (!(await buckets.take(keyOf(ctx))))
        throw new SvaraError('rate_limited', `rate limit for ${keyOf(ctx)}`);
      await next();
    };
  return {
    login: guard(login, (ctx) => ctx.ip),
    mutationByIp: guard(byIp, (ctx) => ctx.ip),
    mutationByUser: guard(byUser, (ctx) => ctx.state.userId ?? ctx.ip),
    sweep() {
      login.sweep();
      byIp.sweep();
      byUser.sweep();
    },
  };
}
