/**
 * A realtime test bench for one test file: a fresh database, the api with socket.io attached on a
 * loopback port, fast table clocks, and players who sign in through the real POST /auth/login with
 * dev-signed init data and talk over real socket.io-client connections. Every frame any client
 * receives goes through the frame checker; a test file asserts `leaks` stays empty.
 */
import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  FrameFollower,
  framePatchSchema,
  type Ack,
  type GameState,
  type TableState,
  type WireFrame,
  type WireGameState,
} from '@svara/core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../config.js';
import { signDevInitData } from '../../dev/init-data.js';
import { checkLedger } from '../../ledger/check.js';
import { knexOf } from '../../db/orm.js';
import { createLogger } from '../../logger.js';
import { createServer, type RunningServer } from '../../server.js';
import { createTestDatabase } from '../../test-support/db.js';
import { GENEROUS_RATE_LIMITS, TEST_BOT_TOKEN } from '../../test-support/http.js';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../index.js';
import { checkFrame } from './frame-checker.js';
import { findSeed, testSeed } from './seeds.js';

/**
 * Short clocks for the between-hand pauses; the turn is long enough that a loaded machine never
 * times a test player out between two of its moves (tests that want a time-out set their own).
 */
export const FAST_TIMINGS = { turnMs: 8_000, svaraMs: 1_500, resultMs: 150 };

/**
 * An event as the client received it. A game_update's `payload` is the whole frame the patch made
 * (what the server would have sent whole), so tests read frames as before; `patch` is what came.
 */
type Received = { event: string; payload: unknown; at: number; patch?: unknown };

export class TestClient {
  readonly received: Received[] = [];
  /** The latest game frame (game_state, or the last one patched by game_update). */
  state: GameState | null = null;
  /** The whole frames and patches as they come (core's FrameFollower, as the Mini App keeps them). */
  readonly frames = new FrameFollower();
  /** Patches that did not apply to the frame held (each asked for the whole frame again). */
  gaps = 0;
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(
    readonly userId: string,
    readonly token: string,
    readonly socket: Socket,
    private readonly bench: RealtimeBench,
  ) {
    socket.onAny((event: string, payload: unknown) => {
      let patch: unknown;
      if (event === 'game_update') {
        patch = payload;
        payload = this.patched(payload);
      } else if (event === 'game_state') {
        payload = this.frames.full(payload as WireGameState);
      }
      if (payload !== null && (event === 'game_state' || event === 'game_update')) {
        const seated = (payload as GameState | null)?.players?.some((p) => p.id === userId) ?? false;
        try {
          // Frames are compact on the wire; tests read them as a client does, parsed in full.
          this.state = checkFrame(payload, seated ? userId : null, bench.seeds);
        } catch (error) {
          bench.leaks.push(`${userId}: ${(error as Error).message}`);
          this.state = payload as GameState;
        }
      }
      this.received.push({ event, payload, at: Date.now(), ...(patch === undefined ? {} : { patch }) });
      this.waiters = this.waiters.filter((w) => {
        if (!w.check()) return true;
        w.resolve();
        return false;
      });
    });
  }

  /**
   * The whole frame a patch makes of the one held; null after a gap, which asks for the whole frame
   * again (join_room), as the Mini App does, or while that is awaited. A patch outside the protocol is a leak.
   */
  private patched(payload: unknown): WireFrame | null {
    const parsed = framePatchSchema.safeParse(payload);
    if (!parsed.success) {
      this.bench.leaks.push(`${this.userId}: not a frame patch: ${parsed.error.message}`);
      return null;
    }
    const held = this.frames.frame;
    const frame = this.frames.patch(parsed.data);
    // Asked once: the patches that come before the whole frame are dropped meanwhile.
    if (frame === null && held !== null) {
      this.gaps += 1;
      this.socket.emit('join_room', { roomId: held.roomId });
    }
    return frame;
  }

  /** Sends an event and resolves with its acknowledgement. */
  send(event: string, payload?: unknown): Promise<Ack> {
    const args = payload === undefined ? [] : [payload];
    return this.socket.timeout(5_000).emitWithAck(event, ...args) as Promise<Ack>;
  }

