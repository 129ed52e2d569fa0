/**
 * Practice (RULES §8) in the app: the player's play chips, their top-up, and the public practice
 * tables. Chips are a unit of their own: they never join the dollar balance and are never written
 * with "$" (lib/money formatAmount with 'chips').
 */
import type { PracticeStatus, RoomSummary } from '@svara/core';
import { api } from '../api/http';
import { refusalText } from '../i18n';
import { toCents } from '../lib/money';
import { canAffordStake } from '../lib/validation';
import { showToast } from '../ui/toast';
import { createStore } from './store';

export const practiceStatus = createStore<PracticeStatus | null>(null);
export const practiceRooms = createStore<{ rooms: RoomSummary[]; loaded: boolean }>({
  rooms: [],
  loaded: false,
});

/** Reads the chips (the first read ever grants the first ones); a failure leaves what was shown. */
export async function loadPracticeStatus(): Promise<void> {
  try {
    practiceStatus.set(await api.practice());
  } catch (err) {
    showToast(refusalText(err, 'unknown_error'), 'error');
  }
}

export async function loadPracticeRooms(): Promise<void> {
  try {
    practiceRooms.set({ rooms: await api.practiceRooms(), loaded: true });
  } catch {
    // The next look (a few seconds on) tries again; the list stays as it was.
    practiceRooms.set((list) => ({ ...list, loaded: true }));
  }
}

/** Tops the chips up; a refusal (chips_topup_too_soon, a suspension) is told in the catalogue's words. */
export async function topUpChips(): Promise<boolean> {
  try {
    practiceStatus.set(await api.practiceTopUp());
    return true;
  } catch (err) {
    showToast(refusalText(err, 'unknown_error'), 'error');
    // The server's answer on when the next top-up comes may differ from the one shown.
    void loadPracticeStatus();
    return false;
  }
}

/** Too few chips to sit at the lowest practice table (10 stakes, RULES §6): the server tops up at once. */
export function shortOfChips(status: PracticeStatus): boolean {
  return !canAffordStake(status.chips, Math.min(...status.stakes));
}

/**
 * Whether Top up may be pressed at `now`: the interval has passed or the player is short of chips,
 * and the chips are under the grant. `waitUntil`: when it may be pressed again, to show instead.
 */
export function topUpState(
  status: PracticeStatus,
  now: number,
): { allowed: boolean; waitUntil: string | null } {
  const waiting = status.nextTopUpAt !== null && Date.parse(status.nextTopUpAt) > now;
  if (waiting && !shortOfChips(status)) return { allowed: false, waitUntil: status.nextTopUpAt };
  // A top-up brings the chips back to the grant: with as many or more there is nothing to add.
  return { allowed: toCents(status.chips) < toCents(status.grant), waitUntil: null };
}
