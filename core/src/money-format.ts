/**
 * Every dollar amount and percentage a player reads — in the Mini App, the bot's messages, the
 * api's notices — in their language. The shapes (SPEC §1: dollars with 2 decimals):
 *
 *   en  "$1,016.55"    "-$9.90"    "$12.3K" (compact)    "1%"   "2.5%"
 *   ru  "1 016,55 $"   "-9,90 $"   "12,3K $" (compact)   "1 %"  "2,5 %"
 *
 * Russian groups thousands with non-breaking spaces, writes a decimal comma and puts the sign after
 * the number, separated by a non-breaking space, as it does "%". Any language but English reads as
 * Russian, the product's default. An amount always carries its two decimals ("$910.00"); only the
 * compact form of tight spots at the table drops them, from $10,000. Kept apart from zod, so
 * screens load it without the schemas.
 */
import type { Cents } from './money.js';
import type { RoomCurrency } from './protocol/currency.js';

/**
 * How an amount is written: `compact` for tight spots at the table (seats, bets), from $10,000 or
 * from `compactFromCents` (a bet's label under its chips is narrower still).
 */
export type UsdOptions = { compact?: boolean; compactFromCents?: Cents };

/** A non-breaking space: an amount never wraps between its digits or away from its sign. */
export const NBSP = '\u00a0';
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
  { compact = false, compactFromCents = COMPACT_FROM_CENTS }: UsdOptions = {},
): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const en = language === 'en';
  const sign = negative ? '-' : '';
  if (compact && abs >= Math.max(compactFromCents, 1_000 * 100)) {
    const [unit, size] = abs >= 1_000_000 * 100 ? ['M', 1_000_000 * 100] : ['K', 1_000 * 100];
    const tenths = Math.floor((abs * 10) / size);
    const decimal = tenths % 10 ? `${en ? '.' : ','}${tenths % 10}` : '';
    return sign + withUsdSign(`${Math.floor(tenths / 10)}${decimal}${unit}`, language);
  }
  const whole = groupDigits(String(Math.floor(abs / 100)), en ? ',' : NBSP);
  const fraction = String(abs % 100).padStart(2, '0');
  return sign + withUsdSign(`${whole}${en ? '.' : ','}${fraction}`, language);
}

/**
 * The play chips' own sign (RULES §8): never "$", so a practice amount can never be read as money.
 * A bullseye, like a chip seen from above; every font the app and Telegram use has it.
 */
export const CHIPS_SIGN = '\u25ce';

/** The chips' sign on a number already written: en "◎1,250", ru "1 250 ◎" (like the dollar's). */
export function withChipsSign(number: string, language: string): string {
  return language === 'en' ? `${CHIPS_SIGN}${number}` : `${number}${NBSP}${CHIPS_SIGN}`;
}

/**
 * Play chips, counted like cents (100 minor units a chip), written for `language`: whole chips
 * without decimals ("◎1,250", "1 250 ◎"), a fraction (the house's 5 % of an odd pot) with two
 * ("◎12.50"); `compact` shortens as dollars do ("◎12.3K").
 */
export function formatChipsMinor(minor: number, language: string, options: UsdOptions = {}): string {
  const usd = formatUsdCents(minor, language, options);
  const en = language === 'en';
  const negative = usd.startsWith('-');
  const bare = en ? usd.replace('$', '') : usd.slice(0, -2);
  const number = bare.replace(/^-/, '');
  const trimmed = minor % 100 === 0 ? number.replace(/[.,]00$/, '') : number;
  return (negative ? '-' : '') + withChipsSign(trimmed, language);
}

/** An amount in its room's unit: dollars (formatUsdCents) or play chips (formatChipsMinor). */
export function formatAmountMinor(
  minor: number,
  currency: RoomCurrency,
  language: string,
  options: UsdOptions = {},
): string {
  return currency === 'chips'
    ? formatChipsMinor(minor, language, options)
    : formatUsdCents(minor, language, options);
}

/** An amount of USDT (what a withdrawal pays out): en "1,016.55 USDT", ru "1 016,55 USDT". */
export function formatUsdtCents(cents: Cents, language: string): string {
  const usd = formatUsdCents(cents, language);
  const number = language === 'en' ? usd.replace('$', '') : usd.slice(0, -2);
  return `${number}${NBSP}USDT`;
}

/**
 * A percentage (up to two decimals, trailing zeros dropped): en "1%", "2.5%"; ru "1 %", "2,5 %"
 * (Russian sets the sign apart, with a non-breaking space).
 */
export function formatPercent(percent: number, language: string): string {
  const en = language === 'en';
  const number = String(Math.round(percent * 100) / 100);
  return en ? `${number}%` : `${number.replace('.', ',')}${NBSP}%`;
}
