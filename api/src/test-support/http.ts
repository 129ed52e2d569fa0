/**
 * A listening api for one test file: its own fresh database, a server on a random loopback port,
 * and small helpers to sign in test users and call the REST api like the mini-app does.
 */
import { API_PREFIX } from '@svara/core';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { signDevInitData, type DevUser } from '../dev/init-data.js';
import type { RateLimitSettings } from '../http/rate-limit.js';
import { createLogger } from '../logger.js';
import type { TableDirectory } from '../rooms/table-directory.js';
import { createServer, type RunningServer } from '../server.js';
import type { Services } from '../services.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_BOT_TOKEN = '4242:test-bot-token';

/** Limits high enough that ordinary tests never meet them. */
export const GENEROUS_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { perSecond: 10_000, burst: 10_000 },
  mutationPerUser: { perSecond: 10_000, burst: 10_000 },
  mutationPerIp: { perSecond: 10_000, burst: 10_000 },
};

export interface TestServerOptions {
  env?: Record<string, string>;
  tables?: TableDirectory;
  rateLimits?: RateLimitSettings;
  miniappDist?: string | null;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestServer {
  readonly services: Services;
  readonly config: Config;
  readonly db: TestDatabase;
  readonly baseUrl: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * Signs in a test user through POST /auth/login and returns the access token. The user has accepted
   * the current user agreement (player protection) unless `agreement: false`.
   */
  login(user: DevUser, startPayload?: string, options?: { agreement?: boolean }): Promise<string>;
  /** Credits a user's wallet through the ledger (faucet), in cents. */
  fund(userId: string, cents: number): Promise<void>;
}

export function useTestServer(options: TestServerOptions = {}): TestServer {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let running: RunningServer | null = null;
  let config: Config | null = null;
  let baseUrl = '';
  let funded = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    config = loadConfig({
      NODE_ENV: 'test',
      BOT_TOKEN: TEST_BOT_TOKEN,
      JWT_SECRET: 'test-jwt-secret-long-enough-for-the-rule',
      ...options.env,
    });
    running = createServer({
      config,
      logger: createLogger({ level: 'silent', pretty: false }),
      orm: db.orm,
      rateLimits: options.rateLimits ?? GENEROUS_RATE_LIMITS,
      miniappDist: options.miniappDist ?? null,
      ...(options.tables ? { tables: options.tables } : {}),
    });
    const port = await running.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await running?.close(1000);
    await db?.drop();
  });

  const server: TestServer = {
    get services() {
      if (!running) throw new Error('test server not started');
      return running.services;
    },
    get config() {
      if (!config) throw new Error('test server not started');
      return config;
    },
    get db() {
      if (!db) throw new Error('test server not started');
      return db;
    },
    get baseUrl() {
      return baseUrl;
    },
    async request(method, path, requestOptions = {}) {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body =
          typeof requestOptions.body === 'string' ? requestOptions.body : JSON.stringify(requestOptions.body);
      }
      const url = path.startsWith('/api') || !path.startsWith('/') ? path : `${API_PREFIX}${path}`;
      const response = await fetch(`${baseUrl}${url.startsWith('/') ? url : `/${url}`}`, {
        method,
        headers,
        body,
      });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
      return { status: response.status, body: parsed as never, headers: response.headers };
    },
    async login(user, startPayload, loginOptions = {}) {
      const initData = signDevInitData(user, { botToken: TEST_BOT_TOKEN });
      const response = await server.request<{ accessToken: string }>('POST', '/auth/login', {
        body: { initData, ...(startPayload ? { startPayload } : {}) },
      });
      if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
      if (loginOptions.agreement !== false)
        await server.services.protection.acceptAgreement(
          String(user.id),
          server.services.protection.agreementVersion,
        );
      return response.body.accessToken;
    },
    async fund(userId, cents) {
      const ledger = server.services.ledger;
      await ledger.transfer({
        idempotencyKey: `test-fund:${userId}:${funded++}:${Date.now()}`,
        debitAccountId: await ledger.systemAccount('faucet'),
        creditAccountId: await ledger.playerWallet(userId),
        amount: cents,
        reason: 'faucet',
      });
    },
  };
  return server;
}

/** A table directory the tests fill in by hand: seats and whether a hand runs, per room. */
export class FakeTables implements TableDirectory {
  readonly tables = new Map<
    string,
    { players: { id: string; username: string | null; avatar: string | null }[]; handRunning: boolean }
  >();

  summary(roomId: string) {
    const table = this.tables.get(roomId);
    return {
      players: table?.players ?? [],
      handRunning: table?.handRunning ?? false,
      status: table?.handRunning ? 'betting' : 'waiting',
    };
  }

  /** The room a player sits in: the first room whose players include them. */
  seatOf(userId: string): string | undefined {
    for (const [roomId, table] of this.tables) if (table.players.some((p) => p.id === userId)) return roomId;
    return undefined;
  }

  seat(roomId: string, count: number, options: { handRunning?: boolean; firstId?: number } = {}) {
    const firstId = options.firstId ?? 900_000;
    this.tables.set(roomId, {
      players: Array.from({ length: count }, (_, i) => ({
        id: String(firstId + i),
        username: `p${i}`,
        avatar: null,
      })),
      handRunning: options.handRunning ?? false,
    });
  }
}
