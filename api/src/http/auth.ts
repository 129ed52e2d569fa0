/** Who is calling: a Bearer access token, or the httpOnly cookie set at sign-in. */
import { SvaraError } from '@svara/core';
import type { AccessTokens } from '../auth/tokens.js';
import type { AppContext, Next } from './context.js';

export const TOKEN_COOKIE = 'svara_token';

function tokenOf(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  return ctx.cookies.get(TOKEN_COOKIE) ?? null;
}

/** Middleware: 401 no_token without a token, 401 auth_validation_failed for a bad one. */
export function requireUser(tokens: AccessTokens) {
  return async (ctx: AppContext, next: Next) => {
    const token = tokenOf(ctx);
    if (!token) throw new SvaraError('no_token', 'no access token');
    const claims = await tokens.verify(token);
    ctx.state.userId = claims.telegramId;
    if (claims.language) ctx.state.language = claims.language;
    await next();
  };
}

/** Middleware for routes open to all: a valid token names the caller; none or a bad one is anonymous. */
export function optionalUser(tokens: AccessTokens) {
  return async (ctx: AppContext, next: Next) => {
    const token = tokenOf(ctx);
    if (token) {
      try {
        const claims = await tokens.verify(token);
        ctx.state.userId = claims.telegramId;
        if (claims.language) ctx.state.language = claims.language;
      } catch {
        // Anonymous: what an open route shows needs no sign-in.
      }
    }
    await next();
  };
}

/** The signed-in user's id; only inside routes behind requireUser. */
export function userIdOf(ctx: AppContext): string {
  const id = ctx.state.userId;
  if (!id) throw new SvaraError('no_token', 'route used without requireUser');
  return id;
}

/** Set-Cookie for the access token: httpOnly, SameSite=Lax, Secure in production. */
export function setTokenCookie(ctx: AppContext, token: string, maxAgeSeconds: number, secure: boolean) {
  const parts = [
    `${TOKEN_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  ctx.append('Set-Cookie', parts.join('; '));
}
