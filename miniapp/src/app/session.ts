/**
 * The signed-in session (SPEC §4 "Sign-in"): the result of sign-in (app/sign-in.ts) becomes the
 * app's phase and profile, then realtime connects. Balance events keep the profile current.
 */
import type { AccountState, Profile } from '@svara/core';
import { parseStartPayload } from '@svara/core/plain';
import { api, setReauthentication } from '../api/http';
import type { BalanceEventDetail } from '../api/realtime';
import type { Launch } from '../telegram/sdk';
import { startSignIn } from './sign-in';
import { createStore } from './store';
import { showToast } from '../ui/toast';
import { currentLanguage, setLanguage } from '../i18n';
import { applyExclusion, passAgreementGate } from '../protection/store';

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

/** The table the player still sits at when the app opens (closed or reloaded mid-game), consumed once. */
let seatedRoomAtStart: string | null = null;
export function takeSeatedRoom(): string | null {
  const id = seatedRoomAtStart;
  seatedRoomAtStart = null;
  return id;
}

/** Leaving a table gives its seat up: the lobby stops offering to return before the server says so. */
export function forgetSeat(roomId: string): void {
  profile.set((p) => (p && p.seatedRoomId === roomId ? { ...p, seatedRoomId: null } : p));
}

export async function bootstrap(): Promise<void> {
  const result = await startSignIn();
  if (result.kind === 'devPicker') return phase.set({ name: 'devPicker' });
  if (result.kind === 'error') return phase.set({ name: 'error', code: result.code });
  const { token, profile: me } = result;
  launch = result.launch;
  const { initDataRaw } = launch;
  setReauthentication(() => api.login(initDataRaw, null));
  profile.set(me);
  // The stored language is the player's one setting (the bot's /language writes it too).
  const stored = me.languageCode?.slice(0, 2);
  if ((stored === 'ru' || stored === 'en') && stored !== currentLanguage()) await setLanguage(stored);
  startRoomId = parseStartPayload(launch.startParam)?.roomId ?? null;
  seatedRoomAtStart = me.seatedRoomId ?? null;
  // Player protection: nothing goes on (no lobby, no socket) until the player has confirmed their age and
  // accepted the current version of the agreement; the gate shows meanwhile.
  try {
    await passAgreementGate();
  } catch (err) {
    console.warn('[session] protection state', err);
    return phase.set({ name: 'error', code: 'load_failed' });
  }
  // socket.io and the protocol schemas load after the lobby can draw.
  void import('../api/realtime').then((rt) => {
    rt.onServerEvent('account_state', applyAccountState);
    rt.connectRealtime({
      token,
      telegramId: me.telegramId,
      userData: { username: me.username ?? me.firstName, avatar: me.avatar },
    });
  });
  phase.set({ name: 'ready' });
}

export async function refreshProfile(): Promise<void> {
  try {
    profile.set(await api.profile());
  } catch (err) {
    console.warn('[session] profile refresh failed', err);
  }
}

/**
 * The server's word on what the account may do (account_state: at every connection, and when an
 * operator suspends or unsuspends it or a cool-off or self-exclusion starts, whichever tab or device
 * did it): the lobby's banners, its Create and Enter and the table's seats follow it.
 */
export function applyAccountState(state: AccountState): void {
  profile.set((p) =>
    p && JSON.stringify(p.suspension) !== JSON.stringify(state.suspension)
      ? { ...p, suspension: state.suspension }
      : p,
  );
  applyExclusion(state.exclusion);
}

export function setBalance(balance: number): void {
  profile.set((p) => (p ? { ...p, balance } : p));
}

if (typeof window !== 'undefined') {
  window.addEventListener('balanceUpdated', (e) => {
    const detail = (e as CustomEvent<BalanceEventDetail>).detail;
    if (typeof detail?.balance === 'number') setBalance(detail.balance);
    // transactionConfirmed's message (a deposit credited, a withdrawal returned), wherever the player is.
    if (detail?.message) showToast(detail.message, 'success', 4_000);
  });
}
