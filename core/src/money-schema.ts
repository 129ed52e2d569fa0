/** Dollars on the wire as zod schemas; the conversion itself lives in money.ts. */
import { z } from 'zod';
import { MAX_CENTS, hasAtMostTwoDecimals } from './money.js';

/** Zod: a non-negative dollar amount on the wire (number, at most 2 decimals). */
export const dollarAmountSchema = z
  .number()
  .finite()
  .nonnegative()
  .max(MAX_CENTS / 100)
  .refine(hasAtMostTwoDecimals, { message: 'at most 2 decimals' });

/** Zod: a dollar amount on the wire, transformed to cents. */
export const centsFromDollarsSchema = dollarAmountSchema.transform((d) => Math.round(d * 100));
