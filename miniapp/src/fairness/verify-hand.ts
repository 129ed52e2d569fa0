/**
 * The verifier's data side: fetches a hand's public record and the record of the hand before it (no
 * sign-in needed) and checks them in the browser with core's own shuffle (verifyHandRecord): the
 * chain link against the previous record's hash recomputed here, and the player's own contribution
 * when this device sent one for the hand (FAIRNESS.md §6).
 */
import {
  API_PREFIX,
  previousHandId,
  publicHandRecordSchema,
  verifyHandRecord,
  type HandVerification,
  type PublicHandRecord,
  type SeatCards,
} from '@svara/core';
import { sentSeedFor } from './client-seed';

export type VerifiedHand = { record: PublicHandRecord; result: HandVerification };

export type VerifyFailure = 'not_found' | 'network' | 'malformed';

export class VerifyError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(reason);
  }
}

/** The public record of `handId`, or null when there is none (404). */
async function fetchRecord(handId: string): Promise<PublicHandRecord | null> {
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}/fairness/hands/${encodeURIComponent(handId)}`, {
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new VerifyError('network');
  }
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new VerifyError('network');
  let body: unknown;
  try {
    body = JSON.parse(await res.text());
  } catch {
    throw new VerifyError('malformed');
  }
  const parsed = publicHandRecordSchema.safeParse(body);
  if (!parsed.success) throw new VerifyError('malformed');
  return parsed.data;
}

/** Fetches the record of `handId` (a hand id or `<roomId>-<handNumber>`) and verifies it. */
export async function fetchAndVerify(handId: string, ownCards?: SeatCards): Promise<VerifiedHand> {
  const record = await fetchRecord(handId);
  if (!record) throw new VerifyError('not_found');
  const previousId = previousHandId(record);
  const previous = previousId === null ? null : await fetchRecord(previousId);
  const ownSeed = sentSeedFor(record.commitment);
  const result = verifyHandRecord(record, {
    previous,
    ...(ownCards ? { ownCards } : {}),
    ...(ownSeed !== undefined ? { ownSeed } : {}),
  });
  return { record, result };
}

/** The verify link of a hand a table frame names (the frame has no hand id; this names the same hand). */
export const tableHandId = (roomId: string, handNumber: number) => `${roomId}-${handNumber}`;

/** The public verify page of a hand. */
export const verifyPath = (handId: string) => `/verify?hand=${encodeURIComponent(handId)}`;

/** The public specification (FAIRNESS.md at the repository's root), served with the build. */
export const FAIRNESS_SPEC_PATH = '/FAIRNESS.md';
