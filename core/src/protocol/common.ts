import { z } from 'zod';

/** Telegram user ids travel as decimal strings (they can exceed 32 bits). Numbers are accepted on input. */
export const telegramIdSchema = z
  .union([z.string().regex(/^\d{1,20}$/), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v));

/** Room ids are UUIDs; the screens show the first 8 characters. */
export const roomIdSchema = z.string().uuid();

/** How many leading characters of a room id the screens show (the "room number"). */
export const ROOM_ID_PREFIX_LENGTH = 8;
/**
 * What GET /rooms/{id} and POST /rooms/{id}/join take: the full id, or the 8 characters shown, which
 * name an open room when exactly one open room's id starts with them (else room_id_ambiguous).
 */
export const roomRefSchema = z.union([roomIdSchema, z.string().regex(/^[0-9a-fA-F]{8}$/)]);

export const roomTypeSchema = z.enum(['public', 'private']);
export type RoomType = z.infer<typeof roomTypeSchema>;

/** Room passwords: digits only, at least 6 (SPEC §5). */
export const roomPasswordSchema = z.string().regex(/^\d+$/, 'digits only').min(6).max(32);

export const currencySchema = z.enum(['USDTTON', 'TON']);
export type Currency = z.infer<typeof currencySchema>;

/** `{code, message}`: the body of every refused request and of the socket `error` event. */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
