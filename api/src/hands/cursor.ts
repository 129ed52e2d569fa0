/**
 * The page cursor of GET /hands: the last row's (finished_at, hand_id), opaque to the client. The
 * time travels as PostgreSQL printed it (microseconds kept): a JavaScript Date would round it to
 * milliseconds and skip or repeat hands that ended within the same millisecond.
 */
import { SvaraError } from '@svara/core';
import { z } from 'zod';

export type HandCursor = { finishedAt: string; handId: string };

const partsSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/),
  z.uuid(),
]);

export function encodeCursor(c: HandCursor): string {
  return Buffer.from(JSON.stringify([c.finishedAt, c.handId])).toString('base64url');
}

/** The cursor a client sent back, or SvaraError('validation_failed') for anything else. */
export function decodeCursor(text: string): HandCursor {
  try {
    if (text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('shape');
    const [finishedAt, handId] = partsSchema.parse(
      JSON.parse(Buffer.from(text, 'base64url').toString('utf8')),
    );
    return { finishedAt, handId };
  } catch {
    throw new SvaraError('validation_failed', 'cursor is not one this api gave');
  }
}
