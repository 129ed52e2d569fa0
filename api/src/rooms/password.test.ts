import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('room passwords', () => {
  it('verifies the right password and no other, and never stores it', async () => {
    const stored = await hashPassword('123456');
    expect(stored).not.toContain('123456');
    expect(await verifyPassword('123456', stored)).toBe(true);
    expect(await verifyPassword('1234567', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash and rejects malformed stored values', async () => {
    expect(await hashPassword('123456')).not.toBe(await hashPassword('123456'));
    expect(await verifyPassword('123456', 'plain:123456')).toBe(false);
  });
});
