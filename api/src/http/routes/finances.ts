import { SvaraError, telegramIdSchema, transactionRequestSchema, type ErrorCode } from '@svara/core';
import type Router from 'koa-router';
import type { ZodError } from 'zod';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

function transactionRefusal(error: ZodError): ErrorCode {
  const fields = new Set(error.issues.map((issue) => issue.path[0]));
  if (fields.has('receiver')) return 'wallet_address_required';
  if (fields.has('amount')) return 'invalid_amount';
  return 'validation_failed';
}

export function financeRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);

  router.get('/finances/history/:id', signedIn, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    if (!id.success) throw new SvaraError('not_found', 'history of a malformed user id');
    ctx.body = await services.finances.history(userIdOf(ctx), id.data);
  });

  router.post('/finances/transaction', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = transactionRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError(transactionRefusal(body.error), 'transaction request refused');
    await services.finances.requestTransaction(userIdOf(ctx), body.data);
  });
}
