/**
 * A seated player's photo, by a short path of our own (core's avatarPath): a Telegram photo address
 * is about 80 characters, too long for every seat of every game frame. The route redirects to the
 * address the user's signed init data gave.
 */
import { avatarPath, SvaraError, telegramIdSchema } from '@svara/core';
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import type { AppState } from '../context.js';

/** Long enough that a page of avatars is fetched once per visit; short enough that a new photo shows the same day. */
const CACHE_SECONDS = 3600;

/** Only an https address is followed: the route never sends a browser anywhere else. */
function httpsAddress(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return null;
  return new URL(url).protocol === 'https:' ? url : null;
}

/** What a frame shows for a user's photo: the short path when the route would follow it, else null. */
export function avatarOf(telegramId: string, photoUrl: string | null): string | null {
  return httpsAddress(photoUrl) === null ? null : avatarPath(telegramId);
}

export function avatarRoutes(router: Router<AppState>, services: Services) {
  router.get('/avatars/:id', async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    const user = id.success ? await services.users.get(id.data) : null;
    const target = httpsAddress(user?.photoUrl ?? null);
    if (target === null) throw new SvaraError('not_found', 'no photo for this user');
    ctx.set('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
    ctx.redirect(target);
  });
}
