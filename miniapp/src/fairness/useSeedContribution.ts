import { useCallback, useEffect } from 'react';
import { connectionStatus, emitWithAck } from '../api/realtime';
import { useStore } from '../app/store';
import { ownClientSeed, rememberSent, seedFor, sentSeedFor } from './client-seed';

/** Sends (once per seed) the player's contribution for the hand whose commitment is `commitment`. */
async function contribute(roomId: string, commitment: string): Promise<void> {
  const seed = seedFor(commitment);
  if (sentSeedFor(commitment) === seed) return;
  const ack = await emitWithAck('set_client_seed', { roomId, seed, commitment });
  if (ack.ok) rememberSent(commitment, seed);
}

/**
 * RULES §7, FAIRNESS.md §6: while the player is seated, their contribution goes to the table as soon
 * as the next hand's commitment is shown (`commitment`: the frame's `nextCommitment`), again when
 * they change their own seed before the deal, and after a reconnect if it was not taken. Returns
 * what to call just before sitting down, so the hand dealt as they sit has their contribution too.
 */
export function useSeedContribution(
  roomId: string,
  commitment: string | null,
  seated: boolean,
): () => Promise<void> {
  const own = useStore(ownClientSeed);
  const connection = useStore(connectionStatus);
  useEffect(() => {
    if (!seated || commitment === null || connection !== 'connected') return;
    void contribute(roomId, commitment);
  }, [roomId, commitment, seated, connection, own]);
  return useCallback(
    () => (commitment === null ? Promise.resolve() : contribute(roomId, commitment)),
    [roomId, commitment],
  );
}
