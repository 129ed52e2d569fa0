/**
 * Settings of the realtime layer. The defaults are the product's (RULES §6, SPEC §9); tests and the
 * bench shorten the clocks through options or the environment.
 */
import { randomBytes } from 'node:crypto';
import { TIMINGS, type decideHouseMove, type TableState, type TableTimings } from '@svara/core';
import { z } from 'zod';
import { DEFAULT_BATCHING, type CommitBatching } from './hand-store.js';

export interface RealtimeOptions {
  /** A timing left out is the product's (createTable's default). */
  timings: Partial<TableTimings>;
  /**
   * How long a waiting table with enough players waits before dealing its first hand (0: at once,
   * as the reducer allows). Lets a group that arrives together be dealt in together.
   */
  startDelayMs: number;
  /** A room with nobody seated and nobody watching closes after this long. */
  emptyRoomCloseMs: number;
  /** The lobby gets at most one `rooms` update per this interval. */
  lobbyIntervalMs: number;
  /** Table chat: phrases per second per player, and the burst allowed. */
  chat: { perSecond: number; burst: number };
  /** After a failed write (database unavailable) the table retries its pending step after this long. */
  retryMs: number;
  /**
   * Draws each table's server seed for its next hand (32 bytes as hex): committed as soon as that
   * hand is foreseeable, its hash shown until the deal (RULES §7). node:crypto by default; a
   * development server may hand out chosen seeds first (DEV_SERVER_SEEDS), in the order they are
   * committed.
   */
  drawSeed: () => string;
  /**
   * Only tests set this, to deal chosen cards: it is called right before a deal with the table as it
   * is then, and gives that hand's seed. Such a table commits nothing ahead (nextCommitment stays null).
   */
  seedSource?: (table: { roomId: string; state: TableState }) => string;
  /** The server clock (ms since epoch). */
  clock: () => number;
  /** With a Redis URL, socket.io broadcasts through @socket.io/redis-adapter. */
  redisUrl: string | null;
  /**
   * WebSocket per-message deflate for frames above 256 bytes (SOCKET_COMPRESSION=true). A six-player
   * game frame is about 1.8 KB of JSON, well under 1 KB deflated; but deflate runs per connection
   * and its writes cannot be batched, which about doubles the server's CPU per action. Off by
   * default: CPU is the scarcer resource of a table server, and two KB per update is nothing for a
   * phone.
   */
  compression: boolean;
  /** Logs a line with the process's CPU use and counters every this many ms (0: never). */
  statsIntervalMs: number;
  /**
   * How the tables' writes are grouped into database calls (hand-store.ts): at most `maxBatch`
   * commits a call, at most `maxInFlight` calls at once, a call waiting `gatherMs` for company
   * (TABLE_COMMIT_BATCH, TABLE_COMMIT_IN_FLIGHT, TABLE_COMMIT_GATHER_MS).
   */
  commitBatching: CommitBatching;
  /** How long a minute of play is for reality checks (api/src/protection/reality-checks.ts); tests shorten it. */
  realityCheckMinuteMs?: number;
  /**
   * House players' pause before a move, as a share of the human-like 0.8–3 s (api/src/practice): 1 in
   * the product; tests with short turn clocks shorten it (HOUSE_THINK_SCALE).
   */
  houseThinkScale?: number;
  /** How house players decide: core's decideHouseMove unless a test wraps it (api/src/practice). */
  houseStrategy?: typeof decideHouseMove;
  /**
   * The house keeps a public practice table open at every practice stake (api/src/practice); tests
   * whose lobby must start empty turn it off.
   */
  keepPracticeTables?: boolean;
  /**
   * A play-chip Sit & Go with a person registered and seats left is filled with house players after
   * this long (api/src/tournaments); default 5 s.
   */
  sngHouseFillMs?: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  timings: {
    turnMs: TIMINGS.turnMs,
    svaraMs: TIMINGS.svaraDecisionMs,
    resultMs: TIMINGS.resultDisplayMs,
    awayMs: TIMINGS.awayMs,
  },
  startDelayMs: 0,
  emptyRoomCloseMs: 10 * 60_000,
  lobbyIntervalMs: 1_000,
  chat: { perSecond: 1, burst: 3 },
  retryMs: 1_000,
  drawSeed: () => randomBytes(32).toString('hex'),
  clock: Date.now,
  redisUrl: null,
  compression: false,
  statsIntervalMs: 0,
  commitBatching: DEFAULT_BATCHING,
};

