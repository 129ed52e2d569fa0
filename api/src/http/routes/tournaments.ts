/**
 * Sit & Go tournaments (RULES §9; shapes in core/src/protocol/tournaments.ts): the list (open to all,
 * like GET /rooms; `registered` and the player's own ones need sign-in), one tournament with its
 * results, register and unregister.
 */
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { optionalUser, requireUser, userIdOf } from '../auth.js';
import type { AppContext, AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

/** The signed-in player's id, or null (optionalUser leaves the user unset). */
const viewerOf = (ctx: AppContext): string | null => ctx.state.userId ?? null;

export function tournamentRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);
  const maybeSignedIn = optionalUser(services.tokens);
  const { tournaments } = services;

  router.get('/tournaments', maybeSignedIn, async (ctx) => {
    ctx.body = { tournaments: await tournaments.list(viewerOf(ctx)) };
  });

  router.get('/tournaments/:id', maybeSignedIn, async (ctx) => {
    ctx.body = await tournaments.details(String(ctx.params.id), viewerOf(ctx));
  });

  router.post(
    '/tournaments/:id/register',
    limits.mutationByIp,
    signedIn,
    limits.mutationByUser,
    async (ctx) => {
      const userId = userIdOf(ctx);
      ctx.body = await tournaments.register(userId, String(ctx.params.id));
      services.wallets.changed(userId);
    },
  );

  router.post(
    '/tournaments/:id/unregister',
    limits.mutationByIp,
    signedIn,
    limits.mutationByUser,
    async (ctx) => {
      const userId = userIdOf(ctx);
      ctx.body = await tournaments.unregister(userId, String(ctx.params.id));
      services.wallets.changed(userId);
    },
  );
}
