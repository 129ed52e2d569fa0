/**
 * The sign-in request, sent the moment the page opens (SPEC §4 "Sign-in"): a Telegram launch puts
 * its init data in the URL's hash, so the page can ask POST /auth/login while the app's scripts are
 * still on their way, and start-up (app/sign-in.ts) reads the answer instead of asking again. On a
 * slow network that round trip no longer follows the scripts. This module runs alone in a small
 * script of its own (src/early-sign-in.ts): it imports nothing, so nothing waits for it.
 */

/** What the early request was sent with, and its answer on the way. */
export type EarlyLogin = { initData: string; startPayload: string | null; answer: Promise<Response> };

declare global {
  interface Window {
    svaraEarlyLogin?: EarlyLogin;
  }
}

/**
 * The init data and start parameter of a Telegram launch URL, as start-up reads them (the init data's
 * `start_param`, else the launch parameter), or null: no launch data in the hash, or a development
 * URL (`?user=…`), where start-up picks its own test player.
 */
export function launchFromUrl(
  hash: string,
  search: string,
): { initData: string; startPayload: string | null } | null {
  if (new URLSearchParams(search).has('user')) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const initData = params.get('tgWebAppData');
  if (!initData) return null;
  const startPayload =
    new URLSearchParams(initData).get('start_param') || params.get('tgWebAppStartParam') || null;
  return { initData, startPayload };
}

/** Sends POST /auth/login for the page's launch data, if it has any; start-up takes the answer. */
export function sendEarlyLogin(win: Window): void {
  const launch = launchFromUrl(win.location.hash, win.location.search);
  if (!launch) return;
  const answer = win.fetch('/api/v1/auth/login', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify({ initData: launch.initData, startPayload: launch.startPayload }),
  });
  // A failure is start-up's to report, when it reads the answer.
  answer.catch(() => undefined);
  win.svaraEarlyLogin = { ...launch, answer };
}
