/**
 * The Sit & Go calls (RULES §9, core/src/protocol/tournaments.ts): the list, one tournament with its
 * results, register and unregister. The schemas load with the screen that calls them.
 */
import type { TournamentDetails, TournamentSummary } from '@svara/core';
import { parse, request } from '../api/http';

const path = (id: string) => `/tournaments/${encodeURIComponent(id)}`;

/** The Sit & Go's registering, then the player's own running and recent ones. */
export async function fetchTournaments(): Promise<TournamentSummary[]> {
  const { tournamentListSchema } = await import('@svara/core');
  return parse(tournamentListSchema, await request('GET', '/tournaments')).tournaments;
}

export async function fetchTournament(id: string): Promise<TournamentDetails> {
  const { tournamentDetailsSchema } = await import('@svara/core');
  return parse(tournamentDetailsSchema, await request('GET', path(id)));
}

export async function registerFor(id: string): Promise<TournamentSummary> {
  const { tournamentRegistrationResponseSchema } = await import('@svara/core');
  return parse(
    tournamentRegistrationResponseSchema,
    await request('POST', `${path(id)}/register`, { body: {} }),
  );
}

export async function unregisterFrom(id: string): Promise<TournamentSummary> {
  const { tournamentRegistrationResponseSchema } = await import('@svara/core');
  return parse(
    tournamentRegistrationResponseSchema,
    await request('POST', `${path(id)}/unregister`, { body: {} }),
  );
}
