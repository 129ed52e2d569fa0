/**
 * The Sit & Go calls (RULES §9, core/src/protocol/tournaments.ts): the list, one tournament with its
 * results, register and unregister. The schemas load with the screen that calls them.
 */
import type { TournamentDetails, TournamentSummary } from '@svara/core';
import { ApiError, request } from '../api/http';

function checked<T>(
  schema: { safeParse(d: unknown): { success: true; data: T } | { success: false; error: Error } },
  data: unknown,
): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new ApiError('unknown_error', `unexpected answer: ${r.error.message}`);
  return r.data;
}

const path = (id: string) => `/tournaments/${encodeURIComponent(id)}`;

/** The Sit & Go's registering, then the player's own running and recent ones. */
export async function fetchTournaments(): Promise<TournamentSummary[]> {
  const { tournamentListSchema } = await import('@svara/core');
  return checked(tournamentListSchema, await request('GET', '/tournaments')).tournaments;
}

export async function fetchTournament(id: string): Promise<TournamentDetails> {
  const { tournamentDetailsSchema } = await import('@svara/core');
  return checked(tournamentDetailsSchema, await request('GET', path(id)));
}

export async function registerFor(id: string): Promise<TournamentSummary> {
  const { tournamentRegistrationResponseSchema } = await import('@svara/core');
  return checked(
    tournamentRegistrationResponseSchema,
    await request('POST', `${path(id)}/register`, { body: {} }),
  );
}

export async function unregisterFrom(id: string): Promise<TournamentSummary> {
  const { tournamentRegistrationResponseSchema } = await import('@svara/core');
  return checked(
    tournamentRegistrationResponseSchema,
    await request('POST', `${path(id)}/unregister`, { body: {} }),
  );
}
