/** The turn (SPEC §4 "Turn"): whose it is, the time left, and the one auto-fold request at zero. */
import { useEffect, useRef } from 'react';
import { TIMINGS, type GameState } from '@svara/core';
import { isViewerTurn, remainingMs } from '../../lib/table';
import { haptic } from '../../telegram/sdk';

export type Turn = {
  onTurn: boolean;
  current: GameState['players'][number] | undefined;
  /** Milliseconds left of the running turn (0 outside betting). */
  left: number;
  total: number;
};

export function useTurn(
  state: GameState | null,
  viewerId: string | null,
  pending: boolean,
  now: number,
  clockOffset: number,
  autoFold: () => void,
): Turn {
  const onTurn = state ? isViewerTurn(state, viewerId, pending) : false;
  const current =
    state && state.currentPlayerIndex >= 0 ? state.players[state.currentPlayerIndex] : undefined;
  const left =
    state && (state.status === 'blind_betting' || state.status === 'betting')
      ? remainingMs(state.deadline, now, clockOffset)
      : 0;
  const total =
    state?.deadline && state.turnStartTime ? state.deadline - state.turnStartTime : TIMINGS.turnMs;

  const foldSentFor = useRef<number | null>(null);
  useEffect(() => {
    if (!state || !onTurn || left > 0 || state.deadline === null) return;
    // The server folds on its own; the client only asks once per turn.
    if (foldSentFor.current === state.turnStartTime) return;
    foldSentFor.current = state.turnStartTime;
    autoFold();
  }, [state, onTurn, left, autoFold]);

  const turnKey = onTurn ? state?.turnStartTime : null;
  useEffect(() => {
    if (turnKey) haptic('tap');
  }, [turnKey]);

  return { onTurn, current, left, total };
}
