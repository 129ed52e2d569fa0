/** Development-only routes: sign in as a test user without Telegram, and free play money. */
import { centsFromDollarsSchema, centsToDollars, SvaraError } from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { FAUCET_MAX_CENTS, payFromFaucet } from '../../dev/faucet.js';
import { signDevInitData } from '../../dev/init-data.js';
import { requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

const initDataQuerySchema = z.object({
  id: z.string().regex(/^\d{1,15}$/),
  username: z.string().max(32).optional(),
  first_name: z.string().max(64).optional(),
  last_name: z.string().max(64).optional(),
  language_code: z.string().max(8).optional(),
  start_param: z.string().max(64).optional(),
});

const faucetRequestSchema = z.object({
  amount: centsFromDollarsSchema.refine((cents) => cents > 0 && cents <= FAUCET_MAX_CENTS),
});

/**
 * Registers the routes only outside production and with the development bot token (config.devRoutes),
 * so elsewhere they simply do not exist (404): init data signed with a real bot's token would sign in
 * as anyone, and NODE_ENV=development is one wrong line of `.env` away.
 */
export function devRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  if (!services.config.devRoutes) return;

  router.get('/dev/init-data', async (ctx) => {
    const query = initDataQuerySchema.parse(ctx.query);
    ctx.body = {
      initData: signDevInitData(
        {
          id: query.id,
          username: query.username ?? null,
          firstName: query.first_name ?? null,
          lastName: query.last_name ?? null,
          languageCode: query.language_code ?? null,
        },
        {
          botToken: services.config.botToken,
          ...(query.start_param ? { startParam: query.start_param } : {}),
        },
      ),
    };
  });

  router.post(
    '/dev/faucet',
    limits.mutationByIp,
    requireUser(services.tokens),
    limits.mutationByUser,
    async (ctx) => {
      const body = faucetRequestSchema.safeParse(await readJson(ctx));
      if (!body.success) throw new SvaraError('invalid_amount', 'faucet amount out of range');
      const balance = await payFromFaucet(services.ledger, userIdOf(ctx), body.data.amount);
      services.wallets.changed(userIdOf(ctx));
      ctx.body = { balance: centsToDollars(balance) };
    },
  );
}
