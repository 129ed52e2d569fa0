import {
  centsFromDollarsSchema,
  dollarsToCents,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  invoiceRequestSchema,
  SvaraError,
  telegramIdSchema,
  transactionRequestSchema,
  type ErrorCode,
} from '@svara/core';
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
  const payments = services.payments;

  router.get('/finances/history/:id', signedIn, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    if (!id.success) throw new SvaraError('not_found', 'history of a malformed user id');
    ctx.body = await payments.history(userIdOf(ctx), id.data);
  });

  router.get('/finances/methods', signedIn, (ctx) => {
    ctx.body = payments.methods();
  });

  router.post('/finances/transaction', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = transactionRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError(transactionRefusal(body.error), 'transaction request refused');
    const request = body.data;
    const userId = userIdOf(ctx);
    if (request.telegramId !== userId) throw new SvaraError('forbidden', 'transaction for another user');
    if (request.type === 'deposit') {
      ctx.body = await payments.deposit(userId, request.currency);
      return;
    }
    // A withdrawal is made once per key: a retried request answers as the first did.
    const key = idempotencyKeySchema.safeParse(ctx.get(IDEMPOTENCY_KEY_HEADER));
    if (!key.success)
      throw new SvaraError('validation_failed', `${IDEMPOTENCY_KEY_HEADER} header missing or malformed`);
    ctx.body = await payments.withdraw(userId, {
      amountCents: dollarsToCents(request.amount),
      method: request.method,
      receiver: request.receiver,
      idempotencyKey: key.data,
    });
  });

  router.post('/finances/invoice', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = invoiceRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError('invalid_amount', 'invoice amount refused');
    ctx.body = await payments.invoice(userIdOf(ctx), centsFromDollarsSchema.parse(body.data.amount));
  });
}