  /** Resolves once `check` holds (checked now and after every received event). */
  until(check: () => boolean, what = 'condition', timeoutMs = 8_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`${this.userId}: timed out waiting for ${what}; last status ${this.state?.status}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ check, resolve: done });
    });
  }

  /** Waits for a frame satisfying `check` and returns it. */
  async frame(check: (s: GameState) => boolean, what = 'frame', timeoutMs?: number): Promise<GameState> {
    await this.until(() => this.state !== null && check(this.state), what, timeoutMs);
    return this.state!;
  }

  /** Payloads of `event` received so far. */
  all<T = unknown>(event: string): T[] {
    return this.received.filter((r) => r.event === event).map((r) => r.payload as T);
  }

  /** Forgets what was received so far (the latest state stays). */
  clear(): void {
    this.received.length = 0;
  }

  get me() {
    return this.state?.players.find((p) => p.id === this.userId) ?? null;
  }

  get onTurn(): boolean {
    const s = this.state;
    return s !== null && s.currentPlayerIndex >= 0 && s.players[s.currentPlayerIndex]?.id === this.userId;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export interface RealtimeBench {
  readonly realtime: Realtime;
  readonly api: RunningServer;
  readonly baseUrl: string;
  /**
   * Every server seed handed to the runtime so far, chosen at a deal or committed ahead (none may
   * show up in a frame before its reveal).
   */
  readonly seeds: Set<string>;
  readonly leaks: string[];
  /** Signs in through POST /auth/login, funds the wallet (cents) and connects a socket. */
  player(
    id: number,
    options?: {
      funds?: number;
      username?: string;
      language?: string;
      photoUrl?: string;
      agreement?: boolean;
    },
  ): Promise<TestClient>;
  /** A socket with the given handshake (for authentication tests); resolves once connected or refused. */
  rawSocket(auth: Record<string, unknown>, headers?: Record<string, string>): Socket;
  /** Signs in; the user has accepted the user agreement (player protection) unless `agreement: false`. */
  login(
    id: number,
    options?: { username?: string; language?: string; photoUrl?: string; agreement?: boolean },
  ): Promise<string>;
  fund(userId: string, cents: number): Promise<void>;
  createRoom(token: string, minBet: number, password?: string): Promise<string>;
  rest<T = unknown>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /**
   * The next deal in `roomId` with at least `players` seated (default 2) uses the first test seed
   * whose deal satisfies `wanted`. Not on a bench made with `seedSource: undefined`: its tables
   * deal as in production, with the seeds they committed ahead (random ones).
   */
  dealNext(roomId: string, wanted: (dealt: TableState) => boolean, players?: number): void;
  walletBalance(userId: string): Promise<number>;
  expectLedgerOk(): Promise<void>;
}

/**
 * The bench's tables deal the seeds its `seedSource` picks at each deal (dealNext); with
 * `{ seedSource: undefined }` they deal as in production, each hand with the seed committed ahead.
 */
export function useRealtimeBench(options: Partial<RealtimeOptions> = {}): RealtimeBench {
  let api: RunningServer | null = null;
  let realtime: Realtime | null = null;
  let drop: (() => Promise<void>) | null = null;
  let baseUrl = '';
  const clients: TestClient[] = [];
  const seeds = new Set<string>();
  const leaks: string[] = [];
  const wanted = new Map<string, { wanted: (dealt: TableState) => boolean; players: number }[]>();
  let seedCounter = 1 + Math.floor(Math.random() * 1_000_000);
  let funded = 0;

  const seedSource = ({ roomId, state }: { roomId: string; state: TableState }) => {
    const queue = wanted.get(roomId);
    // A wish waits for its deal: one with the number of seated players it was made for.
    const next = queue?.[0];
    const predicate = next && state.seats.length >= next.players ? queue!.shift()!.wanted : undefined;
    let seed: string;
    if (predicate) {
      seed = findSeed(state, predicate, { from: seedCounter }).seed;
      seedCounter = Number.parseInt(seed.slice(0, 8), 16);
    } else seed = testSeed(seedCounter);
    seedCounter += 1;
    seeds.add(seed);
    return seed;
  };
  /** The seeds tables commit ahead of their deals (a bench without `seedSource`): random, recorded. */
  const drawSeed = () => {
    const seed = randomBytes(32).toString('hex');
    seeds.add(seed);
    return seed;
  };

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = () => db.drop();
    const config = loadConfig({
      NODE_ENV: 'test',
      BOT_TOKEN: TEST_BOT_TOKEN,
      JWT_SECRET: 'test-jwt-secret-long-enough-for-the-rule',
    });
    api = createServer({
      config,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false }),
      orm: db.orm,
      rateLimits: GENEROUS_RATE_LIMITS,
      miniappDist: null,
    });
    realtime = await attachRealtime(api, {
      timings: FAST_TIMINGS,
      lobbyIntervalMs: 200,
      // Players of a test sit one after another: deal the first hand once they all sat.
      startDelayMs: 300,
      seedSource,
      drawSeed,
      // The lobby starts empty; practice tests open their tables themselves.
      keepPracticeTables: false,
      ...options,
    });
    const port = await api.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterEach(async () => {
    // A failed test must not leave players seated: their table would go on dealing in the background.
    for (const c of clients) {
      const roomId = c.state?.roomId;
      if (roomId && c.socket.connected && c.me) await c.send('leave_room', { roomId }).catch(() => undefined);
    }
    const found = leaks.splice(0);
    expect(found, 'frames that showed something they must not').toEqual([]);
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await realtime?.close();
    await api?.close(500);
    await drop?.();
  });

  async function rest<T>(method: string, path: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${API_PREFIX}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  function rawSocket(auth: Record<string, unknown>, headers: Record<string, string> = {}): Socket {
    return connect(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth,
      extraHeaders: headers,
      reconnection: false,
      forceNew: true,
    });
  }

  const bench: RealtimeBench = {
    get realtime() {
      if (!realtime) throw new Error('not started');
      return realtime;
    },
    get api() {
      if (!api) throw new Error('not started');
      return api;
    },
    get baseUrl() {
      return baseUrl;
    },
    seeds,
    leaks,
    rest,
    rawSocket,
    async login(id, opts = {}) {
      const initData = signDevInitData(
        {
          id,
          username: opts.username ?? `u${id}`,
          languageCode: opts.language ?? 'en',
          photoUrl: opts.photoUrl ?? null,
        },
        { botToken: TEST_BOT_TOKEN },
      );
      const r = await rest<{ accessToken: string }>('POST', '/auth/login', undefined, { initData });
      if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
      if (opts.agreement !== false) {
        const protection = bench.api.services.protection;
        await protection.acceptAgreement(String(id), protection.agreementVersion);
      }
      return r.body.accessToken;
    },
    async fund(userId, cents) {
      const ledger = bench.api.services.ledger;
      await ledger.transfer({
        idempotencyKey: `test-fund:${userId}:${funded++}:${Date.now()}`,
        debitAccountId: await ledger.systemAccount('faucet'),
        creditAccountId: await ledger.playerWallet(userId),
        amount: cents,
        reason: 'faucet',
      });
      await bench.realtime.walletChanged(userId);
    },
    async player(id, opts = {}) {
      const token = await bench.login(id, opts);
      if ((opts.funds ?? 10_000) > 0) await bench.fund(String(id), opts.funds ?? 10_000);
      const socket = rawSocket({ token });
      const client = new TestClient(String(id), token, socket, bench);
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return client;
    },
    async createRoom(token, minBet, password) {
      const body = password ? { type: 'private', minBet, password } : { type: 'public', minBet };
      const r = await rest<{ roomId: string }>('POST', '/rooms', token, body);
      if (r.status !== 201) throw new Error(`room not created: ${JSON.stringify(r.body)}`);
      return r.body.roomId;
    },
    dealNext(roomId, predicate, players = 2) {
      const queue = wanted.get(roomId) ?? [];
      queue.push({ wanted: predicate, players });
      wanted.set(roomId, queue);
    },
    walletBalance(userId) {
      return bench.api.services.ledger.walletBalance(userId);
    },
    async expectLedgerOk() {
      const report = await checkLedger(knexOf(bench.api.services.orm));
      expect(report, 'ledger invariants').toMatchObject({
        ok: true,
        totalBalance: 0,
        mismatches: [],
        negatives: [],
      });
    },
  };
  return bench;
}
