/** A GET /protection answer for tests: a player who accepted the current agreement and set nothing. */
import type { LimitState, Protection } from '@svara/core';

const none = (): LimitState => ({ amount: null, pending: null });

export function protectionState(over: Partial<Protection> = {}): Protection {
  return {
    agreement: {
      currentVersion: '2026-11-26',
      acceptedVersion: '2026-11-26',
      acceptedAt: '2026-11-26T00:00:00.000Z',
    },
    limits: {
      deposit: { daily: none(), weekly: none(), monthly: none() },
      loss: { daily: none(), weekly: none() },
      sessionMinutes: none(),
      realityCheckMinutes: 60,
    },
    usage: {
      deposited: { daily: 0, weekly: 0, monthly: 0 },
      lost: { daily: 0, weekly: 0 },
      sessionStartedAt: null,
      playedMinutes: 0,
    },
    exclusion: null,
    ...over,
  };
}
