/**
 * The realtime layer on the api's HTTP server: socket.io at /socket.io (websocket transport), the
 * authoritative table runtime, the lobby feed and, with REDIS_URL, the Redis adapter.
 *
 *   const api = createServer({ config, logger, orm });
 *   const realtime = await attachRealtime(api);   // resumes the tables a stop left, then serves
 *   await api.listen();
 *   …
 *   await realtime.close();                         // before api.close()
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isHousePlayerId } from '@svara/core';
import { knexOf } from '../db/orm.js';
import { createFairness } from '../fairness/service.js';
import type { RunningServer } from '../server.js';
import { Gateway, type SocketData } from './gateway.js';
import { createHandStore } from './hand-store.js';
import { LobbyFeed } from './lobby.js';
import { realtimeOptionsFromEnv, resolveOptions, type RealtimeOptions } from './options.js';
import { BACKGROUND_GATHER_MS, createPendingSeedStore } from './pending-seed.js';
import { createSeedContributionStore } from './seed-contributions.js';
import { createSeatStore } from './seat-store.js';
import { startStatsReporting } from './stats.js';
import { TableResumer } from './table-resume.js';
import { TableRuntime } from './table-runtime.js';
import { batchSocketWrites } from './write-batching.js';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS, shareHeartbeats } from './heartbeats.js';
import { ClusterTables } from './cluster/forwarding.js';
import { Ownership } from './cluster/ownership.js';
import { DEFAULT_LEASE_TIMING, newNodeId, TableLeases } from './cluster/table-lease.js';
import { RealityChecks } from '../protection/reality-checks.js';
import { attachPractice } from '../practice/attach.js';
import { TournamentDirector } from '../tournaments/director.js';

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
    // The heartbeat (PING_INTERVAL_MS, PING_TIMEOUT_MS) runs on one shared clock: heartbeats.ts.
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
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
  // The same heartbeat on one shared clock instead of a timer per connection (heartbeats.ts).
  const heartbeats = shareHeartbeats(io, { pingInterval: PING_INTERVAL_MS, pingTimeout: PING_TIMEOUT_MS });

  let redis: Redis[] = [];
  // With Redis there may be several nodes: each table has one owner, through a lease (cluster/).
  let ownership: Ownership | null = null;
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    redis = [pub, sub, pub.duplicate()];
    // A dropped connection loses pub/sub messages sent meanwhile (forwarded calls time out): said.
    const roles = ['publisher', 'adapter subscriber', 'table subscriber'];
    redis.forEach((client, i) => {
      client.on('error', (err: Error) => logger.warn({ err, redis: roles[i] }, 'redis connection error'));
      client.on('reconnecting', () => logger.warn({ redis: roles[i] }, 'redis reconnecting'));
    });
    io.adapter(createAdapter(pub, sub));
    logger.info('socket.io uses the Redis adapter');
    const leases = new TableLeases(knex, newNodeId(), DEFAULT_LEASE_TIMING.ttlMs);
    ownership = new Ownership(leases, DEFAULT_LEASE_TIMING, logger);
  }

  const unfenced = createHandStore(knex, services.ledger, options.commitBatching, ownership?.fence);
  const store = ownership ? ownership.fencedStore(unfenced) : unfenced;
  const seats = ownership ? ownership.fencedSeats(knex, createSeatStore(knex)) : createSeatStore(knex);
  const { clock, timings } = options;
  // Sit & Go's (api/src/tournaments): their organiser, told of the tables' places; it tells players
  // through the gateway made below.
  let gateway: Gateway | null = null;
  let tables: TableRuntime | null = null;
  let retirer: Pick<TableRuntime, 'retireTournament'> | null = null;
  const director = new TournamentDirector({
    knex,
    logger,
    rooms: services.rooms,
    registry: services.tournaments,
    lifecycle: services.tournaments.lifecycle,
    tables: {
      seatTournament: (roomId, players) => tables!.seatTournament(roomId, players),
      // On whichever node runs the table (the cluster forwards it to its owner).
      retireTournament: (roomId): Promise<boolean> => (retirer ?? tables!).retireTournament(roomId),
    },
    notify: (userId, event, payload) => gateway?.notify(userId, event, payload),
    walletChanged: (userId) =>
      void gateway
        ?.walletChanged(userId)
        .catch((error: unknown) => logger.error({ err: error, userId }, 'balance not sent')),
    house: {
      fillMs: options.sngHouseFillMs ?? 5_000,
      ensureHouseUser: (id, name) => services.practice.ensureHouseUser(id, name),
      fundHousePlayer: (id) => services.practice.chips.fundHousePlayer(id),
    },
  });
  services.tournaments.attach(director);
  const resume = new TableResumer({
    knex,
    store,
    seats,
    tournaments: director,
    ledger: services.ledger,
    clock,
    timings,
    logger,
    ...(ownership ? { lease: ownership } : {}),
  });
  // The hash chain of the hands and the daily digest (RULES §7, api/src/fairness).
  const fairness = createFairness(knex, logger);
  // Player protection at the tables: play sessions, reality checks, stand-ups at a limit (api/src/protection).
  let realityChecks: RealityChecks | null = null;
  const pendingSeeds = createPendingSeedStore(knex, BACKGROUND_GATHER_MS);
  const runtime = new TableRuntime({
    store,
    ledger: services.ledger,
    rooms: ownership ? ownership.guardedRooms(services.rooms) : services.rooms,
    options,
    logger,
    suspension: services.suspension,
    protection: {
      blockedAmong: (userIds) => services.protection.blockedAmong(userIds),
      standUpsAmong: (userIds) => services.protection.standUpsAmong(userIds),
      seatChanged: (userId, roomId, seated, restored) => {
        // House players of the practice tables have no play sessions (nobody to protect).
        if (isHousePlayerId(userId)) return;
        void services.protection
          .seatChanged(userId, roomId, seated, restored)
          .then(() => realityChecks?.seatChanged(userId, seated));
      },
    },
    seats,
    resume,
    pendingSeeds,
    contributions: createSeedContributionStore(knex),
    onHandsEnded: (roomId) => fairness.chain.poke(roomId),
    tournaments: director,
    ...(ownership ? { lease: ownership } : {}),
  });
  tables = runtime;
  services.rooms.useTableDirectory(runtime);

  // Hands left running go on and seats come back (table-resume.ts); only a hand that cannot be
  // rebuilt is voided.
  const open = await knex.raw<{ rows: { id: string }[] }>(`select id from rooms where status = 'open'`);
  const openIds = open.rows.map((r) => r.id);
  // With several nodes, this node resumes only rooms no live node owns (no lease, or the lease of a
  // dead node); the others run on their nodes, their hands untouched (never voided as if closed).
  await runtime.recover(openIds, ownership ? await ownership.unowned(openIds) : openIds);
  ownership?.start(runtime);
  await fairness.start();
  if (resume.stats.resumed + resume.stats.voided + resume.stats.seatsRestored > 0) {
    logger.info(resume.stats, 'tables resumed at start');
  }

  // The lobby lists dollar rooms: practice tables (play chips) are reached through Play now.
  const lobby = new LobbyFeed(
    async () => (await services.rooms.listOpen()).filter((room) => room.currency !== 'chips'),
    options.lobbyIntervalMs,
    logger,
  );
  // Tables other nodes run change without this node hearing of each change (the lobby reads their
  // stored seats): it looks again every two seconds, and sends only what differs.
  const otherNodes = ownership ? setInterval(() => lobby.mark(), 2_000) : null;
  otherNodes?.unref();
  const cluster = ownership ? new ClusterTables(runtime, ownership, redis[0]!, redis[2]!, logger) : null;
  retirer = cluster;
  gateway = new Gateway(io, cluster ?? runtime, lobby, services, options, logger);
  const practice = attachPractice(runtime, services, logger, {
    ...(options.houseThinkScale === undefined ? {} : { thinkScale: options.houseThinkScale }),
    ...(options.houseStrategy ? { strategy: options.houseStrategy } : {}),
    ...(options.keepPracticeTables === undefined ? {} : { keepTablesOpen: options.keepPracticeTables }),
  });
  runtime.setListener(director.listener(practice.listener(cluster ? cluster.listener(gateway) : gateway)));
  realityChecks = new RealityChecks({
    protection: services.protection,
    isSeated: (userId) => runtime.seatOf(userId) !== undefined,
    emit: (userId, payload) => gateway.realityCheck(userId, payload),
    ...(options.realityCheckMinuteMs ? { minuteMs: options.realityCheckMinuteMs } : {}),
    clock,
    logger,
  });
  // Seats brought back at start: their reality checks go on.
  for (const userId of runtime.seatedPlayers()) realityChecks.seatChanged(userId, true);
  await cluster?.start(gateway);
  await practice.start();
  // Sit & Go's a stop interrupted: filled ones start, won ones are paid, started ones are seated.
  await director.resume();
  if (ownership) {
    // A table taken over from a dead node: its players whose sockets are here are back at once.
    ownership.onTakenOver = (roomId) => {
      for (const socket of io.of('/').sockets.values()) {
        const userId = (socket.data as SocketData).userId;
        if (runtime.seatOf(userId) !== roomId) continue;
        runtime
          .returned(userId)
          .catch((error: unknown) => logger.error({ err: error }, 'coming back failed'));
      }
    };
  }
  // A player's socket is back: a seat a restart made away is in play again.
  io.on('connection', (socket) => {
    runtime
      .returned((socket.data as SocketData).userId)
      .catch((error: unknown) => logger.error({ err: error }, 'coming back failed'));
  });
  const unsubscribe = services.rooms.onChange((change) => {
    if (change.kind === 'created') runtime.scheduleClose(change.room.id);
    lobby.mark();
  });
  // Every open socket of the player, on every node, hears the account's new state at once
  // (account_state): the lobby's banner and the table's seats follow without a reload.
  const tellAccount = (userId: string) =>
    gateway
      .accountChanged(userId)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'account state not sent'));
  // A cool-off or self-exclusion made in this process stands the player up after the hand (other
  // nodes find it before their next deal).
  const unsubscribeExclusion = services.protection.onExcluded((userId) => {
    void tellAccount(userId);
    runtime
      .protectionChanged(userId, 'self_excluded')
      .catch((error: unknown) => logger.error({ err: error, userId }, 'exclusion stand-up failed'));
  });
  // An operator's suspension reaches the table the player sits at, on whichever node runs it.
  const unsubscribeSuspension = services.suspension.onChanged((userId, suspended) => {
    void tellAccount(userId);
    (cluster ?? runtime)
      .suspensionChanged(userId, suspended)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'suspension stand-up failed'));
  });

  const unsubscribeSignOut = services.signedOut.add((userId) => gateway!.signedOut(userId));

  const stats = () => ({
    tables: runtime.tableCount,
    sockets: io.of('/').sockets.size,
    ...prefixed('table', runtime.stats),
    ...prefixed('store', store.stats),
    ...prefixed('socket', gateway.stats),
    ...prefixed('lobby', lobby.stats),
    ...prefixed('house', practice.stats),
    ...(ownership ? prefixed('lease', ownership.stats) : {}),
    ...(cluster ? prefixed('forward', cluster.stats) : {}),
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
      heartbeats.stop();
      practice.stop();
      unsubscribe();
      unsubscribeSuspension();
      unsubscribeExclusion();
      unsubscribeSignOut();
      realityChecks?.stop();
      if (otherNodes) clearInterval(otherNodes);
      lobby.stop();
      gateway.stop();
      await runtime.shutdown();
      // The next hands' seeds drawn ahead are stored before the pool closes.
      await pendingSeeds.drain();
      // Every table is written: the leases go, and the other nodes resume the tables at once.
      await ownership
        ?.stop()
        .catch((error: unknown) => logger.warn({ err: error }, 'releasing leases failed'));
      await fairness.stop();
      // The HTTP server itself is the api's to close (api.close()).
      io.local.disconnectSockets(true);
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}

function prefixed(prefix: string, counters: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counters).map(([k, v]) => [`${prefix}_${k}`, v]));
}
