/**
 * What a room plays for: dollars, or play chips at a practice table (RULES §8). The two never mix:
 * separate ledger accounts, and every dollar figure leaves chips out.
 */
import { z } from 'zod';

export const ROOM_CURRENCIES = ['usd', 'chips'] as const;
export const roomCurrencySchema = z.enum(ROOM_CURRENCIES);
export type RoomCurrency = z.infer<typeof roomCurrencySchema>;
