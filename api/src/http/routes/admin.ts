/**
 * The operators' API under /admin, for the Telegram ids of BOT_ADMIN_IDS only (the same list the
 * bot's admin commands use): the withdrawal review queue, decisions, the review flag on an
 * account, suspension, and extending a player's cool-off or self-exclusion. Anyone else gets 403, as if
 * the routes held nothing for them.
 */
import {
  adminDecisionSchema,
  adminReviewFlagSchema,
  adminSuspendSchema,
  SvaraError,
  telegramIdSchema,
  tournamentTemplateInputSchema,
} from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppContext, AppState, Next } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

const listQuerySchema = z.object({ status: z.enum(['review', 'pending', 'all']).default('review') });
/** A cool-off or self-exclusion is only ever extended, to a later instant (at most 10 years on). */
const extendExclusionSchema = z.object({ until: z.iso.datetime({ offset: true }) });

export function adminRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const operators = new Set(services.config.adminIds);
  const signedIn = requireUser(services.tokens);
  const operator = async (ctx: AppContext, next: Next) => {
    if (!operators.has(userIdOf(ctx))) throw new SvaraError('forbidden', 'not an operator');
    await next();
  };
  const admin = services.payments.admin;

  // Sit & Go's (RULES §9): the offers, and cancelling one (the escrow pro rata, the fees back).
  router.get('/admin/tournament-templates', signedIn, operator, async (ctx) => {
    ctx.body = await services.tournaments.templates();
  });

  router.put('/admin/tournament-templates/:id', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const body = tournamentTemplateInputSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('validation_failed', 'name, currency, buyIn, fee, size (3 or 6)');
    ctx.body = await services.tournaments.saveTemplate(String(ctx.params.id), body.data);
  });

  router.post('/admin/tournaments/:id/cancel', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const id = z.string().uuid().safeParse(ctx.params.id);
    if (!id.success) throw new SvaraError('not_found', 'malformed tournament id');
    const cancelled = await services.tournaments.cancel(id.data, userIdOf(ctx));
    if (!cancelled) throw new SvaraError('not_found', 'no registering or running Sit & Go with this id');
    ctx.body = await services.tournaments.details(id.data, null);
  });

  router.get('/admin/withdrawals', signedIn, operator, async (ctx) => {
    const query = listQuerySchema.safeParse(ctx.query);
    if (!query.success) throw new SvaraError('validation_failed', 'unknown status');
    ctx.body = await admin.withdrawals(query.data.status);
  });

  for (const decision of ['approve', 'reject'] as const) {
    router.post(
      `/admin/withdrawals/:id/${decision}`,
      limits.mutationByIp,
      signedIn,
      operator,
      async (ctx) => {
        const id = z.string().uuid().safeParse(ctx.params.id);
        if (!id.success) throw new SvaraError('not_found', 'malformed withdrawal id');
        const body = adminDecisionSchema.safeParse(await readJson(ctx));
        if (!body.success) throw new SvaraError('validation_failed', 'reason too long or unknown preset');
        ctx.body = await admin.decide(userIdOf(ctx), id.data, decision, {
          preset: body.data.preset,
          note: body.data.reason,
        });
      },
    );
  }

  router.post('/admin/users/:id/withdrawal-review', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    const body = adminReviewFlagSchema.safeParse(await readJson(ctx));
    if (!id.success || !body.success) throw new SvaraError('validation_failed', 'user id and {flagged}');
    await admin.flagForReview(id.data, body.data.flagged);
    ctx.body = { userId: id.data, flagged: body.data.flagged };
  });

  // Suspension: no seat (a seated player is stood up after the hand), no new room, no deposit or
  // withdrawal. The answer is the account's state afterwards.
  router.post('/admin/users/:id/suspend', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    const body = adminSuspendSchema.safeParse(await readJson(ctx));
    if (!id.success || !body.success) throw new SvaraError('validation_failed', 'user id and {reason}');
    await services.suspension.suspend(id.data, userIdOf(ctx), body.data.reason);
    const status = await services.suspension.status(id.data);
    ctx.body = {
      userId: id.data,
      suspended: true,
      reason: status?.reason ?? body.data.reason,
      suspendedAt: status?.suspendedAt.toISOString() ?? null,
      by: status?.by ?? userIdOf(ctx),
    };
  });

  router.post('/admin/users/:id/unsuspend', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    if (!id.success) throw new SvaraError('validation_failed', 'user id');
    await services.suspension.unsuspend(id.data, userIdOf(ctx));
    ctx.body = { userId: id.data, suspended: false };
  });

  // A player's cool-off or self-exclusion can be made longer by an operator, never shorter.
  router.post('/admin/users/:id/exclusion', limits.mutationByIp, signedIn, operator, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    const body = extendExclusionSchema.safeParse(await readJson(ctx));
    if (!id.success || !body.success) throw new SvaraError('validation_failed', 'user id and {until}');
    const until = new Date(body.data.until);
    if (until.getTime() > Date.now() + 10 * 366 * 24 * 3600_000)
      throw new SvaraError('validation_failed', 'an exclusion ends within ten years');
    await services.protection.extendExclusion(id.data, userIdOf(ctx), until);
    ctx.body = { userId: id.data, exclusion: (await services.protection.get(id.data)).exclusion };
  });
}
