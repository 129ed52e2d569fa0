/** The hand history's calls: GET /hands (pages) and GET /hands/:id (one hand and its replay). */
import { parse, request } from '../api/http';
import type { HandDetail, HandPage } from '@svara/core';

export async function fetchHandPage(cursor: string | null, limit = 25): Promise<HandPage> {
  const { handPageSchema } = await import('@svara/core');
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return parse(handPageSchema, await request('GET', `/hands?${query}`));
}

/** `publicView`: as a spectator saw it (what a shared link shows), even to a player of the hand. */
export async function fetchHand(handId: string, publicView = false): Promise<HandDetail> {
  const { handDetailSchema } = await import('@svara/core');
  return parse(
    handDetailSchema,
    await request('GET', `/hands/${encodeURIComponent(handId)}${publicView ? '?view=public' : ''}`),
  );
}
