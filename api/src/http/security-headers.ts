/**
 * Security headers on every response of the app (the REST api and the built Mini App).
 *
 * The Mini App runs inside Telegram: the mobile and desktop clients open it in a webview of its
 * own, the web clients (web.telegram.org/a and /k) in an iframe. So the page may be framed by
 * Telegram's web origins and nobody else (`frame-ancestors`; no X-Frame-Options, whose DENY or
 * SAMEORIGIN would block Telegram Web). Routes with a page of their own (the sandbox pay page, the
 * development chat) set a stricter policy of their own for their inline script; theirs replaces
 * this one because it is set later.
 */
import type { AppContext, Next } from './context.js';

/** Telegram's web clients, which show a Mini App in an iframe. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'] as const;

/** Where Telegram serves profile photos (init data's photo_url, followed by our /avatars route). */
const TELEGRAM_IMAGES = ['https://t.me', 'https://*.t.me', 'https://*.telegram.org', 'https://*.telesco.pe'];

/** A host we may name in the policy: a DNS name or address and an optional port, nothing else. */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

export interface SecurityHeaderOptions {
  /** Production behind an https PUBLIC_URL: HSTS on every response, whatever the request says. */
  httpsOnly: boolean;
}

/**
 * The Mini App's policy. Scripts only from our origin (the Vite build has no inline script). Styles
 * from our origin and inline: React's style props go through the CSSOM (never blocked), but the
 * Telegram SDK puts the `<style>` Telegram Web sends (`set_custom_style`) into the page.
 * Connections to our own origin, the socket included (named as ws/wss too, for webviews whose
 * 'self' does not cover websockets). TON Connect (the wallet screens) also reads the wallets list,
 * talks to each wallet's bridge and shows each wallet's icon, on hosts that list names at run time:
 * so images and connections may go to any https host (scripts still only from our origin).
 */
export function contentSecurityPolicy(host: string | null): string {
  const sockets = host && SAFE_HOST.test(host) ? [`wss://${host}`, `ws://${host}`] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...TELEGRAM_IMAGES],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", 'https:', ...sockets],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...TELEGRAM_FRAME_ANCESTORS],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Powerful features the Mini App never uses, denied to it and to anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** One year, the usual preload minimum. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Middleware: sets the headers before the route runs, so refusals carry them too. */
export function securityHeaders(options: SecurityHeaderOptions) {
  return async (ctx: AppContext, next: Next) => {
    ctx.set('Content-Security-Policy', contentSecurityPolicy(ctx.host || null));
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    // ctx.secure honours X-Forwarded-Proto only with TRUST_PROXY (Koa's `proxy`).
    if (options.httpsOnly || ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}
