import { describe, expect, it } from 'vitest';
import { ApiError, readProfile } from './http';

describe('readProfile (the start-up path checks the profile by hand)', () => {
  const base = {
    telegramId: '1001',
    username: 'alice',
    firstName: 'Alice',
    balance: 12.5,
    walletAddress: null,
  };
  it('keeps the fields the app shows', () => {
    expect(readProfile(base)).toMatchObject({
      telegramId: '1001',
      username: 'alice',
      balance: 12.5,
      walletAddress: null,
      avatar: null,
    });
  });
  it('reads a numeric string balance as a number (SPEC §3)', () => {
    expect(readProfile({ ...base, balance: '7.25' }).balance).toBe(7.25);
  });
  it('refuses answers without an id or a balance', () => {
    expect(() => readProfile({ ...base, telegramId: 5 })).toThrow(ApiError);
    expect(() => readProfile({ ...base, balance: 'lots' })).toThrow(ApiError);
    expect(() => readProfile(null)).toThrow(ApiError);
  });
});
