/** The lobby's room list: fetched once, then replaced by every socket `rooms` message (initial or update). */
import type { RoomSummary } from '@svara/core';
import { api } from '../api/http';
import { createStore } from './store';

export const roomList = createStore<{ rooms: RoomSummary[]; loaded: boolean }>({ rooms: [], loaded: false });

let watching = 0;
let off: (() => void) | null = null;

/** Starts following the list while a lobby is shown; returns the stop function. */
export function watchRooms(): () => void {
  watching += 1;
  if (watching === 1) {
    let stopped = false;
    off = () => {
      stopped = true;
    };
    void import('../api/realtime').then((rt) => {
      if (stopped) return;
      off = rt.onServerEvent('rooms', ({ rooms }) => roomList.set({ rooms, loaded: true }));
      rt.emit('request_rooms', undefined);
    });
    api
      .rooms()
      .then((rooms) => roomList.set((cur) => (cur.loaded ? cur : { rooms, loaded: true })))
      .catch((err: unknown) => {
        console.warn('[rooms] list failed', err);
        roomList.set((cur) => ({ ...cur, loaded: true }));
      });
  }
  return () => {
    watching -= 1;
    if (watching === 0) {
      off?.();
      off = null;
    }
  };
}
