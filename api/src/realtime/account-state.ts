/**
 * What an account may do now, as the `account_state` socket event carries it (core's
 * accountStateSchema): an operator's suspension and a cool-off or self-exclusion in force. Sent to
 * every socket of the player when either changes, and to each socket as it connects, so every open
 * tab (the lobby as well as the table) follows at once instead of at its next refusal.
 */
import type { AccountState } from '@svara/core';
import type { ProtectionService } from '../protection/protection.js';
import type { Suspension } from '../users/suspension.js';

export type AccountStateSources = {
  suspension: Pick<Suspension, 'status'>;
  protection?: Pick<ProtectionService, 'exclusion'>;
};

export async function readAccountState(sources: AccountStateSources, userId: string): Promise<AccountState> {
  const [suspended, excluded] = await Promise.all([
    sources.suspension.status(userId),
    sources.protection?.exclusion(userId) ?? null,
  ]);
  return {
    suspension: suspended ? { reason: suspended.reason, since: suspended.suspendedAt.toISOString() } : null,
    exclusion: excluded ? { kind: excluded.kind, until: excluded.until.toISOString() } : null,
  };
}
