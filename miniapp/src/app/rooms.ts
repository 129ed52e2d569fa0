/**
 * The lobby's room list: one page of the view the lobby shows (filters, page), followed over the
 * socket — `request_rooms` with the view, then the server's initial page and diffs
 * (lib/lobby-feed.ts). Asked again on every (re)connection and whenever the view changes.
 */
import type { LobbyView } from '@svara/core';
import { lobbyViewKey } from '@svara/core/plain';
import { applyRoomsMessage, emptyRooms, type RoomsState } from '../lib/lobby-feed';
import type * as Realtime from '../api/realtime';
import { createStore } from './store';

export const roomList = createStore<RoomsState>(emptyRooms);

let watching = 0;
let off: (() => void) | null = null;
let wanted: { view: LobbyView; key: string } | null = null;
let realtime: typeof Realtime | null = null;

function request(): void {
  if (realtime && wanted && watching > 0) realtime.emit('request_rooms', wanted.view);
}

/** Shows `view` from now on: asks the server for it (unless it is the one already asked for). */
export function setRoomsView(view: LobbyView): void {
  const key = lobbyViewKey(view);
  if (wanted?.key === key) return;
  wanted = { view, key };
  request();
}

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
      realtime = rt;
      const offRooms = rt.onServerEvent('rooms', (message) => {
        if (!wanted) return;
        const { state, resync } = applyRoomsMessage(roomList.get(), message, wanted.key);
        roomList.set(state);
        if (resync) request();
      });
      // A new connection is a new socket on the server: it follows nothing until asked.
      const offConnect = rt.onSocket('connect', request);
      off = () => {
        offRooms();
        offConnect();
      };
      request();
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
