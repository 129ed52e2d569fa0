/** Access tokens: HS256 JWTs whose subject is the Telegram user id. */
import { SvaraError } from '@svara/core';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const ISSUER = 'svara';

export interface AccessTokenClaims {
  telegramId: string;
  expiresAt: Date;
  /** The user's Telegram language_code at sign-in, for translating answers without a lookup. */
  language: string | null;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function issueWithKey(
  telegramId: string,
  language: string | null,
  key: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT(language ? { lng: language } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(telegramId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

async function verifyWithKey(token: string, key: Uint8Array): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    if (!payload.sub || !/^\d{1,20}$/.test(payload.sub) || !payload.exp) throw new Error('malformed claims');
    const language = typeof payload.lng === 'string' ? payload.lng : null;
    return { telegramId: payload.sub, expiresAt: new Date(payload.exp * 1000), language };
  } catch (error) {
    throw new SvaraError('auth_validation_failed', `access token rejected: ${(error as Error).message}`);
  }
}

export function issueAccessToken(
  telegramId: string,
  secret: string,
  options: { ttlSeconds?: number; language?: string | null } = {},
): Promise<string> {
  return issueWithKey(
    telegramId,
    options.language ?? null,
    keyOf(secret),
    options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
  );
}

/** The token's user, or SvaraError('auth_validation_failed') for a bad, forged or expired token. */
export function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims> {
  return verifyWithKey(token, keyOf(secret));
}

/** Token issuing and checking bound to one secret: what the HTTP and socket layers hold. */
export interface AccessTokens {
  issue(telegramId: string, language?: string | null): Promise<string>;
  verify(token: string): Promise<AccessTokenClaims>;
  ttlSeconds: number;
}

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  const key = keyOf(secret);
  return {
    ttlSeconds,
    issue: (telegramId, language) => issueWithKey(telegramId, language ?? null, key, ttlSeconds),
    verify: (token) => verifyWithKey(token, key),
  };
}
