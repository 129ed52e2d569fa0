/**
 * The verifier's data side: fetches a hand's public record (no sign-in needed) and checks it in the
 * browser with core's own shuffle (verifyHandRecord).
 */
import {
  API_PREFIX,
  GENESIS_HASH,
  publicHandRecordSchema,
  verifyHandRecord,
  type HandVerification,
  type PublicHandRecord,
  type SeatCards,
} from '@svara/core';
import { z } from 'zod';

const answerSchema = publicHandRecordSchema.extend({ previousHash: z.string().nullable() });

export type VerifiedHand = { record: PublicHandRecord; result: HandVerification };

export type VerifyFailure = 'not_found' | 'network' | 'malformed';

export class VerifyError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(reason);
  }
}

/** Fetches the record of `handId` (a hand id or `<roomId>-<handNumber>`) and verifies it. */
export async function fetchAndVerify(handId: string, ownCards?: SeatCards): Promise<VerifiedHand> {
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}/fairness/hands/${encodeURIComponent(handId)}`, {
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new VerifyError('network');
  }
  if (res.status === 404 || res.status === 400) throw new VerifyError('not_found');
  if (!res.ok) throw new VerifyError('network');
  const parsed = answerSchema.safeParse(JSON.parse(await res.text()));
  if (!parsed.success) throw new VerifyError('malformed');
  const record = parsed.data;
  const result = verifyHandRecord(record, {
    previousHash: record.previousHash ?? GENESIS_HASH,
    ...(ownCards ? { ownCards } : {}),
  });
  return { record, result };
}

/** The verify link of a hand a table frame names (the frame has no hand id; this names the same hand). */
export const tableHandId = (roomId: string, handNumber: number) => `${roomId}-${handNumber}`;

/** The public verify page of a hand. */
export const verifyPath = (handId: string) => `/verify?hand=${encodeURIComponent(handId)}`;
