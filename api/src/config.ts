/**
 * The api's configuration, read once from the environment and validated, so a bad setting stops the
 * start with a clear message instead of failing later inside a request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TonNetwork } from '@svara/core';
import { PROVIDER_NAMES, type ProviderName } from './payments/gateway.js';
import { parseAnyTonAddress } from './payments/ton/address.js';

/** An obviously fake bot token (right shape, wrong everything): signs development init data only. */
export const DEVELOPMENT_BOT_TOKEN = '1000000000:DEVELOPMENT-ONLY-not-a-real-bot-token';
const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-change-me-in-production';

/**
 * A token @BotFather could have issued (a bot id, a colon, 35 characters). Init data signed with it
 * would sign in as anyone, so the development routes never serve one (`devRoutes`).
 */
export function looksLikeRealBotToken(token: string): boolean {
  return token !== DEVELOPMENT_BOT_TOKEN && /^\d{6,}:[\w-]{30,}$/.test(token);
}

/** The repository root (api/src/config.ts or api/dist/config.js → two levels up from this folder). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url('must be an http(s) URL').optional());
const booleanFlag = z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional());
const commaList = (value: unknown) =>
  typeof value === 'string' && value.trim() !== ''
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;
const millis = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400_000).default(fallback));
const rate = z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1).default(0));

/** Tether's USDT jetton master on TON mainnet (TON_USDT_MASTER replaces it, e.g. on testnet). */
export const MAINNET_USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';
/** toncenter's API v3, where jetton wallets are listed by owner and master. */
export const TONCENTER_V3_URL = 'https://toncenter.com/api/v3';

/** AlfaBit's published callback sources (../shared/payments/ALFABIT.md); ALFABIT_CALLBACK_IPS replaces them. */
export const ALFABIT_CALLBACK_IPS = ['18.194.211.115', '3.70.205.120', '3.250.143.116', '185.252.146.25'];

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyAsUndefined,
      z.enum(['development', 'test', 'production']).default('development'),
    ),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    EMBEDDED_PG_PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1024).max(65535).default(54329),
    ),
    EMBEDDED_PG_DIR: optionalString,
    BOT_TOKEN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-DEF… (the token from @BotFather)')
        .default(DEVELOPMENT_BOT_TOKEN),
    ),
    BOT_USERNAME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\w{3,64}$/, 'letters, digits and underscores, without @')
        .default('svara_game_bot'),
    ),
    JWT_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    MINIAPP_URL: z.preprocess(
      emptyAsUndefined,
      z.string().url('must be a URL such as https://app.example.com').optional(),
    ),
    INIT_DATA_MAX_AGE_SECONDS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().positive().default(86_400),
    ),
    REDIS_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('false')),
    MINIAPP_DIST: optionalString,
    // Operators: the bot's admin commands and the admin API (/api/v1/admin/...).
    BOT_ADMIN_IDS: z.preprocess(
      commaList,
      z.array(z.string().regex(/^\d{1,20}$/, 'Telegram ids')).default([]),
    ),
    // Payments (api/src/payments).
    PAYMENTS_PROVIDER: z.preprocess(
      (value) => commaList(value) ?? ['sandbox'],
      z.array(z.enum(PROVIDER_NAMES)).min(1),
    ),
    PUBLIC_URL: optionalUrl,
    TON_PROOF_DOMAINS: z.preprocess((value) => commaList(value), z.array(z.string().min(1)).optional()),
    TON_PROOF_TTL_SECONDS: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(60).max(3600).default(600),
    ),
    // Paying a deposit from the TON Connect wallet: the TON API that finds a player's USDT jetton wallet.
    TON_API_URL: optionalUrl,
    TON_API_KEY: optionalString,
    TON_USDT_MASTER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((text) => parseAnyTonAddress(text) !== null, 'a TON address (raw 0:<hex> or 48 characters)')
        .default(MAINNET_USDT_MASTER),
    ),
    PAYMENTS_TIMEOUT_MS: millis(10_000),
    PAYMENTS_RECONCILE_MS: millis(60_000),
    PAYMENTS_RECONCILE_AFTER_MS: millis(180_000),
    WITHDRAW_REVIEW_OVER: z.preprocess(emptyAsUndefined, z.coerce.number().positive().default(500)),
    WITHDRAW_REVIEW_NEW_ADDRESS: booleanFlag,
    ALFABIT_API_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://pay.alfabit.org')),
    ALFABIT_API_KEY: optionalString,
    ALFABIT_CALLBACK_IPS: z.preprocess(
      commaList,
      z.array(z.string().regex(/^[0-9a-fA-F.:]+$/, 'IP addresses')).default(ALFABIT_CALLBACK_IPS),
    ),
    CRYPTOPAY_API_URL: z.preprocess(emptyAsUndefined, z.string().url().default('https://pay.crypt.bot/api')),
    CRYPTOPAY_TOKEN: optionalString,
    CRYPTOPAY_ASSET: z.preprocess(emptyAsUndefined, z.enum(['USDT', 'TON']).default('USDT')),
    SANDBOX_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
    SANDBOX_WITHDRAW_DELAY_MS: millis(1_500),
    SANDBOX_CALLBACK_DELAY_MS: millis(0),
    SANDBOX_FAILURE_RATE: rate,
    SANDBOX_TIMEOUT_RATE: rate,
    // Development only: server seeds for the first hands dealt, so a test run can deal chosen cards.
    DEV_SERVER_SEEDS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .transform((list) => list.split(',').map((seed) => seed.trim()))
        .pipe(z.array(z.string().regex(/^[0-9a-f]{64}$/, 'seeds must be 64 lowercase hex characters')))
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER.includes('alfabit') && !env.ALFABIT_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ALFABIT_API_KEY'], message: 'is required with alfabit' });
    }
    if (env.PAYMENTS_PROVIDER.includes('cryptopay') && !env.CRYPTOPAY_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['CRYPTOPAY_TOKEN'], message: 'is required with cryptopay' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (!env.DATABASE_URL) {
      // The embedded database keeps real balances in a folder of the checkout, unbacked-up: never.
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required in production (the embedded PostgreSQL is for development only)',
      });
    }
    if (env.PAYMENTS_PROVIDER.includes('sandbox')) {
      // The sandbox pays whoever asks: with real money it would be free money.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'sandbox is refused in production',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (where providers send their callbacks)',
      });
    } else if (!env.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be an https:// URL in production (callbacks and the login cookie travel over it)',
      });
    }
    if (env.BOT_ADMIN_IDS.length === 0) {
      // Withdrawals over WITHDRAW_REVIEW_OVER, from flagged accounts and (by default) first ones to an
      // address wait for an operator: without one they would wait for nobody.
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_ADMIN_IDS'],
        message: 'is required in production: withdrawals held for review would wait for nobody',
      });
    }
    if (env.DEV_SERVER_SEEDS) {
      // Chosen seeds mean chosen cards: with real money this must be impossible.
      ctx.addIssue({ code: 'custom', path: ['DEV_SERVER_SEEDS'], message: 'is refused in production' });
    }
    if (env.BOT_TOKEN === DEVELOPMENT_BOT_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_TOKEN'],
        message: 'the development token is refused in production',
      });
    }
    if (!env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | null;
  embeddedPg: { port: number; dataDir: string };
  botToken: string;
  botUsername: string;
  jwtSecret: string;
  /** Origin allowed by CORS besides same-origin; null when the mini-app is served by this api only. */
  miniappOrigin: string | null;
  initDataMaxAgeSeconds: number;
  redisUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  miniappDist: string;
  /** DEV_SERVER_SEEDS: server seeds for the first hands dealt, in order (never in production). */
  devServerSeeds: string[];
  /** BOT_ADMIN_IDS: the operators' Telegram ids, for the bot's admin commands and the admin API. */
  adminIds: string[];
  payments: PaymentsConfig;
  /**
   * The development routes (/dev/init-data, /dev/faucet, the dev chat): outside production, and only
   * with the development token (tests: any token that is not a real-looking one). Init data they sign
   * with a real bot's token would sign in as anyone.
   */
  devRoutes: boolean;
  tonProof: TonProofConfig;
  tonApi: TonApiConfig;
  /** Settings that start but deserve a loud line in the log (configWarnings). */
  warnings: string[];
}

