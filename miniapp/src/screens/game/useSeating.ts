/** Sitting down (SPEC §4 "Auto-sit", §5 "Sitting down"): the first free seat or a chosen one. */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ack, GameState, Profile } from '@svara/core';
import { firstFreePosition } from '../../lib/table';
import { canAffordStake } from '../../lib/validation';
import { errorText } from '../../i18n';
import { haptic } from '../../telegram/sdk';
import { showToast } from '../../ui/toast';

export function useSeating(
  state: GameState | null,
  me: Profile | null,
  autoSit: boolean,
  sitDown: (
    position: number | undefined,
    userData: { username: string | null; avatar: string | null },
  ) => Promise<Ack>,
) {
  const { t } = useTranslation();
  const sit = useCallback(
    async (position: number | null) => {
      if (!state || !me) return;
      // The profile's balance is in dollars; a practice table is paid in chips (RULES §8), which the
      // server checks itself.
      if (state.currency === 'usd' && !canAffordStake(me.balance, state.minBet)) {
        showToast(t('errors.insufficientBalance'), 'error');
        return;
      }
      const pos = position ?? firstFreePosition(state.players);
      if (pos === null) return showToast(t('errors.room_full'), 'error');
      const ack = await sitDown(pos, { username: me.username ?? me.firstName, avatar: me.avatar });
      if (ack.ok) haptic('success');
      else if (ack.code !== 'network_error') showToast(errorText(ack.code, ack.message), 'error');
    },
    [state, me, sitDown, t],
  );

  // Enter and create seat the player once. An invitation arrives with autoSit off: the player
  // watches first and sits down (paying the next ante) only by tapping the sit-down button.
  const sitTried = useRef(false);
  useEffect(() => {
    if (!autoSit || sitTried.current || !state || !me) return;
    sitTried.current = true;
    if (!state.players.some((p) => p.id === me.telegramId)) void sit(null);
  }, [autoSit, state, me, sit]);

  return sit;
}
