/**
 * In-memory token buckets: a key may spend `burst` requests at once and then `perSecond`. Applied
 * per IP to sign-in and per user and per IP to every mutation.
 */
export interface BucketRule {
  perSecond: number;
  burst: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one token of `key`; false when none is left. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.rule.burst, at: now };
    bucket.tokens = Math.min(
      this.rule.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.rule.perSecond,
    );
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return true;
  }

  /** Forgets buckets that have filled up again, so idle keys do not accumulate. */
  sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.rule.perSecond >= this.rule.burst)
        this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
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
