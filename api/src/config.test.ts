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
    });
    expect(config).toMatchObject({
      isProduction: true,
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

  it('explains malformed values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ BOT_TOKEN: 'nope' })).toThrow(/BOT_TOKEN/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ MINIAPP_URL: 'not a url' })).toThrow(/MINIAPP_URL/);
  });
});

describe('payments configuration', () => {
  const production = {
    NODE_ENV: 'production',
    BOT_TOKEN: '123456:real-looking-token',
    JWT_SECRET: 'production-secret-long-enough-0123456789',
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
