import { createRoomRequestSchema, joinRoomRequestSchema, SvaraError, type ErrorCode } from '@svara/core';
import type Router from 'koa-router';
import { z, type ZodError } from 'zod';
import type { Services } from '../../services.js';
import { optionalUser, requireUser, userIdOf } from '../auth.js';
import { readJson } from '../body.js';
import type { AppState } from '../context.js';
import type { RateLimiters } from '../rate-limit.js';

/** The most precise code for a refused create request: the stake, then the password, then the rest. */
function createRefusal(error: ZodError): ErrorCode {
  const fields = new Set(error.issues.map((issue) => issue.path[0]));
  if (fields.has('minBet')) return 'invalid_stake';
  if (fields.has('password')) return 'password_required';
  return 'validation_failed';
}

/** GET /rooms answers at most this many rooms per page. */
export const ROOMS_PER_PAGE = 500;
const listPageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export function roomRoutes(router: Router<AppState>, services: Services, limits: RateLimiters) {
  const signedIn = requireUser(services.tokens);

  // Newest first, 500 at a time (`?page=2` for the next): the lobby pages over the socket instead.
  router.get('/rooms', async (ctx) => {
    const page = listPageSchema.safeParse(ctx.query);
    if (!page.success) throw new SvaraError('validation_failed', 'page must be a positive integer');
    const from = (page.data.page - 1) * ROOMS_PER_PAGE;
    // Dollar rooms: practice tables (play chips) are reached through Play now.
    const rooms = (await services.rooms.listOpen()).filter((room) => room.currency !== 'chips');
    ctx.body = rooms.slice(from, from + ROOMS_PER_PAGE);
  });

  // Open to all; a signed-in creator of a private room also gets its password.
  router.get('/rooms/:id', optionalUser(services.tokens), async (ctx) => {
    ctx.body = await services.rooms.details(ctx.params.id!, ctx.state.userId ?? null);
  });

  router.post('/rooms', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = createRoomRequestSchema.safeParse(await readJson(ctx));
    if (!body.success) throw new SvaraError(createRefusal(body.error), 'create room request refused');
    const room = await services.rooms.create(userIdOf(ctx), body.data);
    ctx.status = 201;
    ctx.body = { roomId: room.id };
  });

  router.post('/rooms/:id/join', limits.mutationByIp, signedIn, limits.mutationByUser, async (ctx) => {
    const body = joinRoomRequestSchema.parse(await readJson(ctx));
    ctx.body = await services.rooms.join(userIdOf(ctx), ctx.params.id!, body.password);
  });
}
