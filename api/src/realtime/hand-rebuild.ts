/**
 * Rebuilding a running hand from what the hand store kept of it (pure): its state when the row was
 * last written whole, then each step applied in order through the reducer the runtime uses, with
 * the step's own clock. The steps were made by that reducer from those states, so they apply again
 * exactly. Any doubt ends the rebuild with a reason, and the caller voids the hand instead
 * (void-plan.ts): a gap in the numbering, a step the reducer refuses, a hand that is over or is not
 * the one on record, or a pot that is not what the ledger holds in the hand's escrow.
 */
import { applyAction, type TableState } from '@svara/core';
import type { HandStep } from './hand-store.js';

export type StoredHand = { roomId: string; handNumber: number; state: TableState; steps: HandStep[] };

export type Rebuilt =
  | { ok: true; state: TableState; steps: number }
  /** `reached`: the state after the last step that applied, which the void shares the escrow by. */
  | { ok: false; reason: string; reached: TableState };

const IN_PLAY = new Set(['blind_betting', 'betting', 'svara_pending']);

/** A hand with money on the table or play going on: its row stays 'running'. */
export function isRunning(state: TableState): boolean {
  return state.pot > 0 || IN_PLAY.has(state.status);
}

/** The hand as it was after its last stored step; `escrowBalance` is what the ledger holds for it. */
export function rebuildHand(stored: StoredHand, escrowBalance: number): Rebuilt {
  let state = stored.state;
  const fail = (reason: string): Rebuilt => ({ ok: false, reason, reached: state });
  if (state.roomId !== stored.roomId) return fail(`the stored state is of room ${state.roomId}`);
  if (state.handNumber !== stored.handNumber) return fail(`the stored state is of hand ${state.handNumber}`);
  for (const [i, s] of stored.steps.entries()) {
    if (s.step !== i + 1) return fail(`step ${i + 1} is missing (found step ${s.step})`);
    let r: ReturnType<typeof applyAction>;
    try {
      r = applyAction(state, s.action, s.at);
    } catch (error) {
      // The reducer throws only when the table's own invariants break: that state is not played on.
      return fail(`step ${s.step} (${s.action.type}) broke the table: ${(error as Error).message}`);
    }
    if (!r.ok) return fail(`step ${s.step} (${s.action.type}) is refused: ${r.error.code}`);
    state = r.state;
  }
  if (state.handNumber !== stored.handNumber) return fail(`the steps dealt hand ${state.handNumber}`);
  if (!isRunning(state)) return fail(`the hand is over after its steps (${state.status})`);
  if (escrowBalance !== state.pot) {
    return fail(`the escrow holds ${escrowBalance} cents, the rebuilt pot ${state.pot}`);
  }
  return { ok: true, state, steps: stored.steps.length };
}
