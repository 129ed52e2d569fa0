/**
 * The network half of start-up (SPEC §4 "Sign-in"): launch data → /auth/login, whose answer carries
 * the profile and the protection state: one round trip. A Telegram launch sent that request as the
 * page opened (app/early-login.ts), so it overlaps with the app's scripts downloading; otherwise it
 * starts from boot.ts before the rest of the app is even evaluated.
 */
import type { Profile } from '@svara/core';
import { ApiError, api } from '../api/http';
import { LaunchError, initTelegramSdk, readLaunch, type Launch } from '../telegram/sdk';
import { prefetchProtectionState, seedProtectionState } from '../protection/store';
import type { EarlyLogin } from './early-login';

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
  // Sign in right away (or take the request the page sent); the SDK starts while it is on its way.
  const early = takeEarlyLogin(launch);
  const login = api.login(launch.initDataRaw, launch.startParam, early);
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

/**
 * The early request's answer, taken once, when it was sent with the launch data start-up read (the
 * SDK's reading is the one that counts); signing in again later sends a request of its own.
 */
function takeEarlyLogin(launch: Launch): Promise<Response> | undefined {
  const early: EarlyLogin | undefined = window.svaraEarlyLogin;
  delete window.svaraEarlyLogin;
  if (!early || early.initData !== launch.initDataRaw || early.startPayload !== launch.startParam) return;
  return early.answer;
}

let started: Promise<SignInResult> | null = null;

/** Starts signing in once; later calls get the same result. */
export function startSignIn(): Promise<SignInResult> {
  started ??= run();
  return started;
}
