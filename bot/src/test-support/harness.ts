/**
 * One test file's bot: the api's real services on a fresh database, the bot built on them, and the
 * Bot API faked at the client level. Each test gets a new bot and an empty call log.
 */
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { createLogger } from '../../../api/src/logger.js';
import { createServices, type Services } from '../../../api/src/services.js';
import { useTestDatabase } from '../../../api/src/test-support/db.js';
import { createSvaraBot, type SvaraBot } from '../bot.js';
import type { BotLogger, BotServices } from '../ports.js';
import { FakeTelegram, TEST_BOT_INFO } from './fake-telegram.js';
import type { Update, User } from 'grammy/types';

export const TEST_TOKEN = '4242:test-bot-token';
export const MINIAPP_URL = 'https://play.svara.example/app';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

export function recordingLogger(entries: LogEntry[]): BotLogger {
  const at = (level: LogEntry['level']) => (details: object, message: string) =>
    void entries.push({ level, details, message });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

export interface BotHarness {
  readonly services: Services;
  readonly telegram: FakeTelegram;
  readonly svara: SvaraBot;
  readonly logs: LogEntry[];
  readonly knex: ReturnType<typeof useTestDatabase>['knex'];
  /** Handles one update the way polling would. */
  handle(update: Update): Promise<void>;
  /** Creates the player as a Mini App sign-in would have. */
  player(user: User): Promise<void>;
  /**
   * Another bot on its own fake Bot API, logging into `logs`: services changed for one test (a
   * failing part, a missing provider), or a new process on the same database.
   */
  botWith(options?: { services?: BotServices; adminIds?: string[] }): SvaraBot & { telegram: FakeTelegram };
}

export function useBotHarness(
  options: { adminIds?: string[]; broadcastPerSecond?: number; newsChannelId?: string } = {},
): BotHarness {
  const db = useTestDatabase();
  let services: Services | null = null;
  let telegram: FakeTelegram | null = null;
  let svara: SvaraBot | null = null;
  const logs: LogEntry[] = [];

  beforeAll(() => {
    services = createServices({
      // The same operators for the api's services (who is told of reviews) as for the bot.
      config: loadConfig({ NODE_ENV: 'test', BOT_ADMIN_IDS: (options.adminIds ?? []).join(',') }),
      logger: createLogger({ level: 'silent', pretty: false }),
      orm: db.current.orm,
    });
    // Players of these tests have accepted the user agreement (player protection, api/src/protection),
    // whichever way the bot signs them up; a test of a player who has not removes the row.
    const created = services;
    const upsert = created.users.upsertFromTelegram.bind(created.users);
    created.users.upsertFromTelegram = async (telegramUser) => {
      const user = await upsert(telegramUser);
      await created.protection.acceptAgreement(user.telegramId, created.protection.agreementVersion);
      return user;
    };
  });
  beforeEach(async () => {
    // Conversations persist in the database; a new bot starts with none (as if all had ended).
    await db.knex('bot_conversations').delete();
    logs.length = 0;
    telegram = new FakeTelegram();
    svara = createSvaraBot({
      token: TEST_TOKEN,
      botInfo: TEST_BOT_INFO,
      client: telegram.client,
      settings: {
        miniAppUrl: MINIAPP_URL,
        adminIds: new Set(options.adminIds ?? []),
        ...(options.newsChannelId ? { newsChannelId: options.newsChannelId } : {}),
      },
      services: services!,
      logger: recordingLogger(logs),
      ...(options.broadcastPerSecond ? { broadcastPerSecond: options.broadcastPerSecond } : {}),
    });
  });
  afterEach(async () => {
    await svara?.broadcaster.idle();
    // A test that expects an error log clears it; anything left is a failure nobody looked at.
    expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  const must = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`${what} is not ready (use it inside tests)`);
    return value;
  };
  return {
    get services() {
      return must(services, 'services');
    },
    get telegram() {
      return must(telegram, 'the fake Bot API');
    },
    get svara() {
      return must(svara, 'the bot');
    },
    logs,
    get knex() {
      return db.knex;
    },
    handle(update) {
      return must(svara, 'the bot').bot.handleUpdate(update);
    },
    botWith(options = {}) {
      const telegram = new FakeTelegram();
      const bot = createSvaraBot({
        token: TEST_TOKEN,
        botInfo: TEST_BOT_INFO,
        client: telegram.client,
        settings: { miniAppUrl: MINIAPP_URL, adminIds: new Set(options.adminIds ?? []) },
        services: options.services ?? must(services, 'services'),
        logger: recordingLogger(logs),
      });
      return { ...bot, telegram };
    },
    async player(user) {
      await must(services, 'services').users.upsertFromTelegram({
        id: String(user.id),
        username: user.username ?? null,
        firstName: user.first_name,
        lastName: user.last_name ?? null,
        photoUrl: null,
        languageCode: user.language_code ?? null,
        isPremium: false,
      });
    },
  };
}
