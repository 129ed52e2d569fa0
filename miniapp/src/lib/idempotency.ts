/** Keys for requests that must not act twice (a withdrawal): the server answers a repeated key with the first result. */

/**
 * A fresh key of 32 hex characters (core's idempotencyKeySchema: 8–64 of [A-Za-z0-9_-]).
 * crypto.randomUUID needs a secure context; a development server on a LAN address is not one, so
 * random bytes are the fallback.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
