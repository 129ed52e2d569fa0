/**
 * Players the runtime stands up for reasons the table itself does not know of: a suspended account
 * (users/suspension.ts) or player protection (a limit reached, a cool-off or self-exclusion). They
 * are flagged on the table, and stood up once no hand is in play; a hand in progress is played out.
 */
import type { StoodUpCode } from '@svara/core';
import type { Table, TableRuntimeDeps } from './table-types.js';

/** Asks, before a deal, which seated players must go; flags them on the table. True when any. */
export async function flagStandUps(
  table: Table,
  deps: Pick<TableRuntimeDeps, 'suspension' | 'protection'>,
): Promise<boolean> {
  const seated = table.state.seats.map((s) => s.playerId);
  if (seated.length === 0) return false;
  const { suspended, blocked } =
    deps.suspension && deps.protection?.standUpsAmong
      ? await deps.protection.standUpsAmong(seated)
      : await Promise.all([
          deps.suspension ? deps.suspension.suspendedAmong(seated) : [],
          deps.protection ? deps.protection.blockedAmong(seated) : new Map<string, StoodUpCode>(),
        ]).then(([suspended, blocked]) => ({ suspended, blocked }));
  for (const id of suspended) table.suspended.add(id);
  for (const [id, code] of blocked) table.blocked.set(id, code);
  return suspended.length > 0 || blocked.size > 0;
}

/**
 * The flagged players still seated, each with what they are told, in the order they go (protection
 * first; a suspended player is told of the suspension); the flags are cleared.
 */
export function takeStandUps(table: Table): { userId: string; code: StoodUpCode }[] {
  const seated = new Set(table.state.seats.map((s) => s.playerId));
  const due: { userId: string; code: StoodUpCode }[] = [];
  for (const [userId, code] of table.blocked) {
    if (!table.suspended.has(userId) && seated.has(userId)) due.push({ userId, code });
  }
  for (const userId of table.suspended) {
    if (seated.has(userId)) due.push({ userId, code: 'account_suspended' });
  }
  table.blocked.clear();
  table.suspended.clear();
  return due;
}
