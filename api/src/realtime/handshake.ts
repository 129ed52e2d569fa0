/**
 * Who is on the other end of a socket: the access token from the handshake's auth payload, or the
 * login cookie. Whatever telegramId a client writes into its auth payload is ignored.
 */
import { SvaraError, type ErrorCode } from '@svara/core';
import { TOKEN_COOKIE } from '../http/auth.js';

type Handshake = { auth: Record<string, unknown>; headers: Record<string, string | string[] | undefined> };

function cookieValue(header: string | string[] | undefined, name: string): string | null {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** The access token of a handshake, or null. A `Bearer ` prefix in the auth payload is accepted. */
export function handshakeToken(handshake: Handshake): string | null {
  const auth = handshake.auth?.token;
  if (typeof auth === 'string' && auth.length > 0) return auth.replace(/^Bearer\s+/i, '');
  return cookieValue(handshake.headers.cookie, TOKEN_COOKIE);
}

/** The error a refused handshake reports: socket.io hands `data` to the client's connect_error. */
export function handshakeError(
  code: ErrorCode,
  message: string,
): Error & { data: { code: string; message: string } } {
  const error = new SvaraError(code, message) as SvaraError & { data: { code: string; message: string } };
  error.data = { code, message };
  return error;
}
