/**
 * Money inside Svara is integer cents. Dollars (JSON numbers with at most 2 decimals) exist only on
 * the wire and on screens; these helpers are the one place where the two meet (the zod side of it
 * is money-schema.ts, kept apart so screens can use the helpers without loading zod).
 */

/** An amount of US cents. Always a safe, non-fractional integer. */
export type Cents = number;

/** Largest amount we accept anywhere: 1e12 cents keeps every sum far from 2^53. */
export const MAX_CENTS = 1_000_000_000_000;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_CENTS;
}

/** True when a dollar amount has at most two decimals (checked on the decimal string, not with floats). */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const cents = Math.round(dollars * 100);
  // A float such as 0.1 + 0.2 is rejected; 19.99 (stored as 19.989999…) is accepted.
  return Math.abs(cents - dollars * 100) < 1e-6 * Math.max(1, Math.abs(dollars));
}

/** Converts a dollar amount with at most two decimals to cents; throws on anything else. */
export function dollarsToCents(dollars: number): Cents {
  if (!hasAtMostTwoDecimals(dollars)) throw new RangeError(`not a dollar amount: ${dollars}`);
  const cents = Math.round(dollars * 100);
  if (!isCents(cents)) throw new RangeError(`amount out of range: ${dollars}`);
  return cents;
}

/** Cents to dollars for the wire: 1234 → 12.34. Exact for every integer cent amount. */
export function centsToDollars(cents: Cents): number {
  if (!isCents(cents)) throw new RangeError(`not an amount of cents: ${cents}`);
  return cents / 100;
}

/** Parses a user-typed decimal string ("12", "12.5", "12.50") to cents, or null if malformed. */
export function parseDollarString(text: string): Cents | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + frac;
}

/** Cents as "12.34" (two decimals, a point, no sign): the text an amount input is filled with. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Share of `cents` at `basisPoints` (1/100 of a percent), rounded down to the cent. */
export function shareRoundedDown(cents: Cents, basisPoints: number): Cents {
  return Math.floor((cents * basisPoints) / 10_000);
}
