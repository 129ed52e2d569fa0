/** Texts shared by the protection screens: the active break, a refused deposit's remaining amount. */
import type { Protection } from '@svara/core';
import { ApiError } from '../api/http';
import { i18n } from '../i18n';
import { formatUsd } from '../lib/money';

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
