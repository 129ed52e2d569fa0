/**
 * What an action writes of its hand (pure): the state when a hand begins, ends or changes otherwise
 * outside a running row, and while the hand runs only the action, as its next step. hand-rebuild.ts
 * reads them back: the last state written whole, then its steps in order.
 */
import type { TableAction, TableState } from '@svara/core';
import { isRunning } from './hand-rebuild.js';
import type { HandRow, HandStatus } from './hand-store.js';
import type { MoneyPlan } from './ledger-plan.js';

/** The table's persisted row of its current hand: its status (null: none), and its steps so far. */
export type HandRowCursor = { rowStatus: HandStatus | null; steps: number };

export function handRows(
  row: HandRowCursor,
  before: TableState,
  after: TableState,
  plan: MoneyPlan,
  action: TableAction,
  now: number,
): HandRow[] {
  if (after.handNumber === 0) return [];
  const rows: HandRow[] = [];
  const newHand = after.handNumber !== before.handNumber;
  if (newHand && before.handNumber > 0 && row.rowStatus === 'running') {
    // A svara hand takes over the pot of the hand that tied: that hand is over now, as `before`.
    rows.push({ handNumber: before.handNumber, state: before, status: 'finished' });
  }
  const running = isRunning(after);
  if (newHand || row.rowStatus === 'running' || plan.transfers.length > 0) {
    if (!newHand && running && row.rowStatus === 'running') {
      rows.push({ handNumber: after.handNumber, step: { step: row.steps + 1, action, at: now } });
    } else {
      rows.push({
        handNumber: after.handNumber,
        state: after,
        status: running ? 'running' : 'finished',
        isNew: newHand || row.rowStatus === null,
      });
    }
  }
  return rows;
}
