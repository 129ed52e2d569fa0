/**
 * Start-up and the signed-in session (SPEC §4 "Sign-in"): Telegram launch → /auth/login with the raw
 * init data and start payload → profile → realtime. Balance events keep the profile current.
 */
import { parseStartPayload, type Profile } from '@svara/core';
import { ApiError, api } from '../api/http';
import type { BalanceEventDetail } from '../api/realtime';
import { LaunchError, initTelegramSdk, readLaunch, type Launch } from '../telegram/sdk';
import { createStore } from './store';

export type Phase =
  { name: 'starting' } | { name: 'ready' } | { name: 'devPicker' } | { name: 'error'; code: string };

export const phase = createStore<Phase>({ name: 'starting' });
export const profile = createStore<Profile | null>(null);
export let launch: Launch | null = null;

/** The room a `join_{roomId}_{referrerId}` start payload asks to open, consumed once. */
export let startRoomId: string | null = null;
export function takeStartRoom(): string | null {
  const id = startRoomId;
  startRoomId = null;
  return id;
}

export async function bootstrap(): Promise<void> {
  try {
    launch = await readLaunch();
  } catch (err) {
    if (err instanceof LaunchError && err.code === 'dev_pick_user') return phase.set({ name: 'devPicker' });
    return phase.set({ name: 'error', code: err instanceof LaunchError ? err.code : 'sdk_init_failed' });
  }
  // Sign in right away; the SDK starts while the request is on its way.
  const login = api.login(launch.initDataRaw, launch.startParam);
  login.catch(() => undefined);
  try {
    initTelegramSdk();
  } catch (err) {
    return phase.set({ name: 'error', code: err instanceof LaunchError ? err.code : 'sdk_init_failed' });
  }
  try {
    const token = await login;
    const me = await api.profile();
    profile.set(me);
    startRoomId = parseStartPayload(launch.startParam)?.roomId ?? null;
    // socket.io and the protocol schemas load after the lobby can draw.
    void import('../api/realtime').then((rt) =>
      rt.connectRealtime({
        token,
        telegramId: me.telegramId,
        userData: { username: me.username ?? me.firstName, avatar: me.avatar },
      }),
    );
    phase.set({ name: 'ready' });
  } catch (err) {
    const code =
      err instanceof ApiError && err.code === 'auth_validation_failed'
        ? 'auth_validation_failed'
        : 'load_failed';
    phase.set({ name: 'error', code });
  }
}

export async function refreshProfile(): Promise<void> {
  try {
    profile.set(await api.profile());
  } catch (err) {
    console.warn('[session] profile refresh failed', err);
  }
}

export function setBalance(balance: number): void {
  profile.set((p) => (p ? { ...p, balance } : p));
}

if (typeof window !== 'undefined') {
  window.addEventListener('balanceUpdated', (e) => {
    const detail = (e as CustomEvent<BalanceEventDetail>).detail;
    if (typeof detail?.balance === 'number') setBalance(detail.balance);
  });
}
