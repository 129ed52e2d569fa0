/** The Koa application: REST under /api/v1, the built mini-app on every other path. */
import cors from '@koa/cors';
import { API_PREFIX } from '@svara/core';
import { pickLanguage } from '@svara/locales';
import Koa from 'koa';
import Router from 'koa-router';
import type { Logger } from '../logger.js';
import type { Services } from '../services.js';
import type { AppContext, AppState, Next } from './context.js';
import { errorBody, toHttpRefusal } from './errors.js';
import { Redis } from 'ioredis';
import { createRateLimiters, DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limit.js';
import { authRoutes } from './routes/auth.js';
import { devRoutes } from './routes/dev.js';
import { healthRoutes } from './routes/health.js';
import { financeRoutes } from './routes/finances.js';
import { roomRoutes } from './routes/rooms.js';
import { handRoutes } from './routes/hands.js';
import { fairnessRoutes } from './routes/fairness.js';
import { userRoutes } from './routes/users.js';
import { walletRoutes } from './routes/wallet.js';
import { tonConnectManifestRoute } from './routes/tonconnect-manifest.js';
import { avatarRoutes } from './routes/avatars.js';
import { adminRoutes } from './routes/admin.js';
import { protectionRoutes } from './routes/protection.js';
import { practiceRoutes } from './routes/practice.js';
import { tournamentRoutes } from './routes/tournaments.js';
import { paymentCallbackRoutes } from './routes/payment-callbacks.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { botWebhookRoute, type BotWebhookMount } from './routes/bot-webhook.js';
import { devTelegramRoutes } from './routes/dev-telegram.js';
import { builtMiniapp, miniappMiddleware } from './static.js';
import { securityHeaders } from './security-headers.js';

export interface AppOptions {
  rateLimits?: RateLimitSettings;
  /** Folder of the built mini-app; defaults to the configured one when it has been built. */
  miniappDist?: string | null;
  /** Telegram's webhook (BOT_WEBHOOK_URL set): the path it posts to and, once launched, the bot. */
  botWebhook?: BotWebhookMount;
}

export interface App {
  koa: Koa<AppState>;
  /** Stops background timers. */
  close(): void;
}

/** Error codes of a client that went away before its response was complete. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Failures Koa reports after a response has begun (a file stream that breaks, a client that closes
 * the connection mid-download), which its default handler would print to stderr as bare stack
 * traces. They go to the log: a client that went away at debug level, anything else as an error.
 */
export function logResponseError(
  logger: Logger,
  error: unknown,
  ctx?: { method: string; path: string },
): void {
  const details = { err: error, method: ctx?.method, path: ctx?.path };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CLIENT_GONE.has(code))
    logger.debug(details, 'client went away mid-response');
  else logger.error(details, 'response failed');
}

function acceptLanguage(ctx: AppContext): string | null {
  const first = ctx.get('accept-language').split(',')[0]?.trim();
  return first ? pickLanguage(first) : null;
}

export function createApp(services: Services, options: AppOptions = {}): App {
  const { config, logger } = services;
  const koa = new Koa<AppState>({ proxy: config.trustProxy });
  // With REDIS_URL every node takes from the same buckets. Commands fail fast while Redis is away
  // (no offline queue), and the node's own buckets decide meanwhile.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 })
    : null;
  redis?.on('error', () => undefined);
  const limits = createRateLimiters(
    options.rateLimits ?? DEFAULT_RATE_LIMITS,
    redis ? { redis, logger } : undefined,
  );
  const sweeper = setInterval(() => limits.sweep(), 60_000);
  sweeper.unref();
  koa.on('error', (error: unknown, ctx?: AppContext) => logResponseError(logger, error, ctx));

  // Outermost: every failure becomes `{code, message}`; unexpected ones are logged, never sent.
  koa.use(async (ctx: AppContext, next: Next) => {
    try {
      await next();
    } catch (error) {
      const refusal = toHttpRefusal(error, ctx.state.language ?? acceptLanguage(ctx));
      if (refusal.unexpected)
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      else
        logger.debug(
          { code: refusal.body.code, detail: (error as Error).message, path: ctx.path },
          'refused',
        );
      ctx.status = refusal.status;
      ctx.body = refusal.body;
      // A refusal that knows when to come back (rooms/password-attempts.ts) says so.
      const retryAfter = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
    }
  });

  koa.use(
    securityHeaders({
      httpsOnly: config.isProduction && (config.payments.publicUrl?.startsWith('https://') ?? false),
    }),
  );

  // Cross-origin calls only from the configured mini-app origin; same-origin needs no CORS.
  koa.use(
    cors({
      origin: (ctx) =>
        config.miniappOrigin && ctx.get('origin') === config.miniappOrigin ? config.miniappOrigin : '',
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language'],
      maxAge: 600,
    }),
  );

  const router = new Router<AppState>({ prefix: API_PREFIX });
  healthRoutes(router, {
    database: () => services.orm.em.getConnection().execute('select 1'),
    redis: redis ? () => redis.ping() : undefined,
  });
  authRoutes(router, services, limits);
  userRoutes(router, services, limits);
  walletRoutes(router, services, limits);
  roomRoutes(router, services, limits);
  handRoutes(router, services);
  fairnessRoutes(router, services);
  financeRoutes(router, services, limits);
  devRoutes(router, services, limits);
  avatarRoutes(router, services);
  paymentCallbackRoutes(router, services);
  adminRoutes(router, services, limits);
  protectionRoutes(router, services, limits);
  practiceRoutes(router, services, limits);
  tournamentRoutes(router, services, limits);
  sandboxRoutes(router, services.payments.gateways.sandbox, config.isProduction);
  if (options.botWebhook) koa.use(botWebhookRoute(options.botWebhook));
  // Development only: a stand-in Bot API and the chat page, so the bot can be tried without Telegram.
  // Its page signs people in, so like /dev/init-data it needs the development token (config.devRoutes).
  if (config.devRoutes) {
    koa.use(
      devTelegramRoutes({
        botToken: config.botToken,
        botUsername: config.botUsername,
        adminIds: config.adminIds,
      }),
    );
  }
  koa.use(
    tonConnectManifestRoute({
      appUrl: config.miniappOrigin ?? config.payments.publicUrl,
      apiUrl: config.payments.publicUrl,
    }),
  );
  koa.use(router.routes());
  koa.use(router.allowedMethods());

  const miniapp = options.miniappDist === undefined ? builtMiniapp(config.miniappDist) : options.miniappDist;
  if (miniapp) koa.use(miniappMiddleware(miniapp));

  // Anything left under /api is an unknown route: a JSON 404 like every other refusal.
  koa.use((ctx: AppContext) => {
    if (!ctx.path.startsWith('/api')) return;
    ctx.status = 404;
    ctx.body = errorBody('not_found', ctx.state.language ?? acceptLanguage(ctx));
  });

  return {
    koa,
    close() {
      clearInterval(sweeper);
      redis?.disconnect();
    },
  };
}
