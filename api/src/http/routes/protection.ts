/** Player protection under /api/v1/protection (api/src/protection): the player's own, signed in. */
import {
  activityQuerySchema,
  agreementRequestSchema,
  exclusionRequestSchema,
  limitRequestSchema,
  realityCheckRequestSchema,
  SvaraError,
} from '@svara/core';
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

export function protectionRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);
  const { protection } = services;
  const mutation = [limits.mutationByIp, signedIn, limits.mutationByUser] as const;

  router.get('/protection', signedIn, async (ctx) => {
    ctx.body = await protection.get(userIdOf(ctx));
  });

  router.post('/protection/agreement', ...mutation, async (ctx) => {
    const body = agreementRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'version required');
    await protection.acceptAgreement(userIdOf(ctx), body.data.version);
    ctx.status = 204;
  });

  router.post('/protection/limits', ...mutation, async (ctx) => {
    const body = limitRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'bad limit');
    ctx.body = await protection.setLimit(userIdOf(ctx), body.data);
  });

  router.post('/protection/reality-check', ...mutation, async (ctx) => {
    const body = realityCheckRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'minutes must be 30, 60 or 120');
    ctx.body = await protection.setRealityCheck(userIdOf(ctx), body.data.minutes);
  });

  router.post('/protection/exclusion', ...mutation, async (ctx) => {
    const body = exclusionRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'bad exclusion');
    ctx.body = await protection.exclude(userIdOf(ctx), body.data);
  });

  router.get('/protection/activity', signedIn, async (ctx) => {
    const query = activityQuerySchema.safeParse({
      ...(ctx.query.period ? { period: ctx.query.period } : {}),
    });
    if (!query.success) throw new SvaraError('validation_failed', 'period must be day, week or month');
    ctx.body = await protection.activity(userIdOf(ctx), query.data.period);
  });
}
