/**
 * The realtime layer on the api's HTTP server: socket.io at /socket.io (websocket transport), the
 * authoritative table runtime, the lobby feed and, with REDIS_URL, the Redis adapter.
 *
 *   const api = createServer({ config, logger, orm });
 *   const realtime = await attachRealtime(api);   // voids hands a crash left running, then serves
 *   await api.listen();
 *   …
 *   await realtime.close();                         // before api.close()
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { knexOf } from '../db/orm.js';
import type { RunningServer } from '../server.js';
import { Gateway } from './gateway.js';
import { createHandStore } from './hand-store.js';
import { LobbyFeed } from './lobby.js';
import { realtimeOptionsFromEnv, resolveOptions, type RealtimeOptions } from './options.js';
import { startStatsReporting } from './stats.js';
import { TableRuntime } from './table-runtime.js';
import { batchSocketWrites } from './write-batching.js';

export type { RealtimeOptions } from './options.js';

export interface Realtime {
  io: Server;
  runtime: TableRuntime;
  /**
   * A wallet changed outside the tables (deposit credited, withdrawal, faucet): the player's seat
   * follows it and their sockets get balanceUpdated — or transactionConfirmed when `message` is given.
   */
  walletChanged(userId: string, message?: string): Promise<void>;
  /** Counters for the bench and logs. */
  stats(): Record<string, number>;
  /** Stops timers, lets queued table steps finish, disconnects every socket, closes the Redis clients. */
  close(): Promise<void>;
}

export async function attachRealtime(
  api: RunningServer,
  overrides: Partial<RealtimeOptions> = {},
): Promise<Realtime> {
  const { services } = api;
  const { config, logger } = services;
  const options = resolveOptions({ redisUrl: config.redisUrl }, realtimeOptionsFromEnv(), overrides);
  const knex = knexOf(services.orm);

  const io = new Server(api.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // Client messages are small intentions; anything big is not ours.
    maxHttpBufferSize: 16 * 1024,
    // A heartbeat every 2 s, given up after 3 s more: a silent loss (a phone losing its network, a
    // server gone) is noticed on both sides within about 5 s instead of socket.io's 25–45 s. The
    // ping is a one-byte frame: at 3,000 players, 1,500 frames a second.
    pingInterval: 2_000,
    pingTimeout: 3_000,
    // Deflate keeps frames small on the wire. A 4 KB window holds the previous frame, so a frame
    // mostly encodes what changed since it; memLevel 7 keeps each connection's context at 80 KB.
    perMessageDeflate: options.compression
      ? {
          threshold: 256,
          serverMaxWindowBits: 12,
          zlibDeflateOptions: { level: 1, memLevel: 7 },
          concurrencyLimit: 64,
        }
      : false,
    ...(config.miniappOrigin ? { cors: { origin: [config.miniappOrigin], credentials: true } } : {}),
  });

  batchSocketWrites(io);

  let redis: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub));
    logger.info('socket.io uses the Redis adapter');
  }

  const store = createHandStore(knex, services.ledger, options.commitBatching);
  const runtime = new TableRuntime({
    store,
    ledger: services.ledger,
    rooms: services.rooms,
    options,
    logger,
    suspension: services.suspension,
  });
  services.rooms.useTableDirectory(runtime);

  const open = await knex.raw<{ rows: { id: string }[] }>(`select id from rooms where status = 'open'`);
  const recovered = await runtime.recover(
    store,
    open.rows.map((r) => r.id),
  );
  if (recovered.voided > 0) logger.warn(recovered, 'hands voided at start');

  const lobby = new LobbyFeed(io, () => services.rooms.listOpen(), options.lobbyIntervalMs, logger);
  const gateway = new Gateway(io, runtime, lobby, services, options, logger);
  runtime.setListener(gateway);
  const unsubscribe = services.rooms.onChange((change) => {
    if (change.kind === 'created') runtime.scheduleClose(change.room.id);
    lobby.mark();
  });
  // An operator's suspension reaches the table the player sits at in this process (other nodes find
  // it before their next deal).
  const unsubscribeSuspension = services.suspension.onChanged((userId, suspended) => {
    runtime
      .suspensionChanged(userId, suspended)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'suspension stand-up failed'));
  });

  const stats = () => ({
    tables: runtime.tableCount,
    sockets: io.of('/').sockets.size,
    ...prefixed('table', runtime.stats),
    ...prefixed('store', store.stats),
    ...prefixed('socket', gateway.stats),
    ...prefixed('lobby', lobby.stats),
  });
  const stopStats = startStatsReporting(stats, options.statsIntervalMs, logger, {
    action: gateway.actionTimes,
    commit: runtime.commitTimes,
  });

  return {
    io,
    runtime,
    walletChanged: (userId, message) => gateway.walletChanged(userId, message),
    stats,
    async close() {
      stopStats();
      unsubscribe();
      unsubscribeSuspension();
      lobby.stop();
      gateway.stop();
      await runtime.shutdown();
      // The HTTP server itself is the api's to close (api.close()).
      io.local.disconnectSockets(true);
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}

function prefixed(prefix: string, counters: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counters).map(([k, v]) => [`${prefix}_${k}`, v]));
}
