/** Money on screens. Amounts arrive as dollars; arithmetic happens in cents (core/money). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomCurrency, UsdOptions } from '@svara/core';
import {
  formatAmountMinor,
  formatCents,
  formatPercent,
  formatUsdCents,
  formatUsdtCents,
} from '@svara/core/plain';

export type { UsdOptions } from '@svara/core';
export { CHIPS_SIGN, formatPercent, withChipsSign, withUsdSign } from '@svara/core/plain';

/**
 * The tightest spots of the table (a bet's label under its chips, a winner's "+amount"): shortened
 * from $1,000 ("$1.5K"), where the seats shorten from $10,000.
 */
export const TIGHT_SPOT: UsdOptions = { compact: true, compactFromCents: 1_000 * 100 };

/** Every dollar amount the player reads, in their language: core's formatUsdCents for dollars. */
export function formatUsd(dollars: number, lang: string, options: UsdOptions = {}): string {
  return formatUsdCents(toCents(dollars), lang, options);
}

/**
 * An amount in its room's unit: dollars, or play chips at a practice table (RULES §8), which come
 * over the wire like dollars (a chip is 1.00) and are written with their own sign, never "$".
 */
export function formatAmount(
  amount: number,
  currency: RoomCurrency,
  lang: string,
  options: UsdOptions = {},
): string {
  return formatAmountMinor(toCents(amount), currency, lang, options);
}

/** formatAmount for one room's unit in the language the app shows now. */
export function useFormatAmount(currency: RoomCurrency): (amount: number, options?: UsdOptions) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((amount, options) => formatAmount(amount, currency, lang, options), [currency, lang]);
}

/** A USDT amount (what a withdrawal pays out, a deposit minimum): en "1,016.55 USDT", ru "1 016,55 USDT". */
export function formatUsdt(amount: number, lang: string): string {
  return formatUsdtCents(toCents(amount), lang);
}

/** formatUsd in the language the app shows now; components re-render when it changes. */
export function useFormatUsd(): (dollars: number, options?: UsdOptions) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((dollars, options) => formatUsd(dollars, lang, options), [lang]);
}

/** formatPercent in the language the app shows now: en "1%", ru "1 %". */
export function useFormatPercent(): (percent: number) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback((percent) => formatPercent(percent, lang), [lang]);
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

/** Dollars from the wire to integer cents, rounding away float noise (12.34 → 1234). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Two decimals, no sign, a decimal point ("12.50"): the text an amount input is filled with (Max). */
export function formatMoney(dollars: number): string {
  return formatCents(toCents(dollars));
}
