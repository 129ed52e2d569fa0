/** Cards on the wire as zod schemas. */
import { z } from 'zod';
import { RANKS, SUITS } from './cards.js';

export const rankSchema = z.enum(RANKS);
export const suitSchema = z.enum(SUITS);
export const cardSchema = z.object({ rank: rankSchema, suit: suitSchema });
