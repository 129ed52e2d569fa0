/** Money on screens. Amounts arrive as dollars; arithmetic happens in cents (core/money). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatCentsTrimmed } from '@svara/core';

/**
 * How cents show: `always` two decimals ("$10.00": balances, wallet amounts); `auto` two decimals
 * only when there are cents ("$10", "$10.50": stakes); `trim` drops trailing zeros ("$10.5").
 */
export type CentsStyle = 'always' | 'auto' | 'trim';

/** A non-breaking space: an amount never wraps between its digits or away from its sign. */
const NBSP = '\u00a0';

/**
 * Every dollar amount the player reads, in their language: en "$1,016.55", ru "1 016,55 $"
 * (non-breaking spaces, decimal comma, the sign after the number as Russian writes it). Any
 * language but English reads as Russian, the app's default.
 */
export function formatUsd(
  dollars: number,
  lang: string,
  { cents = 'always' }: { cents?: CentsStyle } = {},
): string {
  const total = toCents(dollars);
  const negative = total < 0;
  const abs = Math.abs(total);
  const en = lang === 'en';
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
export function useFormatUsd(): (dollars: number, options?: { cents?: CentsStyle }) => string {
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

/** Table money: trailing zeros trimmed ("12", "12.5", "12.34"). */
export function formatTableMoney(dollars: number): string {
  return formatCentsTrimmed(toCents(dollars));
}

/** Short table money for tight spots: 1.5K, 12K, 1.2M; below 10,000 the trimmed amount. */
export function formatCompactMoney(dollars: number): string {
  const abs = Math.abs(dollars);
  if (abs < 10_000) return formatTableMoney(dollars);
  const [value, unit] = abs >= 1_000_000 ? [dollars / 1_000_000, 'M'] : [dollars / 1_000, 'K'];
  const rounded = Math.floor(Math.abs(value) * 10) / 10;
  return `${value < 0 ? '-' : ''}${String(rounded).replace(/\.0$/, '')}${unit}`;
}
