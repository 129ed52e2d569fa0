/** Display phases (SPEC §4): the deal animation of a new hand and the finished timeline. */
import { useEffect, useRef, useState } from 'react';
import { TIMINGS, type GameState } from '@svara/core';
import { dealDelays, dealingOrder, finishedPhase, remainingMs } from '../../lib/table';

export function useDisplayPhases(state: GameState | null, now: number, clockOffset: number) {
  const seenHand = useRef<number | null>(null);
  const [deal, setDeal] = useState<{ hand: number; delays: Record<string, number[]>; until: number } | null>(
    null,
  );
  useEffect(() => {
    if (!state) return;
    const hand = state.fairness.handNumber;
    const first = seenHand.current === null;
    if (hand === seenHand.current) return;
    seenHand.current = hand;
    const fresh = state.status === 'ante' || (!first && state.status === 'blind_betting');
    if (!fresh) return;
    const order = dealingOrder(state.players);
    setDeal({
      hand,
      delays: dealDelays(order, TIMINGS.dealDelayMs),
      until: Date.now() + order.length * 3 * TIMINGS.dealDelayMs + 500,
    });
  }, [state]);
  const dealing = deal && now < deal.until ? deal.delays : null;

  const finishedElapsed =
    state?.status === 'finished'
      ? state.deadline
        ? TIMINGS.resultDisplayMs - remainingMs(state.deadline, now, clockOffset)
        : TIMINGS.resultDisplayMs
      : null;
  const finished = finishedElapsed === null ? null : finishedPhase(finishedElapsed);
  return { dealing, finished };
}
