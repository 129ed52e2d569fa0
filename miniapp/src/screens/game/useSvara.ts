/** The svara flow (SPEC §4 "Svara flow"): 3 s intro, then the join dialog with its countdown. */
import { useCallback, useEffect, useState } from 'react';
import { TIMINGS, type GameActionName, type GameState } from '@svara/core';
import { remainingMs } from '../../lib/table';

type SvaraView = { key: string; introUntil: number; closed: boolean; decided: boolean };

export function useSvara(
  state: GameState | null,
  viewerId: string | null,
  seated: boolean,
  now: number,
  clockOffset: number,
  act: (action: GameActionName, amount?: number) => unknown,
) {
  const svaraKey = state?.status === 'svara_pending' ? `${state.fairness.handNumber}` : null;
  const [svara, setSvara] = useState<SvaraView | null>(null);
  useEffect(() => {
    if (svaraKey && svara?.key !== svaraKey)
      setSvara({
        key: svaraKey,
        introUntil: Date.now() + TIMINGS.svaraIntroMs,
        closed: false,
        decided: false,
      });
    if (!svaraKey && svara) setSvara(null);
  }, [svaraKey, svara]);
  const secondsLeft =
    state?.status === 'svara_pending' ? Math.ceil(remainingMs(state.deadline, now, clockOffset) / 1000) : 0;
  const decided = Boolean(svara?.decided || (viewerId && state?.svaraConfirmed.includes(viewerId)));
  const canChoose = Boolean(
    state?.allowedActions?.joinSvara && viewerId && !state.svaraTied.includes(viewerId) && !decided,
  );
  const decide = useCallback(
    (join: boolean) => {
      setSvara((s) => (s ? { ...s, decided: true, closed: !join } : s));
      void act(
        join ? 'join_svara' : 'skip_svara',
        join ? state?.allowedActions?.joinSvara?.amount : undefined,
      );
    },
    [act, state],
  );
  useEffect(() => {
    // At zero the undecided player skips.
    if (svara && !svara.decided && canChoose && now > svara.introUntil && secondsLeft <= 0 && state?.deadline)
      decide(false);
  }, [svara, canChoose, secondsLeft, now, state, decide]);

  const showIntro = svara !== null && now < svara.introUntil;
  const showDialog =
    svara !== null &&
    !showIntro &&
    !svara.closed &&
    seated &&
    viewerId !== null &&
    state?.status === 'svara_pending';
  const close = useCallback(() => setSvara((s) => (s ? { ...s, closed: true } : s)), []);
  return { showIntro, showDialog, secondsLeft: Math.max(0, secondsLeft), decided, decide, close };
}