const ms = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 3600_000)
  .optional();
const envSchema = z.object({
  TABLE_TURN_MS: ms,
  TABLE_SVARA_MS: ms,
  TABLE_RESULT_MS: ms,
  TABLE_AWAY_MS: ms,
  ROOM_EMPTY_CLOSE_MS: ms,
  TABLE_START_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  REALTIME_STATS_MS: z.coerce.number().int().min(0).optional(),
  SOCKET_COMPRESSION: z.enum(['true', 'false', '1', '0']).optional(),
  TABLE_COMMIT_BATCH: z.coerce.number().int().min(1).max(1_000).optional(),
  TABLE_COMMIT_IN_FLIGHT: z.coerce.number().int().min(1).max(64).optional(),
  TABLE_COMMIT_GATHER_MS: z.coerce.number().int().min(0).max(1_000).optional(),
});

/**
 * Overrides from the environment: TABLE_TURN_MS, TABLE_SVARA_MS, TABLE_RESULT_MS, TABLE_AWAY_MS,
 * TABLE_START_DELAY_MS, ROOM_EMPTY_CLOSE_MS, REALTIME_STATS_MS, SOCKET_COMPRESSION,
 * TABLE_COMMIT_BATCH, TABLE_COMMIT_IN_FLIGHT, TABLE_COMMIT_GATHER_MS.
 */
export function realtimeOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<RealtimeOptions> {
  const blank = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const e = envSchema.parse(blank);
  const timings = { ...DEFAULT_REALTIME_OPTIONS.timings };
  if (e.TABLE_TURN_MS) timings.turnMs = e.TABLE_TURN_MS;
  if (e.TABLE_SVARA_MS) timings.svaraMs = e.TABLE_SVARA_MS;
  if (e.TABLE_RESULT_MS) timings.resultMs = e.TABLE_RESULT_MS;
  if (e.TABLE_AWAY_MS) timings.awayMs = e.TABLE_AWAY_MS;
  return {
    timings,
    ...(e.ROOM_EMPTY_CLOSE_MS ? { emptyRoomCloseMs: e.ROOM_EMPTY_CLOSE_MS } : {}),
    ...(e.TABLE_START_DELAY_MS !== undefined ? { startDelayMs: e.TABLE_START_DELAY_MS } : {}),
    ...(e.REALTIME_STATS_MS !== undefined ? { statsIntervalMs: e.REALTIME_STATS_MS } : {}),
    ...(e.SOCKET_COMPRESSION
      ? { compression: e.SOCKET_COMPRESSION === 'true' || e.SOCKET_COMPRESSION === '1' }
      : {}),
    ...(e.TABLE_COMMIT_BATCH || e.TABLE_COMMIT_IN_FLIGHT || e.TABLE_COMMIT_GATHER_MS !== undefined
      ? {
          commitBatching: {
            maxBatch: e.TABLE_COMMIT_BATCH ?? DEFAULT_BATCHING.maxBatch,
            maxInFlight: e.TABLE_COMMIT_IN_FLIGHT ?? DEFAULT_BATCHING.maxInFlight,
            gatherMs: e.TABLE_COMMIT_GATHER_MS ?? DEFAULT_BATCHING.gatherMs,
          },
        }
      : {}),
  };
}

export function resolveOptions(...parts: Partial<RealtimeOptions>[]): RealtimeOptions {
  return Object.assign({}, DEFAULT_REALTIME_OPTIONS, ...parts) as RealtimeOptions;
}
