import { SvaraError, tonProofRequestSchema, walletPayRequestSchema } from '@svara/core';
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

/**
 * TON Connect (README "TON Connect"): the withdrawal wallet linked by proof (users/ton-proof-service.ts),
 * and deposits paid from the connected wallet (payments/ton/wallet-pay.ts).
 */
export function walletRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);

  router.post(
    '/wallet/ton-proof/payload',
    limits.mutationByIp,
    signedIn,
    limits.mutationByUser,
    async (ctx) => {
      ctx.body = await services.tonProof.issuePayload(userIdOf(ctx));
    },
  );

  router.post(
    '/wallet/ton-proof/verify',
    limits.mutationByIp,
    signedIn,
    limits.mutationByUser,
    async (ctx) => {
      const body = tonProofRequestSchema.safeParse(await readJson(ctx));
      if (!body.success) throw new SvaraError('ton_proof_invalid', 'not a ton_proof reply');
      ctx.body = await services.tonProof.verify(userIdOf(ctx), body.data);
    },
  );

  // A deposit paid from the connected wallet: the transaction for TON Connect's sendTransaction. Only
  // built, never recorded: the credit still waits for the provider (payments/ton/wallet-pay.ts).
  router.post(
    '/wallet/ton-connect/deposit-transaction',
    limits.mutationByIp,
    signedIn,
    limits.mutationByUser,
    async (ctx) => {
      const body = walletPayRequestSchema.safeParse(await readJson(ctx));
      if (!body.success)
        throw new SvaraError('validation_failed', 'trackerId, amount, walletAddress (0:<hex>), network');
      ctx.body = await services.walletPay.transaction(userIdOf(ctx), body.data);
    },
  );

  router.delete('/wallet/ton-proof', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    ctx.body = await services.tonProof.disconnect(userIdOf(ctx));
  });
}
