/** The protection contract's request schemas: what the api accepts. */
import { describe, expect, it } from 'vitest';
import { exclusionRequestSchema, limitRequestSchema, realityCheckRequestSchema } from './protection.js';

describe('protection requests', () => {
  it('a deposit limit has a period of day, week or month and an amount in dollars, or none', () => {
    expect(limitRequestSchema.safeParse({ kind: 'deposit', period: 'monthly', amount: 250.5 }).success).toBe(
      true,
    );
    expect(limitRequestSchema.safeParse({ kind: 'deposit', period: 'daily', amount: null }).success).toBe(
      true,
    );
    expect(limitRequestSchema.safeParse({ kind: 'deposit', amount: 10 }).success).toBe(false);
    expect(limitRequestSchema.safeParse({ kind: 'deposit', period: 'daily', amount: 1.005 }).success).toBe(
      false,
    );
  });

  it('a loss limit is daily or weekly; a session limit is whole minutes up to a day', () => {
    expect(limitRequestSchema.safeParse({ kind: 'loss', period: 'weekly', amount: 5 }).success).toBe(true);
    expect(limitRequestSchema.safeParse({ kind: 'loss', period: 'monthly', amount: 5 }).success).toBe(false);
    expect(limitRequestSchema.safeParse({ kind: 'session', amount: 90 }).success).toBe(true);
    expect(limitRequestSchema.safeParse({ kind: 'session', amount: 24 * 60 + 1 }).success).toBe(false);
    expect(limitRequestSchema.safeParse({ kind: 'session', amount: 0 }).success).toBe(false);
  });

  it('reality checks every 30, 60 or 120 minutes; exclusions of the listed lengths only', () => {
    expect(realityCheckRequestSchema.safeParse({ minutes: 120 }).success).toBe(true);
    expect(realityCheckRequestSchema.safeParse({ minutes: 90 }).success).toBe(false);
    expect(exclusionRequestSchema.safeParse({ kind: 'cool_off', duration: '30d' }).success).toBe(true);
    expect(exclusionRequestSchema.safeParse({ kind: 'self_exclusion', duration: '5y' }).success).toBe(true);
    expect(exclusionRequestSchema.safeParse({ kind: 'cool_off', duration: '1y' }).success).toBe(false);
  });
});
