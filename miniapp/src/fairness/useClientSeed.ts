import { useEffect } from 'react';
import { connectionStatus, emitWithAck } from '../api/realtime';
import { useStore } from '../app/store';
import { clientSeed } from './client-seed';

/**
 * Sends the player's client seed to the table they are at (`atTable`: its state has arrived), before
 * they sit down — so it is in the first hand they are dealt — again when they change it, and after
 * every reconnect (a server that restarted has forgotten it). Call it before useSeating: effects run
 * in order, so the seed goes out ahead of sit_down.
 */
export function useClientSeed(roomId: string, atTable: boolean): void {
  const seed = useStore(clientSeed);
  const connection = useStore(connectionStatus);
  useEffect(() => {
    if (!atTable || connection !== 'connected' || !seed) return;
    void emitWithAck('set_client_seed', { roomId, seed });
  }, [roomId, atTable, seed, connection]);
}
