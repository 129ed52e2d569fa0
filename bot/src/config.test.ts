import { describe, expect, it } from 'vitest';
import { BotConfigError, DEV_CHAT_NEWS_CHANNEL, loadBotConfig } from './config.js';

const DEV_TOKEN = '1000000000:DEVELOPMENT-ONLY-not-a-real-bot-token';
// NODE_ENV=test unless a test says otherwise: development would turn the development chat on.
const load = (env: Record<string, string>) =>
  loadBotConfig({ NODE_ENV: 'test', ...env }, { developmentToken: DEV_TOKEN });
const REAL = {
  BOT_ENABLED: 'true',
  BOT_TOKEN: '7000001:AAH-real_token',
  MINIAPP_URL: 'https://svara.example',
};

describe('bot configuration', () => {
  it('is off unless BOT_ENABLED=true, whatever else is set', () => {
    expect(load({})).toMatchObject({ enabled: false, refused: false });
    expect(load({ ...REAL, BOT_ENABLED: 'false' })).toMatchObject({ enabled: false, refused: false });
  });

  it('refuses to reach Telegram with the development token or with no token', () => {
    expect(load({ ...REAL, BOT_TOKEN: DEV_TOKEN })).toMatchObject({ enabled: false, refused: true });
    expect(load({ BOT_ENABLED: 'true', MINIAPP_URL: REAL.MINIAPP_URL })).toMatchObject({
      enabled: false,
      refused: true,
    });
  });

  it('is on with a real token and the Mini App URL', () => {
    const config = load({ ...REAL, BOT_USERNAME: 'svara_bot', BOT_ADMIN_IDS: '1001, 1002 1003' });
    expect(config).toEqual({
      enabled: true,
      settings: {
        token: REAL.BOT_TOKEN,
        username: 'svara_bot',
        miniAppUrl: 'https://svara.example',
        adminIds: new Set(['1001', '1002', '1003']),
      },
    });
  });

  it('has no admins when BOT_ADMIN_IDS is unset', () => {
    const config = load(REAL);
    expect(config.enabled && [...config.settings.adminIds]).toEqual([]);
  });

  it('takes the news channel as a -100… id or an @username, and has none when it is unset', () => {
    const channelOf = (value: string) => {
      const config = load({ ...REAL, NEWS_CHANNEL_ID: value });
      return config.enabled ? config.settings.newsChannelId : 'disabled';
    };
    expect(channelOf('-1001234567890')).toBe('-1001234567890');
    expect(channelOf('@svara_news')).toBe('@svara_news');
    expect(channelOf('')).toBeUndefined();
    const unset = load(REAL);
    expect(unset.enabled && 'newsChannelId' in unset.settings).toBe(false);
    for (const bad of ['svara_news', '@sv', '1234567890', '-12345', '@9news', 'https://t.me/svara_news']) {
      expect(() => load({ ...REAL, NEWS_CHANNEL_ID: bad }), bad).toThrow(/NEWS_CHANNEL_ID/);
    }
  });

  it('takes webhook mode from BOT_WEBHOOK_URL, with the secret Telegram must send back', () => {
    const config = load({
      ...REAL,
      BOT_WEBHOOK_URL: 'https://svara.example/api/v1/bot/webhook',
      BOT_WEBHOOK_SECRET: 'Secret_token-42',
    });
    expect(config.enabled && config.settings.webhook).toEqual({
      url: 'https://svara.example/api/v1/bot/webhook',
      path: '/api/v1/bot/webhook',
      secretToken: 'Secret_token-42',
    });
    const polling = load({ ...REAL, BOT_WEBHOOK_SECRET: 'unused-without-a-url' });
    expect(polling.enabled && 'webhook' in polling.settings).toBe(false);
  });

  it('refuses a webhook that is not https, has no secret, or a secret Telegram would not take', () => {
    const withWebhook = (url: string, secret?: string) => () =>
      load({
        ...REAL,
        BOT_WEBHOOK_URL: url,
        ...(secret === undefined ? {} : { BOT_WEBHOOK_SECRET: secret }),
      });
    const url = 'https://svara.example/api/v1/bot/webhook';
    expect(withWebhook('http://svara.example/api/v1/bot/webhook', 's3cret')).toThrow(
      /BOT_WEBHOOK_URL.*https/,
    );
    expect(withWebhook('not a url', 's3cret')).toThrow(/BOT_WEBHOOK_URL/);
    expect(withWebhook(`${url}?token=1`, 's3cret')).toThrow(/BOT_WEBHOOK_URL/);
    expect(withWebhook(url)).toThrow(/BOT_WEBHOOK_SECRET: is required/);
    expect(withWebhook(url, '')).toThrow(/BOT_WEBHOOK_SECRET: is required/);
    for (const bad of ['has space', 'slash/no', 'dot.no', 'ü', 'x'.repeat(257)]) {
      expect(withWebhook(url, bad), bad).toThrow(/BOT_WEBHOOK_SECRET/);
    }
    expect(withWebhook(url, 'x'.repeat(256))).not.toThrow();
  });

  it('stops the start on a malformed variable or a missing Mini App URL once enabled', () => {
    expect(() => load({ ...REAL, BOT_ADMIN_IDS: '1001,@admin' })).toThrow(BotConfigError);
    expect(() => load({ ...REAL, MINIAPP_URL: 'http://svara.example' })).toThrow(/https/);
    expect(() => load({ ...REAL, BOT_TOKEN: 'not a token' })).toThrow(/BOT_TOKEN/);
    expect(() => load({ BOT_ENABLED: 'true', BOT_TOKEN: REAL.BOT_TOKEN })).toThrow(/MINIAPP_URL/);
    expect(() => load({ BOT_ENABLED: 'yes' })).toThrow(/BOT_ENABLED/);
  });

  describe("the development chat (the api's stand-in Bot API)", () => {
    const OWN = 'http://127.0.0.1:3000/';
    const dev = (env: Record<string, string>) =>
      loadBotConfig(env, { developmentToken: DEV_TOKEN, ownMiniAppUrl: OWN });

    it("is on in development while BOT_ENABLED is not true, with the development token and the api's Mini App", () => {
      const envs: Record<string, string>[] = [{}, { NODE_ENV: 'development' }, { BOT_ENABLED: 'false' }];
      for (const env of envs) {
        expect(dev(env)).toMatchObject({
          enabled: true,
          devChat: true,
          settings: { token: DEV_TOKEN, miniAppUrl: OWN, newsChannelId: DEV_CHAT_NEWS_CHANNEL },
        });
      }
      const chosen = dev({
        MINIAPP_URL: 'http://127.0.0.1:5173/',
        NEWS_CHANNEL_ID: '@my_news',
        BOT_ADMIN_IDS: '9001',
      });
      expect(chosen.enabled && chosen.settings).toMatchObject({
        miniAppUrl: 'http://127.0.0.1:5173/',
        newsChannelId: '@my_news',
        adminIds: new Set(['9001']),
      });
    });

    it('gives way to the real bot, is off in tests unless asked, and can be turned off', () => {
      const real = dev({ ...REAL, NODE_ENV: 'development' });
      expect(real).toMatchObject({ enabled: true, settings: { token: REAL.BOT_TOKEN } });
      expect('devChat' in real).toBe(false);
      expect(dev({ NODE_ENV: 'test' })).toMatchObject({ enabled: false });
      expect(dev({ NODE_ENV: 'test', BOT_DEV_CHAT: 'true' })).toMatchObject({ enabled: true, devChat: true });
      expect(dev({ NODE_ENV: 'development', BOT_DEV_CHAT: 'false' })).toMatchObject({ enabled: false });
    });

    it('is refused in production, and never defaults on there', () => {
      const production = { NODE_ENV: 'production' };
      expect(() => dev({ ...production, BOT_DEV_CHAT: 'true' })).toThrow(/BOT_DEV_CHAT.*production/);
      expect(dev(production)).toMatchObject({ enabled: false });
    });

    it('needs a Mini App URL: MINIAPP_URL or the one the api serves', () => {
      expect(() => load({ NODE_ENV: 'development' })).toThrow(/MINIAPP_URL/);
    });
  });
});
