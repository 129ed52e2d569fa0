import { describe, expect, it } from 'vitest';
import { signDevInitData } from '../dev/init-data.js';
import { verifyInitData } from './init-data.js';

const botToken = '12345:test-token';
const now = new Date('2026-01-10T12:00:00Z');
const options = { botToken, maxAgeSeconds: 3600, now };

function signed(user: Parameters<typeof signDevInitData>[0], authDate = now) {
  return signDevInitData(user, { botToken, authDate });
}

describe('verifyInitData', () => {
  it('returns the Telegram user from correctly signed init data', () => {
    const raw = signDevInitData(
      { id: 1001, username: 'alice', firstName: 'Alice', lastName: 'L', languageCode: 'en', isPremium: true },
      { botToken, authDate: now },
    );
    expect(verifyInitData(raw, options)).toEqual({
      id: '1001',
      username: 'alice',
      firstName: 'Alice',
      lastName: 'L',
      photoUrl: null,
      languageCode: 'en',
      isPremium: true,
    });
  });

  it('refuses data signed with another bot token', () => {
    const raw = signDevInitData({ id: 1001 }, { botToken: '999:other', authDate: now });
    expect(() => verifyInitData(raw, options)).toThrow(
      expect.objectContaining({ code: 'auth_validation_failed' }),
    );
  });

  it('refuses data whose user was changed after signing', () => {
    const raw = signed({ id: 1001, username: 'alice' });
    const forged = raw.replace(encodeURIComponent('"id":1001'), encodeURIComponent('"id":1002'));
    expect(forged).not.toBe(raw);
    expect(() => verifyInitData(forged, options)).toThrow(/rejected/);
  });

  it('refuses data older than the allowed age, and data from the future', () => {
    expect(() => verifyInitData(signed({ id: 1 }, new Date(now.getTime() - 3601_000)), options)).toThrow(
      /expired/,
    );
    expect(verifyInitData(signed({ id: 1 }, new Date(now.getTime() - 3599_000)), options).id).toBe('1');
    expect(() => verifyInitData(signed({ id: 1 }, new Date(now.getTime() + 120_000)), options)).toThrow(
      /future/,
    );
  });

  it('refuses bots and data without a user', () => {
    expect(() => verifyInitData(signed({ id: 7, isBot: true }), options)).toThrow(/bots/);
    const withoutUser = new URLSearchParams(signed({ id: 7 }));
    withoutUser.delete('user');
    expect(() => verifyInitData(withoutUser.toString(), options)).toThrow();
    expect(() => verifyInitData('', options)).toThrow(
      expect.objectContaining({ code: 'auth_validation_failed' }),
    );
    expect(() => verifyInitData('garbage', options)).toThrow(
      expect.objectContaining({ code: 'auth_validation_failed' }),
    );
  });
});
