/**
 * A seated player's photo, by a short path of our own. A Telegram photo address is about 80
 * characters; a table frame carries six of them after every move, so frames carry
 * `/api/v1/avatars/{telegramId}` instead and this route redirects to the stored address.
 */
import { SvaraError } from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import type { Services } from '../../services.js';
import type { AppState } from '../context.js';
import { API_PREFIX } from '../prefix.js';

const AVATARS = '/avatars';
/** Long enough that a page of avatars is fetched once per visit; short enough that a new photo shows the same day. */
const CACHE_SECONDS = 3600;

const telegramIdSchema = z.string().regex(/^\d{1,20}$/);

/** The path a frame carries for the photo of `telegramId`. */
export function avatarPath(telegramId: string): string {
  return `${API_PREFIX}${AVATARS}/${telegramId}`;
}

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
  router.get(`${AVATARS}/:id`, async (ctx) => {
    const id = telegramIdSchema.safeParse(ctx.params.id);
    const user = id.success ? await services.users.get(id.data) : null;
    const target = httpsAddress(user?.photoUrl ?? null);
    if (target === null) throw new SvaraError('not_found', 'no photo for this user');
    ctx.set('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
    ctx.redirect(target);
  });
}
