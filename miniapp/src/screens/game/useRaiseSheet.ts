/**
 * The raise sheet belongs to the turn on which the player tapped Raise: it never opens by itself,
 * and closes when that turn ends (a move, the timer, a new hand), so a later turn starts without it.
 */
import { useCallback, useState } from 'react';
import type { GameState } from '@svara/core';

export function useRaiseSheet(state: GameState | null, onTurn: boolean) {
  const turn = state ? `${state.fairness.handNumber}:${state.turnStartTime}` : null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const open = onTurn && turn !== null && openedFor === turn;
  const show = useCallback(() => setOpenedFor(turn), [turn]);
  const close = useCallback(() => setOpenedFor(null), []);
  return { open, show, close };
}
