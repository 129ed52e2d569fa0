import { launchBot, type RunningBot } from '@svara/bot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTelegram } from '../../../../bot/src/test-support/fake-telegram.js';
import { telegramUser, textUpdate } from '../../../../bot/src/test-support/updates.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { createServer, type RunningServer } from '../../server.js';
import { createTestDatabase } from '../../test-support/db.js';
import { GENEROUS_RATE_LIMITS, TEST_BOT_TOKEN } from '../../test-support/http.js';
import { botWebhookMount } from './bot-webhook.js';

const PATH = '/api/v1/bot/webhook';
const SECRET = 'webhook-Secret_1';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: RunningServer;
let baseUrl: string;
const mount = botWebhookMount(PATH);
const telegram = new FakeTelegram();
let bot: RunningBot | null = null;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createServer({
    config: loadConfig({
      NODE_ENV: 'test',
      BOT_TOKEN: TEST_BOT_TOKEN,
      JWT_SECRET: 'test-jwt-secret-long-enough-for-the-rule',
    }),
    logger: createLogger({ level: 'silent', pretty: false }),
    orm: db.orm,
    rateLimits: GENEROUS_RATE_LIMITS,
    miniappDist: null,
    botWebhook: mount,
  });
  baseUrl = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`;
});

afterAll(async () => {
  await bot?.stop();
  await server?.close(1000);
  await db?.drop();
});

/** The bot in webhook mode, launched as main.ts does, attached to the route. */
async function launchedBot(): Promise<RunningBot> {
  if (bot) return bot;
  bot = launchBot(
    {
      enabled: true,
      settings: {
        token: '7000001:AAH-real_token',
        username: 'svara_game_bot',
        miniAppUrl: 'https://play.svara.example/app',
        adminIds: new Set(),
        webhook: { url: `https://svara.example${PATH}`, path: PATH, secretToken: SECRET },
      },
    },
    {
      services: server.services,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      client: telegram.client,
    },
  )!;
  mount.attach(bot.webhook!);
  await bot.ready;
  return bot;
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const sentTo = (chatId: number) => telegram.textsTo(chatId).length;

describe("Telegram's webhook", () => {
  it('answers 503 until the bot is attached, so Telegram retries the update later', async () => {
    const response = await post(textUpdate(telegramUser(5100), '/start'), {
      'x-telegram-bot-api-secret-token': SECRET,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('hands an update with the right secret token to the bot', async () => {
    await launchedBot();
    const response = await post(textUpdate(telegramUser(5101), '/start'), {
      'x-telegram-bot-api-secret-token': SECRET,
    });
    expect(response.status).toBe(200);
    expect(sentTo(5101)).toBe(1);
    expect(telegram.lastTo(5101)).toMatchObject({ chat_id: 5101 });
  });

  it('refuses a wrong or missing secret token with 401, and the bot never sees the update', async () => {
    await launchedBot();
    const wrong: Record<string, string>[] = [{}, { 'x-telegram-bot-api-secret-token': 'webhook-Secret_2' }];
    for (const headers of wrong) {
      const response = await post(textUpdate(telegramUser(5102), '/start'), headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'auth_validation_failed' });
    }
    expect(sentTo(5102)).toBe(0);
    expect(await server.services.users.get('5102')).toBeNull();
  });

  it('refuses a body that is not an update', async () => {
    await launchedBot();
    const headers = { 'x-telegram-bot-api-secret-token': SECRET };
    expect((await post('{not json', headers)).status).toBe(400);
    expect((await post({ message: { text: '/start' } }, headers)).status).toBe(400);
  });

  it('takes POST at its path only', async () => {
    await launchedBot();
    const elsewhere = await fetch(`${baseUrl}/api/v1/bot/webhook/other`, {
      method: 'POST',
      headers: { 'x-telegram-bot-api-secret-token': SECRET, 'content-type': 'application/json' },
      body: JSON.stringify(textUpdate(telegramUser(5103), '/start')),
    });
    expect(elsewhere.status).toBe(404);
    expect((await fetch(`${baseUrl}${PATH}`)).status).toBe(404);
    expect(sentTo(5103)).toBe(0);
  });
});
