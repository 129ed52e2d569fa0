/**
 * Whether the account may play now, and why not: an operator's suspension (the profile) or a
 * cool-off or self-exclusion in force (player protection). Both follow the server's account_state
 * pushes (session.ts), so every open tab changes together.
 */
import type { Profile, Protection } from '@svara/core';
import type { TFunction } from 'i18next';
import { useStore } from './store';
import { profile } from './session';
import { protection } from '../protection/store';
import { activeExclusion } from '../protection/format';
import { formatDate } from '../lib/dates';

export type AccountBlock = { kind: 'suspended' } | { kind: 'cool_off' | 'self_exclusion'; until: string };

export function accountBlock(
  me: Profile | null,
  p: Protection | null,
  now = Date.now(),
): AccountBlock | null {
  if (me?.suspension) return { kind: 'suspended' };
  const exclusion = activeExclusion(p, now);
  return exclusion ? { kind: exclusion.kind, until: exclusion.until } : null;
}

export function useAccountBlock(): AccountBlock | null {
  return accountBlock(useStore(profile), useStore(protection));
}

/** One sentence on why the player cannot sit down, create or enter a room (and until when). */
export function blockReason(block: AccountBlock, t: TFunction, language: string): string {
  if (block.kind === 'suspended') return t('errors.account_suspended');
  return t(`protection.notice.${block.kind}`, { date: formatDate(block.until, language) });
}
