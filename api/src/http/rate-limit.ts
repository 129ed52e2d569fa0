/**
 * Request rate limits: token buckets (the table chat's RateLimiter) kept in memory, per IP for
 * sign-in, and per IP and per user for every mutation. An empty bucket answers 429 rate_limited.
 */
import { SvaraError } from '@svara/core';
import { RateLimiter } from '../realtime/rate-limiter.js';
import type { AppContext, Next } from './context.js';

export interface BucketRule {
  perSecond: number;
  burst: number;
}

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

export function createRateLimiters(settings: RateLimitSettings): RateLimiters {
  const bucketsFor = (rule: BucketRule) => new RateLimiter(rule.perSecond, rule.burst);
  const login = bucketsFor(settings.loginPerIp);
  const byIp = bucketsFor(settings.mutationPerIp);
  const byUser = bucketsFor(settings.mutationPerUser);
  const guard =
    (buckets: RateLimiter, keyOf: (ctx: AppContext) => string): Middleware =>
    async (ctx, next) => {
      if (!buckets.take(keyOf(ctx))) throw new SvaraError('rate_limited', `rate limit for ${keyOf(ctx)}`);
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
