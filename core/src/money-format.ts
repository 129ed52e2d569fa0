/**
 * Every dollar amount a player reads — in the Mini App, the bot's messages, the api's notices — in
 * their language: en "$1,016.55", ru "1 016,55 $" (non-breaking spaces, a decimal comma, the sign
 * after the number as Russian writes it). Any language but English reads as Russian, the product's
 * default. Kept apart from zod, so screens load it without the schemas.
 */
import type { Cents } from './money.js';

/**
 * How cents show: `always` two decimals ("$10.00": balances, wallet amounts); `auto` two decimals
 * only when there are cents ("$10", "$10.50": stakes); `trim` drops trailing zeros ("$10.5": the
 * table).
 */
export type CentsStyle = 'always' | 'auto' | 'trim';

/** How an amount is written: its cents, and `compact` for tight spots at the table (seats, bets). */
export type UsdOptions = { cents?: CentsStyle; compact?: boolean };

/** A non-breaking space: an amount never wraps between its digits or away from its sign. */
const NBSP = '\u00a0';
/** From this many dollars a compact amount is written in thousands or millions ("$12.3K"). */
const COMPACT_FROM_CENTS = 10_000 * 100;

/** The dollar sign on a number already written ("1K"): en "$1K", ru "1K $". */
export function withUsdSign(number: string, language: string): string {
  return language === 'en' ? `$${number}` : `${number}${NBSP}$`;
}

function groupDigits(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * `cents` written for `language` (see the module's comment). With `compact`, amounts from $10,000
 * are shortened to one decimal, rounded down: en "$12.3K", "$1M", ru "12,3K $".
 */
export function formatUsdCents(
  cents: Cents,
  language: string,
  { cents: style = 'always', compact = false }: UsdOptions = {},
): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const en = language === 'en';
  const sign = negative ? '-' : '';
  if (compact && abs >= COMPACT_FROM_CENTS) {
    const [unit, size] = abs >= 1_000_000 * 100 ? ['M', 1_000_000 * 100] : ['K', 1_000 * 100];
    const tenths = Math.floor((abs * 10) / size);
    const decimal = tenths % 10 ? `${en ? '.' : ','}${tenths % 10}` : '';
    return sign + withUsdSign(`${Math.floor(tenths / 10)}${decimal}${unit}`, language);
  }
  const whole = groupDigits(String(Math.floor(abs / 100)), en ? ',' : NBSP);
  let fraction = String(abs % 100).padStart(2, '0');
  if (style === 'trim') fraction = fraction.replace(/0+$/, '');
  if (style === 'auto' && fraction === '00') fraction = '';
  return sign + withUsdSign(fraction ? `${whole}${en ? '.' : ','}${fraction}` : whole, language);
}
