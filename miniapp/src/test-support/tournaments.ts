import type { TournamentSummary } from '@svara/core';

/**
 * A Sit & Go as the api lists it: the seeded Bronze offer ($1 + $0.10, six players, 65/35 of a $6
 * pool, antes from 10 every 10 hands, 1,500 chips), registering with four in. Each test changes what
 * it is about.
 */
export function sitAndGo(over: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: '0a000000-0000-4000-8000-000000000006',
    templateId: 'usd-1',
    kind: 'sit_and_go',
    name: 'Sit & Go Bronze',
    currency: 'usd',
    buyIn: 1,
    fee: 0.1,
    size: 6,
    registeredCount: 4,
    registered: false,
    status: 'registering',
    prizePool: 6,
    prizes: [3.9, 2.1],
    anteSchedule: { start: 10, handsPerLevel: 10 },
    startingChips: 1500,
    roomId: null,
    myPlace: null,
    myPrize: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}
