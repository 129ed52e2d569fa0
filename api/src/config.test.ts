import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_BOT_TOKEN, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no settings at all in development, on embedded PostgreSQL and the development bot token', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      databaseUrl: null,
      embeddedPg: { port: 54329 },
      botToken: DEVELOPMENT_BOT_TOKEN,
      botUsername: 'svara_game_bot',
      initDataMaxAgeSeconds: 86_400,
      miniappOrigin: null,
      redisUrl: null,
    });
    expect(config.embeddedPg.dataDir).toMatch(/\.data[/\\]pg$/);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/svara',
      BOT_TOKEN: '42:real-token',
      JWT_SECRET: 'x'.repeat(40),
      MINIAPP_URL: 'https://play.example.com/app/',
      INIT_DATA_MAX_AGE_SECONDS: '600',
      REDIS_URL: 'redis://cache:6379',
      BOT_USERNAME: 'my_bot',
      LOG_LEVEL: 'warn',
      PAYMENTS_PROVIDER: 'cryptopay',
      CRYPTOPAY_TOKEN: '1:token',
      PUBLIC_URL: 'https://play.example.com',
      BOT_ADMIN_IDS: '9001, 9002',
    });
    expect(config).toMatchObject({
      isProduction: true,
      adminIds: ['9001', '9002'],
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/svara',
      botToken: '42:real-token',
      miniappOrigin: 'https://play.example.com',
      initDataMaxAgeSeconds: 600,
      redisUrl: 'redis://cache:6379',
      botUsername: 'my_bot',
      logLevel: 'warn',
    });
  });

  it('refuses the development bot token and a missing JWT secret in production, naming both', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/BOT_TOKEN: the development token is refused in production/);
      expect(problems).toMatch(/JWT_SECRET: is required in production/);
    }
  });

  it('reads DEV_SERVER_SEEDS outside production and refuses them in production', () => {
    const seed = 'ab'.repeat(32);
    expect(loadConfig({ DEV_SERVER_SEEDS: `${seed}, ${'0'.repeat(64)}` }).devServerSeeds).toEqual([
      seed,
      '0'.repeat(64),
    ]);
    expect(loadConfig({}).devServerSeeds).toEqual([]);
    expect(() => loadConfig({ DEV_SERVER_SEEDS: 'xyz' })).toThrow(/DEV_SERVER_SEEDS/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        BOT_TOKEN: '42:real-token',
        JWT_SECRET: 'x'.repeat(40),
        DEV_SERVER_SEEDS: seed,
      }),
    ).toThrow(/DEV_SERVER_SEEDS: is refused in production/);
  });

  it("TON API for wallet payments: the sandbox's local fake in development, toncenter elsewhere, or TON_API_URL", () => {
    expect(loadConfig({}).tonApi).toEqual({
      url: null,
      apiKey: null,
      usdtMaster: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ PAYMENTS_PROVIDER: 'cryptopay', CRYPTOPAY_TOKEN: 't' }).tonApi.url).toBe(
      'https://toncenter.com/api/v3',
    );
    const testnet = loadConfig({
      TON_API_URL: 'https://testnet.toncenter.com/api/v3/',
      TON_API_KEY: 'k',
      TON_USDT_MASTER: 'EQBaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlvq',
    }).tonApi;
    expect(testnet).toMatchObject({
      url: 'https://testnet.toncenter.com/api/v3',
      apiKey: 'k',
      usdtMaster: 'EQBaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlvq',
    });
    expect(() => loadConfig({ TON_USDT_MASTER: 'usdt' })).toThrow(/TON_USDT_MASTER/);
  });

  it('explains malformed values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ BOT_TOKEN: 'nope' })).toThrow(/BOT_TOKEN/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ MINIAPP_URL: 'not a url' })).toThrow(/MINIAPP_URL/);
  });
});

