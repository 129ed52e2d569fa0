import { loginRequestSchema, SvaraError, type LoginResponse } from '@svara/core';
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { requireUser, setTokenCookie, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

export function authRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  router.post('/auth/login', limits.login, async (ctx) => {
    const body = loginRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('auth_validation_failed', 'login request without init data');
    const { accessToken, user } = await services.signIn(body.data);
    ctx.state.language = user.languageCode;
    // What the Mini App's start-up reads next comes along (the same bodies as GET /users/profile and
    // GET /protection), so signing in costs it one round trip (SPEC §4 "Sign-in").
    const [profile, protection] = await Promise.all([
      services.users.profile(user.telegramId),
      services.protection.get(user.telegramId),
    ]);
    setTokenCookie(ctx, accessToken, services.tokens.ttlSeconds, services.config.isProduction);
    const answer: LoginResponse = { accessToken, profile, protection };
    ctx.body = answer;
  });

  // Sign-out: every token of the user stops working at once, on every node (auth/token-version.ts).
  router.post('/auth/logout', requireUser(services.tokens), async (ctx) => {
    await services.tokenVersions.bump(userIdOf(ctx));
    services.signedOut.call(userIdOf(ctx));
    setTokenCookie(ctx, '', 0, services.config.isProduction);
    ctx.status = 204;
  });
}
