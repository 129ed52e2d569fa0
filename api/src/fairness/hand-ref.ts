/**
 * How a hand is named in a verify link: its id (hands.id), or `<roomId>-<handNumber>`, which a table
 * frame knows (the frame has no hand id) and which names the same hand.
 */
import { z } from 'zod';

export type HandRef = { handId: string } | { roomId: string; handNumber: number };

const ROOM_HAND = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,9})$/i;

export const handRefSchema = z
  .string()
  .max(60)
  .transform((text, ctx): HandRef => {
    const uuid = z.uuid().safeParse(text);
    if (uuid.success) return { handId: uuid.data.toLowerCase() };
    const m = ROOM_HAND.exec(text);
    const n = m ? Number(m[2]) : 0;
    if (m && n >= 1) return { roomId: m[1]!.toLowerCase(), handNumber: n };
    ctx.addIssue({ code: 'custom', message: 'a hand id, or <roomId>-<handNumber>' });
    return z.NEVER;
  });
