import { languageRequestSchema, SvaraError, walletAddressRequestSchema } from '@svara/core';
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

export function userRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);

  router.get('/users/profile', signedIn, async (ctx) => {
    ctx.body = await services.users.profile(userIdOf(ctx));
  });

  router.get('/users/referral-link', signedIn, async (ctx) => {
    ctx.body = await services.users.referralInfo(userIdOf(ctx));
  });

  // The same stored value the bot's /language writes; signing in never overwrites it.
  router.post('/users/language', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = languageRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'language must be ru or en');
    await services.users.setLanguage(userIdOf(ctx), body.data.language);
    ctx.body = { language: body.data.language };
  });

  router.post('/users/wallet-address', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = walletAddressRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('invalidAddress', 'wallet address missing or not a string');
    ctx.body = await services.users.setWalletAddress(userIdOf(ctx), body.data.walletAddress);
  });
}
