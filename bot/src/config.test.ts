import { describe, expect, it } from 'vitest';
import { BotConfigError, loadBotConfig } from './config.js';

const DEV_TOKEN = '1000000000:DEVELOPMENT-ONLY-not-a-real-bot-token';
const load = (env: Record<string, string>) => loadBotConfig(env, { developmentToken: DEV_TOKEN });
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

  it('stops the start on a malformed variable or a missing Mini App URL once enabled', () => {
    expect(() => load({ ...REAL, BOT_ADMIN_IDS: '1001,@admin' })).toThrow(BotConfigError);
    expect(() => load({ ...REAL, MINIAPP_URL: 'http://svara.example' })).toThrow(/https/);
    expect(() => load({ ...REAL, BOT_TOKEN: 'not a token' })).toThrow(/BOT_TOKEN/);
    expect(() => load({ BOT_ENABLED: 'true', BOT_TOKEN: REAL.BOT_TOKEN })).toThrow(/MINIAPP_URL/);
    expect(() => load({ BOT_ENABLED: 'yes' })).toThrow(/BOT_ENABLED/);
  });
});
