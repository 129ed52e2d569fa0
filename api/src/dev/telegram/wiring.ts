/** Where the development chat lives on a running api, for `main.ts` to point the bot at it. */
import { DEV_CHAT_PATH, DEV_TELEGRAM_ROOT } from '../../http/routes/dev-telegram.js';

/** The api's own origin as seen from this machine (a wildcard listen address means loopback). */
export function localOrigin(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${port}`;
}

/** grammY's `apiRoot` for the stand-in Bot API (grammY adds /bot<token>/<method>). */
export function devChatApiRoot(origin: string): string {
  return `${origin}${DEV_TELEGRAM_ROOT}`;
}

/** The page a developer opens to talk to the bot. */
export function devChatPageUrl(origin: string): string {
  return `${origin}${DEV_CHAT_PATH}`;
}
