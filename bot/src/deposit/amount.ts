/**
 * The amount a player asks to deposit: a preset button or typed text ("15", "15.5", "15,50", "$20"),
 * in whole cents, between core's minimum deposit and a ceiling that keeps a typo from becoming an
 * invoice nobody meant.
 */
import { MIN_DEPOSIT_CENTS, type Cents } from '@svara/core';
import { z } from 'zod';

/** The largest deposit one invoice asks for: $10,000. */
export const MAX_DEPOSIT_CENTS: Cents = 1_000_000;
/** The preset buttons: $10, $25, $50, $100. */
export const PRESET_AMOUNTS_CENTS: readonly Cents[] = [1_000, 2_500, 5_000, 10_000];

export type AmountProblem = 'format' | 'precision' | 'below_minimum' | 'above_maximum';

/** "$ 1 015,50 usd" → "1015.50": the dollar sign, spaces and a decimal comma are how people type. */
function normalize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/usd$/, '')
    .replace(/[\s\u00a0\u202f$]/g, '')
    .replace(',', '.');
}

const problem = (code: AmountProblem) => ({ message: code });

export const depositAmountSchema = z
  .string()
  .max(40, problem('format'))
  .transform(normalize)
  .pipe(z.string().regex(/^\d{1,12}(\.\d+)?$/, problem('format')))
  .refine((text) => (text.split('.')[1] ?? '').length <= 2, problem('precision'))
  // Integer arithmetic on the digits: no float ever stands between the text and the cents.
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .pipe(
    z
      .number()
      .int()
      .min(MIN_DEPOSIT_CENTS, problem('below_minimum'))
      .max(MAX_DEPOSIT_CENTS, problem('above_maximum')),
  );

export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

/** A typed amount, or what is wrong with it (the first problem found). */
export function parseDepositAmount(text: string): ParsedAmount {
  const parsed = depositAmountSchema.safeParse(text);
  if (parsed.success) return { ok: true, cents: parsed.data };
  return { ok: false, problem: (parsed.error.issues[0]?.message ?? 'format') as AmountProblem };
}
