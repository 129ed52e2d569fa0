/** Money on screens. Amounts arrive as dollars; arithmetic happens in cents (core/money). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@svara/core';

/**
 * How cents show: `always` two decimals ("$10.00": balances, wallet amounts); `auto` two decimals
 * only when there are cents ("$10", "$10.50": stakes); `trim` drops trailing zeros ("$10.5").
 */
export type CentsStyle = 'always' | 'auto' | 'trim';

/** A non-breaking space: an amount never wraps between its digits or away from its sign. */
const NBSP = '\u00a0';

/** How an amount is written: its cents, and `compact` for tight spots at the table (seats, bets). */
export type UsdOptions = { cents?: CentsStyle; compact?: boolean };

/** From this many dollars a compact amount is written in thousands or millions ("$12.3K"). */
const COMPACT_FROM = 10_000;

/**
 * Every dollar amount the player reads, in their language: en "$1,016.55", ru "1 016,55 $"
 * (non-breaking spaces, decimal comma, the sign after the number as Russian writes it). Any
 * language but English reads as Russian, the app's default. With `compact`, amounts from 10,000
 * are shortened to one decimal, rounded down: en "$12.3K", "$1M", ru "12,3K $".
 */
export function formatUsd(
  dollars: number,
  lang: string,
  { cents = 'always', compact = false }: UsdOptions = {},
): string {
  const total = toCents(dollars);
  const negative = total < 0;
  const abs = Math.abs(total);
  const en = lang === 'en';
  if (compact && abs >= COMPACT_FROM * 100) {
    const [unit, size] = abs >= 1_000_000 * 100 ? ['M', 1_000_000 * 100] : ['K', 1_000 * 100];
    const tenths = Math.floor((abs * 10) / size);
    const number = `${Math.floor(tenths / 10)}${tenths % 10 ? `${en ? '.' : ','}${tenths % 10}` : ''}${unit}`;
    return (negative ? '-' : '') + withUsdSign(number, lang);
  }
  const whole = groupDigits(String(Math.floor(abs / 100)), en ? ',' : NBSP);
  let fraction = String(abs % 100).padStart(2, '0');
  if (cents === 'trim') fraction = fraction.replace(/0+$/, '');
  if (cents === 'auto' && fraction === '00') fraction = '';
  const number = fraction ? `${whole}${en ? '.' : ','}${fraction}` : whole;
  return (negative ? '-' : '') + withUsdSign(number, lang);
}

/** A USDT amount (what a withdrawal pays out, a deposit minimum): en "1,016.55 USDT", ru "1 016,55 USDT". */
export function formatUsdt(amount: number, lang: string, options: { cents?: CentsStyle } = {}): string {
  const usd = formatUsd(amount, lang, options);
  const number = lang === 'en' ? usd.replace('$', '') : usd.slice(0, -2);
  return `${number}${NBSP}USDT`;
}

/** The dollar sign on a number already written ("1K"): en "$1K", ru "1K $". */
export function withUsdSign(number: string, lang: string): string {
  return lang === 'en' ? `$${number}` : `${number}${NBSP}$`;
}

/** formatUsd in the language the app shows now; components re-render when it changes. */
export function useFormatUsd(): (dollars: number, options?: UsdOptions) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((dollars, options) => formatUsd(dollars, lang, options), [lang]);
}

/**
 * The lobby header balance in pieces, so the whole part can be large and the cents small:
 * en "$" "1,016" ".55" "", ru "" "1 016" ",55" " $" (always two decimals).
 */
export function usdParts(
  dollars: number,
  lang: string,
): { prefix: string; whole: string; fraction: string; suffix: string } {
  const text = formatUsd(dollars, lang);
  const m = /^(-?\$?)([\d,\u00a0]+)([.,]\d\d)(\u00a0\$)?$/.exec(text)!;
  return { prefix: m[1]!, whole: m[2]!, fraction: m[3]!, suffix: m[4] ?? '' };
}

function groupDigits(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Dollars from the wire to integer cents, rounding away float noise (12.34 → 1234). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Two decimals, no sign, a decimal point ("12.50"): the text an amount input is filled with (Max). */
export function formatMoney(dollars: number): string {
  return formatCents(toCents(dollars));
}
