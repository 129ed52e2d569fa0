import { setTimeout as delay } from 'node:timers/promises';
import { Bot } from 'grammy';
import { describe, expect, it } from 'vitest';
import { launchBot } from './launch.js';
import { FakeTelegram, TEST_BOT_INFO } from './test-support/fake-telegram.js';
import { MINIAPP_URL, recordingLogger, useBotHarness, type LogEntry } from './test-support/harness.js';
import { telegramUser, textUpdate } from './test-support/updates.js';
import { createWebhookEndpoint } from './webhook.js';

const harness = useBotHarness();

const WEBHOOK = {
  url: 'https://svara.example/api/v1/bot/webhook',
  path: '/api/v1/bot/webhook',
  secretToken: 'the-Secret_42',
};

describe('the webhook endpoint', () => {
  const endpoint = () =>
    createWebhookEndpoint(harness.svara.bot, { settings: WEBHOOK, logger: recordingLogger(harness.logs) });

  it('accepts only the secret token Telegram was given', () => {
    const webhook = endpoint();
    expect(webhook.path).toBe('/api/v1/bot/webhook');
    expect(webhook.authorized('the-Secret_42')).toBe(true);
    for (const wrong of [undefined, '', 'the-Secret_4', 'the-Secret_42 ', 'THE-SECRET_42', 'x'.repeat(300)]) {
      expect(webhook.authorized(wrong), String(wrong)).toBe(false);
    }
  });

  it('hands an update to the bot, which answers before the request does', async () => {
    const player = telegramUser(4301);
    const outcome = await endpoint().handle(textUpdate(player, '/start'));
    expect(outcome).toBe('handled');
    expect(harness.telegram.textsTo(4301)).toHaveLength(1);
  });

  it('refuses what is not an update, and everything once stopped', async () => {
    const webhook = endpoint();
    expect(await webhook.handle({ message: { text: '/start' } })).toBe('invalid');
    expect(await webhook.handle('update')).toBe('invalid');
    await webhook.stop();
    expect(await webhook.handle(textUpdate(telegramUser(4302), '/start'))).toBe('not_ready');
    expect(harness.telegram.calls).toEqual([]);
  });

  it('is not ready before the bot knows who it is', async () => {
    const telegram = new FakeTelegram();
    const bot = new Bot('4242:test-bot-token', { client: telegram.client });
    const webhook = createWebhookEndpoint(bot, { settings: WEBHOOK, logger: recordingLogger([]) });
    expect(await webhook.handle(textUpdate(telegramUser(4303), 'hi'))).toBe('not_ready');
    await bot.init();
    expect(await webhook.handle(textUpdate(telegramUser(4303), 'hi'))).toBe('handled');
  });

  describe('with a handler that fails or dawdles', () => {
    function failingBot(logs: LogEntry[], work: () => Promise<void>) {
      const telegram = new FakeTelegram();
      const bot = new Bot('4242:test-bot-token', { client: telegram.client, botInfo: TEST_BOT_INFO });
      bot.catch(({ error }) => void logs.push({ level: 'error', details: { error }, message: 'caught' }));
      bot.on('message', work);
      return bot;
    }

    it('passes a failure to bot.catch and still answers handled, so Telegram does not retry it', async () => {
      const logs: LogEntry[] = [];
      const bot = failingBot(logs, () => Promise.reject(new Error('the handler broke')));
      const webhook = createWebhookEndpoint(bot, { settings: WEBHOOK, logger: recordingLogger(logs) });
      expect(await webhook.handle(textUpdate(telegramUser(4304), 'hi'))).toBe('handled');
      expect(logs).toEqual([
        { level: 'error', details: { error: new Error('the handler broke') }, message: 'caught' },
      ]);
    });

    it('answers a slow update in time and lets it finish, also on stop', async () => {
      let finished = false;
      const bot = failingBot([], async () => {
        await delay(300);
        finished = true;
      });
      const webhook = createWebhookEndpoint(bot, {
        settings: WEBHOOK,
        logger: recordingLogger([]),
        answerWithinMs: 50,
      });
      const startedAt = performance.now();
      expect(await webhook.handle(textUpdate(telegramUser(4305), 'hi'))).toBe('handled');
      expect(performance.now() - startedAt).toBeLessThan(250);
      expect(finished).toBe(false);
      await webhook.stop();
      expect(finished).toBe(true);
    });
  });
});

describe('launching in webhook mode', () => {
  it('tells Telegram the URL and the secret, keeps pending updates, and never polls', async () => {
    await harness.knex('bot_leases').delete();
    const telegram = new FakeTelegram();
    const logs: LogEntry[] = [];
    const running = launchBot(
      {
        enabled: true,
        settings: {
          token: '7000001:AAH-real_token',
          username: 'svara_game_bot',
          miniAppUrl: MINIAPP_URL,
          adminIds: new Set<string>(),
          webhook: WEBHOOK,
        },
      },
      { services: harness.services, logger: recordingLogger(logs), client: telegram.client },
    )!;
    await running.ready;
    expect(telegram.callsOf('setWebhook')).toEqual([
      {
        url: WEBHOOK.url,
        secret_token: WEBHOOK.secretToken,
        allowed_updates: ['message', 'callback_query', 'inline_query'],
        drop_pending_updates: false,
      },
    ]);
    expect(logs.map((e) => e.message)).toEqual(['Telegram bot receiving updates by webhook']);

    const webhook = running.webhook!;
    expect(webhook.path).toBe('/api/v1/bot/webhook');
    expect(await webhook.handle(textUpdate(telegramUser(4310), '/start'))).toBe('handled');
    expect(telegram.textsTo(4310)).toHaveLength(1);

    await delay(100);
    await running.stop();
    const methods = telegram.calls.map((c) => c.method);
    expect(methods).not.toContain('getUpdates');
    expect(methods).not.toContain('deleteWebhook');
    expect(await harness.knex('bot_leases').select()).toEqual([]);
    expect(await webhook.handle(textUpdate(telegramUser(4310), '/start'))).toBe('not_ready');
  });

  it('has no webhook endpoint when polling', () => {
    const running = launchBot(
      {
        enabled: true,
        settings: {
          token: '7000001:AAH-real_token',
          username: 'svara_game_bot',
          miniAppUrl: MINIAPP_URL,
          adminIds: new Set<string>(),
        },
      },
      { services: harness.services, logger: recordingLogger([]), client: new FakeTelegram().client },
    )!;
    expect(running.webhook).toBeNull();
    return running.stop();
  });
});
