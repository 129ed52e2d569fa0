/** Money on screens. Amounts arrive as dollars; arithmetic happens in cents (core/money). */
import { formatCents, formatCentsTrimmed } from '@svara/core';

/** Dollars from the wire to integer cents, rounding away float noise (12.34 → 1234). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The lobby header balance: the whole part large, the cents small ("1 234" and "05"). */
export function balanceParts(dollars: number): { whole: string; cents: string } {
  const [whole, cents] = formatCents(toCents(dollars)).split('.') as [string, string];
  return { whole: groupThousands(whole), cents };
}

/** Two decimals always ("12.50"). */
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

function groupThousands(whole: string): string {
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}
