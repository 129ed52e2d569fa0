import { SvaraError } from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import { knexOf } from '../../db/orm.js';
import { createFairnessChain } from '../../fairness/chain.js';
import { createFairnessDigests } from '../../fairness/digest.js';
import { handRefSchema } from '../../fairness/hand-ref.js';
import type { Services } from '../../services.js';
import type { AppState } from '../context.js';

const daySchema = z.iso.date();
const linksQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Provable fairness, open to anyone (no token): what a verifier needs and nothing more (RULES §7).
 * GET /fairness/hands/:id: a hand's record once it has ended (the revealed seed, the client seeds
 * mixed in, the deal's hash, the cards shown at the showdown, its place in the chain); `:id` is the
 * hand id or `<roomId>-<handNumber>`. GET /fairness/digest/:day: the day's published digest of every
 * chain's head. GET /fairness/chains/:roomId: a room's chain, to walk from a hand to a head.
 */
export function fairnessRoutes(router: Router<AppState>, services: Services) {
  const knex = knexOf(services.orm);
  const chain = createFairnessChain(knex, services.logger);
  const digests = createFairnessDigests(knex, services.logger);

  router.get('/fairness/hands/:id', async (ctx) => {
    const ref = handRefSchema.safeParse(ctx.params.id);
    if (!ref.success) throw new SvaraError('validation_failed', 'hand id is not valid');
    const record = await chain.record(ref.data);
    // A hand still running has no record: its seed is secret until it ends.
    if (!record) throw new SvaraError('not_found', 'no ended hand with this id');
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = record;
  });

  router.get('/fairness/digest/:day', async (ctx) => {
    const day = daySchema.safeParse(ctx.params.day);
    if (!day.success) throw new SvaraError('validation_failed', 'the day is YYYY-MM-DD');
    const digest = await digests.get(day.data);
    if (!digest) throw new SvaraError('not_found', 'no digest published for this day');
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = digest;
  });

  router.get('/fairness/chains/:roomId', async (ctx) => {
    const roomId = z.uuid().safeParse(ctx.params.roomId);
    const query = linksQuerySchema.safeParse(ctx.query);
    if (!roomId.success || !query.success)
      throw new SvaraError('validation_failed', 'room id, after or limit');
    ctx.body = { links: await chain.links(roomId.data.toLowerCase(), query.data.after, query.data.limit) };
  });
}
