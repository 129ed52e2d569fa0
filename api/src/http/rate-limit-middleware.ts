import { SvaraError } from '@svara/core';
import type { AppContext, Next } from './context.js';
import { TokenBuckets, type RateLimitSettings } from './rate-limit.js';

export interface RateLimiters {
  /** Before sign-in: per IP. */
  login: (ctx: AppContext, next: Next) => Promise<void>;
  /** Before a mutation's authentication: per IP. */
  mutationByIp: (ctx: AppContext, next: Next) => Promise<void>;
  /** After authentication: per user. */
  mutationByUser: (ctx: AppContext, next: Next) => Promise<void>;
  /** Drops idle buckets; the app calls it periodically. */
  sweep(): void;
}

export function createRateLimiters(settings: RateLimitSettings): RateLimiters {
  const login = new TokenBuckets(settings.loginPerIp);
  const byIp = new TokenBuckets(settings.mutationPerIp);
  const byUser = new TokenBuckets(settings.mutationPerUser);
  const guard =
    (buckets: TokenBuckets, keyOf: (ctx: AppContext) => string) => async (ctx: AppContext, next: Next) => {
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
