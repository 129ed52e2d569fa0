import { centsToDollars, PRACTICE_CHIPS_GRANT, PRACTICE_STAKES, type PracticeStatus } from '@svara/core';
import type Router from 'koa-router';
import type { ChipsStatus } from '../../practice/chips.js';
import type { Services } from '../../services.js';
import { requireUser, userIdOf } from '../auth.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

function practiceStatus(status: ChipsStatus): PracticeStatus {
  return {
    chips: centsToDollars(status.chips),
    nextTopUpAt: status.nextTopUpAt?.toISOString() ?? null,
    grant: centsToDollars(PRACTICE_CHIPS_GRANT),
    stakes: PRACTICE_STAKES.map(centsToDollars),
  };
}

/** Practice tables (RULES §8): the player's play chips, their top-up, the open practice tables and Play now. */
export function practiceRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);
  const { practice } = services;

  // The first call ever gives the player their first chips.
  router.get('/practice', signedIn, async (ctx) => {
    ctx.body = practiceStatus(await practice.chips.status(userIdOf(ctx)));
  });

  // Open to all, like the dollar lobby's GET /rooms: the practice tables with a seat for a person.
  router.get('/practice/rooms', async (ctx) => {
    ctx.body = await practice.openTables();
  });

  router.post('/practice/top-up', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const userId = userIdOf(ctx);
    const status = await practice.chips.topUp(userId);
    // A seated practice player's stack follows at once (between hands).
    services.wallets.changed(userId);
    ctx.body = practiceStatus(status);
  });

  router.post('/practice/play-now', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    ctx.body = await practice.playNow(userIdOf(ctx));
  });
}