/** TON Connect's ton_proof (api/src/users/ton-proof.ts). */
export interface TonProofConfig {
  /**
   * The domains a proof may be signed for: TON_PROOF_DOMAINS, else the hosts of MINIAPP_URL and
   * PUBLIC_URL; outside production also localhost and 127.0.0.1 (the dev server).
   */
  domains: string[];
  /** How long a payload may wait to be signed, and how old a proof's timestamp may be. */
  ttlSeconds: number;
  /** Which TON networks' wallets may prove: mainnet always, testnet (-3) outside production. */
  networks: TonNetwork[];
}

/** The TON API (toncenter v3) that finds a player's USDT jetton wallet (api/src/payments/ton). */
export interface TonApiConfig {
  /**
   * TON_API_URL (toncenter's v3 base, ending in /api/v3); null: the sandbox's local fake TON API, the
   * default outside production with the sandbox provider, so wallet payments work without a chain.
   */
  url: string | null;
  /** TON_API_KEY, sent as X-API-Key (toncenter answers 1 request a second without one). */
  apiKey: string | null;
  /** TON_USDT_MASTER: the USDT jetton master (mainnet's by default). */
  usdtMaster: string;
  /** How long one TON API request may take (PAYMENTS_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface PaymentsConfig {
  providers: ProviderName[];
  /** Our public base URL, where providers post callbacks; null: the api's own loopback address. */
  publicUrl: string | null;
  /** How long one provider request may take. */
  timeoutMs: number;
  /** How often the reconciler looks at open orders, and how old an order must be to be asked about. */
  reconcileEveryMs: number;
  reconcileAfterMs: number;
  /** Withdrawals above this wait for an operator. */
  reviewOverCents: number;
  /** A first withdrawal to an address not used before waits for an operator. */
  reviewNewAddress: boolean;
  alfabit: { apiUrl: string; apiKey: string; callbackIps: string[] } | null;
  cryptopay: { apiUrl: string; token: string; asset: 'USDT' | 'TON' } | null;
  sandbox: {
    /** Signs the sandbox's callbacks; random for each start unless given. */
    secret: string | null;
    withdrawDelayMs: number;
    callbackDelayMs: number;
    /** Share of withdrawals the sandbox fails, and of its answers it lets time out (0..1). */
    failureRate: number;
    timeoutRate: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function tonProofDomains(explicit: string[] | undefined, urls: (string | undefined)[], production: boolean) {
  if (explicit) return [...new Set(explicit.map((domain) => domain.toLowerCase()))];
  const hosts = urls
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).host.toLowerCase());
  return [...new Set(production ? hosts : [...hosts, 'localhost', '127.0.0.1'])];
}

