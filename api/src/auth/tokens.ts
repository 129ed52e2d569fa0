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
  /** users.token_version at sign-in (auth/token-version.ts); 0 for tokens issued before versions. */
  version: number;
}

/** The users' current token versions: a token of an older version is refused (sign-out, suspension). */
export interface TokenVersionSource {
  /** null for a user not in the database (treated as version 0). */
  current(telegramId: string): Promise<number | null>;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function issueWithKey(
  telegramId: string,
  language: string | null,
  key: Uint8Array,
  ttlSeconds: number,
  version = 0,
): Promise<string> {
  return new SignJWT({ ...(language ? { lng: language } : {}), ...(version ? { ver: version } : {}) })
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
    const version = payload.ver === undefined ? 0 : payload.ver;
    if (typeof version !== 'number' || !Number.isSafeInteger(version)) throw new Error('malformed version');
    return { telegramId: payload.sub, expiresAt: new Date(payload.exp * 1000), language, version };
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

/**
 * With `versions`, a token carries the user's token version at issue and is refused once the
 * version has moved on: one primary-key read per check, no cache, so a sign-out or a suspension
 * holds at once on every node.
 */
export function createAccessTokens(
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  versions?: TokenVersionSource,
): AccessTokens {
  const key = keyOf(secret);
  return {
    ttlSeconds,
    async issue(telegramId, language) {
      const version = (await versions?.current(telegramId)) ?? 0;
      return issueWithKey(telegramId, language ?? null, key, ttlSeconds, version);
    },
    async verify(token) {
      const claims = await verifyWithKey(token, key);
      if (versions && claims.version !== ((await versions.current(claims.telegramId)) ?? 0))
        throw new SvaraError('auth_validation_failed', 'access token revoked (sign-out or suspension)');
      return claims;
    },
  };
}
