/**
 * The api's configuration, read once from the environment and validated, so a bad setting stops the
 * start with a clear message instead of failing later inside a request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** An obviously fake bot token (right shape, wrong everything): signs development init data only. */
export const DEVELOPMENT_BOT_TOKEN = '1000000000:DEVELOPMENT-ONLY-not-a-real-bot-token';
const DEVELOPMENT_JWT_SECRET = 'development-only-jwt-secret-change-me-in-production';

/** The repository root (api/src/config.ts or api/dist/config.js → two levels up from this folder). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

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
    if (env.NODE_ENV !== 'production') return;
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
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
  };
}