/** Reads the configuration from an environment (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const reviewNewAddress = e.WITHDRAW_REVIEW_NEW_ADDRESS
    ? e.WITHDRAW_REVIEW_NEW_ADDRESS === 'true' || e.WITHDRAW_REVIEW_NEW_ADDRESS === '1'
    : e.NODE_ENV === 'production';
  const devRoutes =
    e.NODE_ENV !== 'production' &&
    (e.BOT_TOKEN === DEVELOPMENT_BOT_TOKEN || (e.NODE_ENV === 'test' && !looksLikeRealBotToken(e.BOT_TOKEN)));
  const warnings: string[] = [];
  if (e.NODE_ENV !== 'production' && !devRoutes) {
    warnings.push(
      'BOT_TOKEN is not the development token: the development routes (/dev/init-data, /dev/faucet, /dev/chat) are off',
    );
  }
  if (e.BOT_ADMIN_IDS.length === 0 && reviewNewAddress) {
    warnings.push(
      'BOT_ADMIN_IDS is empty while first withdrawals to an address wait for review: they will wait for nobody',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    embeddedPg: {
      port: e.EMBEDDED_PG_PORT,
      dataDir: e.EMBEDDED_PG_DIR ?? path.join(REPO_ROOT, '.data', 'pg'),
    },
    botToken: e.BOT_TOKEN,
    botUsername: e.BOT_USERNAME,
    jwtSecret: e.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    miniappOrigin: e.MINIAPP_URL ? new URL(e.MINIAPP_URL).origin : null,
    initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    miniappDist: e.MINIAPP_DIST ?? path.join(REPO_ROOT, 'miniapp', 'dist'),
    devServerSeeds: e.DEV_SERVER_SEEDS ?? [],
    adminIds: e.BOT_ADMIN_IDS,
    payments: {
      providers: [...new Set(e.PAYMENTS_PROVIDER)],
      publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
      timeoutMs: e.PAYMENTS_TIMEOUT_MS,
      reconcileEveryMs: e.PAYMENTS_RECONCILE_MS,
      reconcileAfterMs: e.PAYMENTS_RECONCILE_AFTER_MS,
      reviewOverCents: Math.round(e.WITHDRAW_REVIEW_OVER * 100),
      reviewNewAddress,
      alfabit:
        e.PAYMENTS_PROVIDER.includes('alfabit') && e.ALFABIT_API_KEY
          ? { apiUrl: e.ALFABIT_API_URL, apiKey: e.ALFABIT_API_KEY, callbackIps: e.ALFABIT_CALLBACK_IPS }
          : null,
      cryptopay:
        e.PAYMENTS_PROVIDER.includes('cryptopay') && e.CRYPTOPAY_TOKEN
          ? { apiUrl: e.CRYPTOPAY_API_URL, token: e.CRYPTOPAY_TOKEN, asset: e.CRYPTOPAY_ASSET }
          : null,
      sandbox: {
        secret: e.SANDBOX_SECRET ?? null,
        withdrawDelayMs: e.SANDBOX_WITHDRAW_DELAY_MS,
        callbackDelayMs: e.SANDBOX_CALLBACK_DELAY_MS,
        failureRate: e.SANDBOX_FAILURE_RATE,
        timeoutRate: e.SANDBOX_TIMEOUT_RATE,
      },
    },
    devRoutes,
    tonProof: {
      domains: tonProofDomains(
        e.TON_PROOF_DOMAINS,
        [e.MINIAPP_URL, e.PUBLIC_URL],
        e.NODE_ENV === 'production',
      ),
      ttlSeconds: e.TON_PROOF_TTL_SECONDS,
      networks: e.NODE_ENV === 'production' ? ['-239'] : ['-239', '-3'],
    },
    tonApi: {
      url: e.TON_API_URL
        ? e.TON_API_URL.replace(/\/+$/, '')
        : e.NODE_ENV !== 'production' && e.PAYMENTS_PROVIDER.includes('sandbox')
          ? null
          : TONCENTER_V3_URL,
      apiKey: e.TON_API_KEY ?? null,
      usdtMaster: e.TON_USDT_MASTER,
      timeoutMs: e.PAYMENTS_TIMEOUT_MS,
    },
    warnings,
  };
}