describe('production safety', () => {
  const production = {
    NODE_ENV: 'production',
    BOT_TOKEN: '123456:real-looking-token',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
    DATABASE_URL: 'postgres://svara@db:5432/svara',
    BOT_ADMIN_IDS: '9001',
    PAYMENTS_PROVIDER: 'cryptopay',
    CRYPTOPAY_TOKEN: 't',
    PUBLIC_URL: 'https://svara.example',
  };
  const problemsOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).problems.join('\n');
    }
    return '';
  };

  it('starts with every production setting given', () => {
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it('refuses production without DATABASE_URL rather than start the embedded database', () => {
    expect(problemsOf({ ...production, DATABASE_URL: '' })).toMatch(
      /DATABASE_URL: is required in production/,
    );
  });

  it('refuses a PUBLIC_URL that is not https in production', () => {
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://svara.example' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ URL in production/,
    );
  });

  it('refuses production without operators, whose review every held withdrawal waits for', () => {
    expect(problemsOf({ ...production, BOT_ADMIN_IDS: '' })).toMatch(
      /BOT_ADMIN_IDS: is required in production/,
    );
    expect(problemsOf({ ...production, BOT_ADMIN_IDS: '', WITHDRAW_REVIEW_NEW_ADDRESS: 'false' })).toMatch(
      /BOT_ADMIN_IDS/,
    );
  });

  it('warns outside production when first withdrawals wait for review and nobody can give it', () => {
    const config = loadConfig({ WITHDRAW_REVIEW_NEW_ADDRESS: 'true' });
    expect(config.warnings.join('\n')).toMatch(/BOT_ADMIN_IDS is empty/);
    expect(loadConfig({ WITHDRAW_REVIEW_NEW_ADDRESS: 'true', BOT_ADMIN_IDS: '9001' }).warnings).toEqual([]);
  });

  it('serves the development routes only with the development token', () => {
    expect(loadConfig({}).devRoutes).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', BOT_TOKEN: DEVELOPMENT_BOT_TOKEN }).devRoutes).toBe(true);
    const real = loadConfig({
      NODE_ENV: 'development',
      BOT_TOKEN: '7000000001:AAE-real-looking_token-0123456789ab',
    });
    expect(real.devRoutes).toBe(false);
    expect(real.warnings.join('\n')).toMatch(/development routes .* are off/);
    // Tests sign with a token of their own, which no bot could have.
    expect(loadConfig({ NODE_ENV: 'test', BOT_TOKEN: '4242:test-bot-token' }).devRoutes).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', BOT_TOKEN: '7000000001:AAE-real-looking_token-0123456789ab' }).devRoutes,
    ).toBe(false);
    expect(loadConfig(production).devRoutes).toBe(false);
  });
});

describe('payments configuration', () => {
  const production = {
    NODE_ENV: 'production',
    BOT_TOKEN: '123456:real-looking-token',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
    DATABASE_URL: 'postgres://svara@db:5432/svara',
    BOT_ADMIN_IDS: '9001',
  };

  it('uses the sandbox by default outside production, and never in production', () => {
    expect(loadConfig({}).payments.providers).toEqual(['sandbox']);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'https://svara.example' })).toThrow(
      /PAYMENTS_PROVIDER: sandbox is refused in production/,
    );
  });

  it('needs each provider’s key, and a public URL for callbacks in production', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'alfabit' })).toThrow(/ALFABIT_API_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'alfabit,cryptopay', ALFABIT_API_KEY: 'k' })).toThrow(
      /CRYPTOPAY_TOKEN/,
    );
    expect(() => loadConfig({ ...production, PAYMENTS_PROVIDER: 'cryptopay', CRYPTOPAY_TOKEN: 't' })).toThrow(
      /PUBLIC_URL/,
    );
    const config = loadConfig({
      ...production,
      PAYMENTS_PROVIDER: 'alfabit, cryptopay',
      ALFABIT_API_KEY: 'k',
      CRYPTOPAY_TOKEN: 't',
      PUBLIC_URL: 'https://svara.example/',
    });
    expect(config.payments).toMatchObject({
      providers: ['alfabit', 'cryptopay'],
      publicUrl: 'https://svara.example',
      reviewNewAddress: true,
      reviewOverCents: 50_000,
    });
    expect(loadConfig({}).payments.reviewNewAddress).toBe(false);
  });
});

describe('TON Connect settings', () => {
  const production = {
    NODE_ENV: 'production',
    BOT_TOKEN: '123456:real-looking-token',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
    DATABASE_URL: 'postgres://svara@db:5432/svara',
    BOT_ADMIN_IDS: '9001',
    PAYMENTS_PROVIDER: 'cryptopay',
    CRYPTOPAY_TOKEN: 't',
    PUBLIC_URL: 'https://api.svara.example',
    MINIAPP_URL: 'https://app.svara.example/',
  };

  it('in production: proofs for our own hosts only, mainnet only, ten minutes', () => {
    expect(loadConfig(production).tonProof).toEqual({
      domains: ['app.svara.example', 'api.svara.example'],
      ttlSeconds: 600,
      networks: ['-239'],
    });
  });

  it('in development: the dev host too, and testnet wallets', () => {
    const { tonProof } = loadConfig({});
    expect(tonProof.domains).toEqual(['localhost', '127.0.0.1']);
    expect(tonProof.networks).toEqual(['-239', '-3']);
  });

  it('TON_PROOF_DOMAINS replaces the hosts, and TON_PROOF_TTL_SECONDS the lifetime', () => {
    const config = loadConfig({
      ...production,
      TON_PROOF_DOMAINS: 'Svara.example, m.svara.example',
      TON_PROOF_TTL_SECONDS: '300',
    });
    expect(config.tonProof.domains).toEqual(['svara.example', 'm.svara.example']);
    expect(config.tonProof.ttlSeconds).toBe(300);
    expect(() => loadConfig({ TON_PROOF_TTL_SECONDS: '5' })).toThrow(ConfigError);
  });
});
