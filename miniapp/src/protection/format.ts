/** Texts shared by the protection screens: dates, the active break, a refused deposit's remaining amount. */
import type { Protection } from '@svara/core';
import { ApiError } from '../api/http';
import { i18n } from '../i18n';
import { formatUsd } from '../lib/money';

/** A date and time in the player's language ("27 Nov 2026, 14:00" / "27 нояб. 2026 г., 14:00"). */
export function formatWhen(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A day, week or month's start as a label ("26 Nov 2026"; "November 2026" for months). */
export function formatPeriodStart(iso: string, period: 'day' | 'week' | 'month', lang: string): string {
  const locale = lang === 'en' ? 'en-GB' : 'ru-RU';
  const options: Intl.DateTimeFormatOptions =
    period === 'month'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
}

/** The cool-off or self-exclusion in force at `now`, or null. */
export function activeExclusion(p: Protection | null, now = Date.now()): Protection['exclusion'] {
  const e = p?.exclusion ?? null;
  return e && Date.parse(e.until) > now ? e : null;
}

/**
 * The text for a deposit (address or invoice) refused over the player's own limit, with what may
 * still be deposited; null for any other refusal.
 */
export function depositLimitText(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'deposit_limit_exceeded') return null;
  const body = err.body as { remaining?: unknown } | undefined;
  const remaining = typeof body?.remaining === 'number' ? body.remaining : null;
  if (remaining === null) return err.message || i18n.t('protection.depositRefusedNone');
  if (remaining <= 0) return i18n.t('protection.depositRefusedNone');
  return i18n.t('protection.depositRefused', { amount: formatUsd(remaining, i18n.language) });
}
