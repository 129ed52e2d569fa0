import { SvaraError } from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import { PAGE_MAX } from '../../hands/history.js';
import type { Services } from '../../services.js';
import { optionalUser, requireUser, userIdOf } from '../auth.js';
import type { AppState } from '../context.js';

const listQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).optional(),
});

const detailQuerySchema = z.object({ view: z.enum(['own', 'public']).optional() });

/**
 * The hand history. GET /hands: the signed-in player's finished hands, newest first,
 * paged by an opaque cursor. GET /hands/:id: one hand and its replay, open to anyone with the id
 * (a shared link): a player dealt in sees it as they saw it at the table, anyone else (or
 * `?view=public`) as a spectator did, so nothing that was not public leaves through a share.
 */
export function handRoutes(router: Router<AppState>, services: Services) {
  const history = services.hands;

  router.get('/hands', requireUser(services.tokens), async (ctx) => {
    const query = listQuerySchema.safeParse(ctx.query);
    if (!query.success) throw new SvaraError('validation_failed', 'cursor or limit is not valid');
    ctx.body = await history.list(userIdOf(ctx), query.data);
  });

  router.get('/hands/:id', optionalUser(services.tokens), async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    const query = detailQuerySchema.safeParse(ctx.query);
    if (!id.success || !query.success) throw new SvaraError('validation_failed', 'hand id is not valid');
    ctx.body = await history.get(id.data, ctx.state.userId ?? null, {
      publicView: query.data.view === 'public',
    });
  });
}
