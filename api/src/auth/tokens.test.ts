import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, issueAccessToken, verifyAccessToken } from './tokens.js';

const secret = 'a-test-secret-that-is-long-enough-1234';

describe('access tokens', () => {
  it('round-trips the Telegram id', async () => {
    const tokens = createAccessTokens(secret);
    const claims = await tokens.verify(await tokens.issue('123456789', 'en'));
    expect(claims.telegramId).toBe('123456789');
    expect(claims.language).toBe('en');
    expect((await tokens.verify(await tokens.issue('5'))).language).toBeNull();
    expect(claims.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('refuses a token signed with another secret, an expired one, and garbage', async () => {
    const forged = await issueAccessToken('1', 'another-secret-that-is-long-enough-000');
    await expect(verifyAccessToken(forged, secret)).rejects.toMatchObject({ code: 'auth_validation_failed' });
    const expired = await issueAccessToken('1', secret, { ttlSeconds: -10 });
    await expect(verifyAccessToken(expired, secret)).rejects.toMatchObject({
      code: 'auth_validation_failed',
    });
    await expect(verifyAccessToken('not.a.token', secret)).rejects.toMatchObject({
      code: 'auth_validation_failed',
    });
  });

  it('refuses a token without a numeric subject or with another algorithm', async () => {
    const key = new TextEncoder().encode(secret);
    const noSubject = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('svara')
      .setExpirationTime('1h')
      .sign(key);
    await expect(verifyAccessToken(noSubject, secret)).rejects.toMatchObject({
      code: 'auth_validation_failed',
    });
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('1')
      .setIssuer('svara')
      .setExpirationTime('1h')
      .sign(key);
    await expect(verifyAccessToken(hs512, secret)).rejects.toMatchObject({ code: 'auth_validation_failed' });
  });
});
