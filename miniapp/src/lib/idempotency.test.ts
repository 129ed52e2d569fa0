import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '@svara/core';
import { newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  afterEach(() => {
    Reflect.deleteProperty(crypto, 'randomUUID');
  });

  it('are accepted by the protocol and differ every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });

  it('come from random bytes where randomUUID is missing (an insecure development origin)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
