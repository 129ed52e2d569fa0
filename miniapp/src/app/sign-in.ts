/**
 * The network half of start-up (SPEC §4 "Sign-in"): launch data → /auth/login, whose answer carries
 * the profile and the protection state: one round trip. It starts from boot.ts before the rest of the
 * app is even evaluated, so it overlaps with React and the screens getting ready.
 */
import type { Profile } from '@svara/core';
import { ApiError, api } from '../api/http';
import { LaunchError, initTelegramSdk, readLaunch, type Launch } from '../telegram/sdk';
import { prefetchProtectionState, seedProtectionState } from '../protection/store';

export type SignInResult =
  | { kind: 'ok'; launch: Launch; token: string; profile: Profile }
  | { kind: 'devPicker' }
  | { kind: 'error'; code: string };

async function run(): Promise<SignInResult> {
  let launch: Launch;
  try {
    launch = await readLaunch();
  } catch (err) {
    if (err instanceof LaunchError && err.code === 'dev_pick_user') return { kind: 'devPicker' };
    return { kind: 'error', code: err instanceof LaunchError ? err.code : 'sdk_init_failed' };
  }
  // Sign in right away; the SDK starts while the request is on its way.
  const login = api.login(launch.initDataRaw, launch.startParam);
  login.catch(() => undefined);
  try {
    initTelegramSdk();
  } catch (err) {
    return { kind: 'error', code: err instanceof LaunchError ? err.code : 'sdk_init_failed' };
  }
  try {
    const { token, profile, protection } = await login;
    // The answer carries the profile and the agreement's state (session.ts may show the gate). An
    // api that answers the token alone is asked for what is missing, side by side.
    if (protection !== null) seedProtectionState(protection);
    else prefetchProtectionState();
    return { kind: 'ok', launch, token, profile: profile ?? (await api.profile()) };
  } catch (err) {
    const auth = err instanceof ApiError && err.code === 'auth_validation_failed';
    return { kind: 'error', code: auth ? 'auth_validation_failed' : 'load_failed' };
  }
}

let started: Promise<SignInResult> | null = null;

/** Starts signing in once; later calls get the same result. */
export function startSignIn(): Promise<SignInResult> {
  started ??= run();
  return started;
}
