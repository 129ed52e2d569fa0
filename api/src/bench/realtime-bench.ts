/**
 * `npm run bench:realtime`: N tables of six scripted clients on loopback, the server in its own
 * process (realtime-server.ts). The clients speak socket.io's wire protocol over WebSockets
 * (wire-client.ts) and read only the frames that may concern them, so that the 3,000 of them, on
 * the same two cores as the server, take as little from it as they can. Every client plays a
 * random legal move (from the allowedActions of its own view) as soon as it is on turn. Reports
 * actions per second, the time from sending an action to the actor receiving the resulting state
 * (p50/p99), the server's CPU per action (process.cpuUsage over IPC), bytes on the wire per action,
 * lobby bytes per second and the server's memory. Bounded: it stops by itself after the measuring
 * window. Exits 1 when a move was refused, a table step failed, nothing was played or the ledger
 * check fails at the end; BENCH_SMOKE=1 plays 3 tables for a few seconds.
 *
 *   BENCH_TABLES=500 BENCH_SECONDS=30 npm run bench:realtime
 *   BENCH_NODES=2 BENCH_SPREAD=player npm run bench:realtime   (several api nodes: Redis needed)
 *   BENCH_THINK_MS=1500 npm run bench:realtime                  (players who think before each move)
 *   BENCH_PRACTICE=1 npm run bench:realtime                     (practice tables, below)
 *   (BENCH_WARMUP_SECONDS, BENCH_WARMUP_ACTIONS, BENCH_LOBBY_WATCHERS, BENCH_RESULT_MS,
 *   BENCH_COMPRESSION=true, BENCH_POOL, BENCH_PROFILE=dir (the first node's CPU profile),
 *   BENCH_HEAP_PROFILE=dir (its allocations that outlive a young-generation collection; with
 *   BENCH_HEAP_ALL=1 all of them), BENCH_SQL=1 (the statements most sent) and BENCH_DEBUG=1 also
 *   work.)
 *
 * BENCH_PRACTICE=1 measures practice tables (RULES §8) instead: BENCH_TABLES of them (1,000 by
 * default), each with one bench person, a socket client like the people above, and the house
 * players the server's own HousePlayers seat beside them: at most 6 − people − 1 (a seat always
 * stays free for a person), so four. They move as soon as they may (BENCH_HOUSE_THINK_SCALE=1: their
 * human-like 0.8–3 s pause). Every move counts as an action, the house's included: the server's CPU
 * per action is then comparable with a people-only run's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AGREEMENT_VERSION,
  FrameFollower,
  TIMINGS,
  type Ack,
  type FramePatch,
  type GameState,
  type WireFrame,
  type WireGameState,
} from '@svara/core';
import { signDevInitData } from '../dev/init-data.js';
import { loopDelayMs, STATS_REPLY, STATS_REQUEST, type StatsReply } from '../realtime/stats.js';
import { frameMicrosPerChange, recordStates, type RecordedChange } from './frame-workload.js';
import { WireClient } from './wire-client.js';
import { API_NODE_FLAGS, Failures, percentile, pool, setting, SMOKE } from './bench-helpers.js';
import { houseSeatsWanted } from '../practice/house-players.js';

/** Practice tables, one bench person and the house's players at each (BENCH_PRACTICE=1). */
const PRACTICE = process.env.BENCH_PRACTICE === '1';
const TABLES = setting('BENCH_TABLES', PRACTICE ? 1_000 : 100, 3);
/** The bench's clients per table: six people, or one person at a practice table. */
const SEATS = PRACTICE ? 1 : 6;
/** The house players that sit beside one person (the server's rule, RULES §8). */
const HOUSE_SEATS = PRACTICE ? houseSeatsWanted(1) : 0;
/** House players' pause before a move, as a share of their human-like 0.8–3 s (practice only). */
const HOUSE_THINK_SCALE = Number(process.env.BENCH_HOUSE_THINK_SCALE || 0);
const SECONDS = setting('BENCH_SECONDS', 20, 3);
const WARMUP = setting('BENCH_WARMUP_SECONDS', 5, 1);
/**
 * Moves the server must have made before measuring starts (BENCH_WARMUP_ACTIONS), besides the
 * seconds above: a server in service has long compiled its hot code, and at a human pace 5 s are a
 * few hundred moves, too few for V8 to have optimised the rarer steps of a hand (its end, the deal,
 * a time-out), so a short warm-up measured the compiler (README, "Server performance").
 */
const WARMUP_ACTIONS = setting('BENCH_WARMUP_ACTIONS', 3_000, 0);
/** The longest the warm-up waits for those moves. */
const WARMUP_LIMIT_SECONDS = 120;
/** Practice tables are not in the lobby: a practice run has no watchers unless asked. */
const LOBBY_WATCHERS = setting('BENCH_LOBBY_WATCHERS', PRACTICE ? 0 : 10, PRACTICE ? 0 : 2);
/** How long a hand's result is shown: a short window would otherwise fall wholly inside one. */
const RESULT_MS = setting('BENCH_RESULT_MS', 4000, 300);
const COMPRESSION = process.env.BENCH_COMPRESSION === 'true';
/** api nodes (BENCH_NODES): with more than one they share a database and Redis (REDIS_URL). */
const NODES = Math.max(1, Number(process.env.BENCH_NODES ?? 1));
/**
 * Which node a player connects to (BENCH_SPREAD): `table`, every player of a table on the node that
 * created it (a proxy routing by room); `player`, players spread over the nodes whatever their table
 * (sticky sessions by client, as the compose file's proxy does): a table's moves and frames then
 * cross between nodes.
 */
const SPREAD = process.env.BENCH_SPREAD === 'player' ? 'player' : 'table';
/**
 * A player's mean time to think before a move, ms (BENCH_THINK_MS; uniform between 0 and twice
 * this). 0, the default, plays every move at once: the most the tables can ask of the server.
 */
const THINK_MS = Math.max(0, Number(process.env.BENCH_THINK_MS ?? 0));
/**
 * Each player's play money at a $1 table. Random raises can climb threefold a time, and a player
 * who loses everything is stood up: with $1,000 a run lost ~14 % of its players by the end of its
 * window, and the tables it measured were no longer six-handed.
 */
const FUNDS_DOLLARS = 100_000;
/** The same depth at a practice table (10 chips a stake), in minor units: 100,000 stakes. */
const PRACTICE_CHIPS = 100_000_00 * 10;
const here = path.dirname(fileURLToPath(import.meta.url));

// --- the server processes

type Node = { child: ChildProcess; port: number; databaseUrl: string };

function startServer(env: Record<string, string> = {}): Promise<Node> {
  const child = fork(path.join(here, 'realtime-server.ts'), [], {
    execArgv: [
      // The api's own start flags, then the bench's.
      ...API_NODE_FLAGS,
      ...(process.env.BENCH_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
      '--conditions=source',
      '--import',
      'tsx',
    ],
    env: {
      ...process.env,
      TABLE_RESULT_MS: String(RESULT_MS),
      SOCKET_COMPRESSION: String(COMPRESSION),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (m: { type?: string; port?: number; databaseUrl?: string }) => {
      if (m?.type === 'ready') resolve({ child, port: m.port!, databaseUrl: m.databaseUrl! });
    });
  });
}

/**
 * One node, or NODES of them sharing the first one's database and REDIS_URL (the cluster of
 * api/src/realtime/cluster: a lease per table, frames relayed between nodes).
 */
async function startNodes(): Promise<Node[]> {
  if (NODES === 1) return [await startServer()];
  const cluster = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const first = await startServer(cluster);
  const others = await Promise.all(
    Array.from({ length: NODES - 1 }, () =>
      startServer({ ...cluster, BENCH_JOIN_DATABASE: first.databaseUrl }),
    ),
  );
  return [first, ...others];
}

type QueriesReply = {
  type?: string;
  queries?: number;
  pending?: number;
  used?: number;
  tally?: [string, number][];
};

function serverQueries(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: QueriesReply) => {
      if (m?.type !== 'queries') return;
      child.off('message', onMessage);
      if (process.env.BENCH_DEBUG) console.log('  db pool: used', m.used, 'pending acquires', m.pending);
      if (m.tally?.length)
        console.log(m.tally.map(([text, n]) => `  ${String(n).padStart(7)}  ${text}`).join('\n'));
      resolve(m.queries ?? 0);
    };
    child.on('message', onMessage);
    child.send({ type: 'queries' });
  });
}

let statsId = 0;
function serverStats(child: ChildProcess): Promise<StatsReply> {
  const id = ++statsId;
  return new Promise((resolve) => {
    const onMessage = (m: StatsReply) => {
      if (m?.type !== STATS_REPLY || m.id !== id) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send({ type: STATS_REQUEST, id });
  });
}

/** The nodes' stats as one: CPU, counters and memory summed; times and loop delay of the slowest. */
async function clusterStats(nodes: Node[]): Promise<StatsReply> {
  const all = await Promise.all(nodes.map((n) => serverStats(n.child)));
  if (all.length === 1) return all[0]!;
  const sum = (pick: (s: StatsReply) => number) => all.reduce((total, s) => total + pick(s), 0);
  const counters: Record<string, number> = {};
  for (const s of all) for (const [k, v] of Object.entries(s.counters)) counters[k] = (counters[k] ?? 0) + v;
  const slowest = all.reduce((a, b) => ((b.timesMs.action?.p99 ?? 0) > (a.timesMs.action?.p99 ?? 0) ? b : a));
  return {
    ...slowest,
    cpu: { user: sum((s) => s.cpu.user), system: sum((s) => s.cpu.system) },
    rss: sum((s) => s.rss),
    heapUsed: sum((s) => s.heapUsed),
    counters,
  };
}

// --- helpers

/**
 * CPU time, ms, of the PostgreSQL processes that work for this bench (Linux /proc; null elsewhere):
 * the backends connected to its database (`database`, named in their process title) and the
 * server's shared writers (WAL writer, checkpointer, background writer), by process id. The
 * database runs here on the same two cores, so its share belongs in the picture; other databases'
 * backends on a shared server (other work's tests and benches) do not, and a process that ends
 * between two readings would take its time with it, so readings are compared process by process.
 */
async function postgresCpuMs(database: string): Promise<Map<string, number> | null> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return null;
  }
  const tick = 10; // ms per clock tick (USER_HZ is 100 on Linux)
  const shared = /: (walwriter|checkpointer|background writer)\s*$/;
  const times = new Map<string, number>();
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0 || !stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
    const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replace(/\0/g, ' ').trim();
    if (!title.includes(` ${database} `) && !shared.test(title)) continue;
    const fields = stat.slice(close + 2).split(' ');
    times.set(pid, (Number(fields[11]) + Number(fields[12])) * tick); // utime, stime
  }
  return times;
}

/** CPU spent between two readings of postgresCpuMs: a process started in between counts whole. */
function postgresCpuBetween(before: Map<string, number> | null, after: Map<string, number> | null): number {
  if (before === null || after === null) return NaN;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const random = (n: number) => Math.floor(Math.random() * n);

/** A random legal move from the client's own view, or null when it has none. */
function chooseMove(s: GameState): { action: string; amount?: number } | null {
  const a = s.allowedActions;
  if (!a) return null;
  if (a.joinSvara || a.skipSvara)
    return Math.random() < 0.5 && a.joinSvara ? { action: 'join_svara' } : { action: 'skip_svara' };
  const moves: { action: string; amount?: number; weight: number }[] = [];
  if (a.blindBet) moves.push({ action: 'blind_bet', weight: 3 });
  if (a.look) moves.push({ action: 'look', weight: 4 });
  if (a.call) moves.push({ action: 'call', weight: 6 });
  if (a.fold) moves.push({ action: 'fold', weight: 2 });
  if (a.raise) {
    const cents = Math.round(a.raise.min * 100) * (1 + random(3));
    moves.push({ action: 'raise', amount: Math.min(cents, Math.round(a.raise.max * 100)) / 100, weight: 2 });
  }
  if (moves.length === 0) return null;
  let pick = Math.random() * moves.reduce((sum, m) => sum + m.weight, 0);
  for (const m of moves) {
    pick -= m.weight;
    if (pick <= 0)
      return m.amount === undefined ? { action: m.action } : { action: m.action, amount: m.amount };
  }
  return null;
}

// --- scripted players

type Counters = {
  measuring: boolean;
  /** Accepted moves since the first, warm-up included. */
  actionsEver: number;
  actions: number;
  refused: number;
  refusals: Record<string, number>;
  /** Refusals at any time, warm-up included: each one is a bench failure. */
  refusedEver: Record<string, number>;
  latencies: number[];
  frames: number;
};

class BenchPlayer {
  client!: WireClient;
  roomId = '';
  private svaraDecided = -1;
  /** The game frames as they come: a whole one, then patches against it (frame-patch.ts). */
  private readonly frames = new FrameFollower();
  /** The latest game frame and when it arrived. */
  private last: { frame: WireFrame; at: number } | null = null;
  /** The move sent and not yet acknowledged. */
  private pending: { sentAt: number } | null = null;

  constructor(
    readonly id: string,
    readonly token: string,
    private readonly counters: Counters,
  ) {}

  async connect(port: number): Promise<void> {
    this.client = await WireClient.connect(port, { token: this.token }, COMPRESSION);
    this.client.on('game_state', (json) => this.onFrame(this.frames.full(JSON.parse(json) as WireGameState)));
    this.client.on('game_update', (json) => {
      const frame = this.frames.patch(JSON.parse(json) as FramePatch);
      // A gap never happens on one connection; were it to, the whole frame is asked for again.
      if (frame === null) this.client.emit('join_room', { roomId: this.roomId });
      else this.onFrame(frame);
    });
  }

  private onFrame(frame: WireFrame): void {
    this.counters.frames += 1;
    this.last = { frame, at: performance.now() };
    if (!this.pending) this.consider(frame);
  }

  /**
   * A player reads a frame only when it may concern them: one that offers them a move. Every other
   * frame (most of them: five of six players are not on turn) is only applied to the last one, in
   * its wire form. A real client parses every frame on its own device; here the players share the
   * server's two cores, and the server's work is the same either way.
   */
  private consider(frame: WireFrame): void {
    // The wire form: a field at its default is absent (a move not offered, a player not away).
    const s = frame as unknown as GameState;
    // A turn that timed out left the player away (RULES §6). They press "I'm back" within a couple of
    // seconds, or at long thinks the tables would stand them up and thin out.
    if (s.players.find((p) => p.id === this.id)?.isAway === true) {
      this.act({ action: 'back' }, Math.random() * 2_000);
      return;
    }
    const offered = frame.allowedActions;
    if (!offered || Object.keys(offered).length === 0) return;
    const onTurn = s.currentPlayerIndex >= 0 && s.players[s.currentPlayerIndex]?.id === this.id;
    const svara =
      s.status === 'svara_pending' &&
      s.allowedActions?.skipSvara === true &&
      this.svaraDecided !== s.fairness.handNumber;
    if (!onTurn && !svara) return;
    const move = chooseMove(s);
    if (!move) return;
    if (svara) this.svaraDecided = s.fairness.handNumber;
    this.act(move, Math.random() * 2 * THINK_MS, frame);
  }

  /**
   * Sends `move` after `delayMs`. A move in answer to `frame` (a turn's) that was thought about past
   * the turn's time is not sent.
   */
  private act(move: { action: string; amount?: number }, delayMs: number, frame?: WireFrame): void {
    const seenAt = performance.now();
    const send = () => {
      // A player who thought past the turn's time was folded by the server meanwhile (RULES §6's
      // time-out): the move is not sent, and the latest frame is read instead.
      if (frame !== undefined && performance.now() - seenAt >= TIMINGS.turnMs) {
        this.pending = null;
        if (this.last && this.last.frame !== frame) this.consider(this.last.frame);
        return;
      }
      const sentAt = performance.now();
      this.pending = { sentAt };
      this.client.emit('game_action', { roomId: this.roomId, ...move }, (reply) => this.onAck(sentAt, reply));
    };
    if (THINK_MS <= 0) return send();
    // Thinking: frames that arrive meanwhile are kept (the latest is considered after the answer).
    this.pending = { sentAt: Infinity };
    setTimeout(send, delayMs);
  }

  /**
   * The server applies a table's moves one at a time and writes a change's frames before the
   * move's acknowledgement: the last frame before the acknowledgement is the move's result. (A match
   * by the frame's serverTime, in ms, missed a result that came in the same millisecond as the frame
   * acted on.) That frame may offer this player the next move (after a look): it is considered now.
   */
  private onAck(sentAt: number, reply: string): void {
    this.pending = null;
    const ack = JSON.parse(reply) as Ack;
    const answered = this.last !== null && this.last.at > sentAt;
    if (ack.ok) this.counters.actionsEver += 1;
    if (!ack.ok) this.counters.refusedEver[ack.code] = (this.counters.refusedEver[ack.code] ?? 0) + 1;
    if (this.counters.measuring) {
      if (ack.ok) {
        this.counters.actions += 1;
        if (answered) this.counters.latencies.push(this.last!.at - sentAt);
      } else {
        this.counters.refused += 1;
        this.counters.refusals[ack.code] = (this.counters.refusals[ack.code] ?? 0) + 1;
      }
    }
    if (answered) this.consider(this.last!.frame);
  }

  send(event: string, payload?: unknown): Promise<Ack> {
    return this.client.emitWithAck<Ack>(event, payload);
  }
}

// --- the run

type Seated = { people: number; house: number };

/**
 * How fast this machine is right now, timed while nothing else of the bench runs: µs per change of
 * bench:frames' workload. On a shared machine the same work has taken twice as long from one hour to
 * the next, which moves every figure of a run; this says which kind of hour a run had.
 */
function yardstick(changes: RecordedChange[]): number {
  return Number(frameMicrosPerChange(changes, SMOKE ? 200 : 1000).toFixed(1));
}

/** The ledger's invariants on the first node's database (every node shares it). */
function serverLedger(child: ChildProcess): Promise<{ ok: boolean; transfers: number }> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type?: string; report?: { ok: boolean; transfers: number }; error?: string }) => {
      if (m?.type !== 'ledger') return;
      child.off('message', onMessage);
      if (m.report) resolve(m.report);
      else reject(new Error(`ledger check: ${m.error}`));
    };
    child.on('message', onMessage);
    child.send({ type: 'ledger' });
  });
}

/** Asks the first node something over IPC (realtime-server.ts); rejects on its error. */
function ask<T>(child: ChildProcess, message: { type: string } & Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type?: string; error?: string }) => {
      if (m?.type !== message.type) return;
      child.off('message', onMessage);
      if (m.error) reject(new Error(`${message.type}: ${m.error}`));
      else resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function main() {
  if (PRACTICE && NODES > 1) throw new Error('BENCH_PRACTICE runs on one api node');
  // Recorded once: before and after the run the yardstick times the same changes.
  const yardstickChanges = recordStates(SMOKE ? 20 : 60);
  const speedBefore = yardstick(yardstickChanges);
  const started = Date.now();
  const nodes = await startNodes();
  const { child } = nodes[0]!;
  const baseOf = (node: Node) => `http://127.0.0.1:${node.port}/api/v1`;
  const base = baseOf(nodes[0]!);
  const post = async <T>(url: string, body: unknown, token?: string, node = nodes[0]!): Promise<T> => {
    const response = await fetch(`${baseOf(node)}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const counters: Counters = {
    measuring: false,
    actionsEver: 0,
    actions: 0,
    refused: 0,
    refusals: {},
    refusedEver: {},
    latencies: [],
    frames: 0,
  };
  const total = TABLES * SEATS;
  const players: BenchPlayer[] = [];
  const firstId = 800_000_000;
  /** A photo address shaped like Telegram's `photo_url`. */
  const telegramPhotoUrl = (id: string) =>
    `https://t.me/i/userpic/320/${createHash('sha256').update(id).digest('base64url')}.jpg`;
  console.log(
    `bench:realtime — ${TABLES} tables × ${SEATS} players, a warm-up of ${WARMUP}s and ${WARMUP_ACTIONS} moves, ${SECONDS}s measured` +
      (NODES > 1 ? `, ${NODES} api nodes (players spread by ${SPREAD})` : '') +
      (THINK_MS > 0 ? `, players think ${THINK_MS} ms on average` : ''),
  );
  if (PRACTICE)
    console.log(
      `  practice tables: 1 person (a socket client) + ${HOUSE_SEATS} house players each — the server seats ` +
        `at most 6 − people − 1 house players, a seat always stays free for a person (RULES §8); ` +
        `house players pause ${HOUSE_THINK_SCALE} × their 0.8–3 s (BENCH_HOUSE_THINK_SCALE)`,
    );
  await pool(
    Array.from({ length: total + LOBBY_WATCHERS }, (_, i) => i),
    32,
    async (i) => {
      const id = String(firstId + i);
      const { accessToken } = await post<{ accessToken: string }>('/auth/login', {
        // Names and photos as Telegram users have them: the photo's path is in every frame.
        initData: signDevInitData({ id, username: `player_${i}`, photoUrl: telegramPhotoUrl(id) }),
      });
      // The user agreement accepted (player protection): no seat without it.
      const accepted = await fetch(`${base}/protection/agreement`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ version: AGREEMENT_VERSION }),
      });
      if (accepted.status !== 204) throw new Error(`agreement: ${accepted.status}`);
      if (i < total && PRACTICE) {
        // The first open grants the play chips (GET /practice).
        const opened = await fetch(`${base}/practice`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        if (opened.status !== 200) throw new Error(`practice: ${opened.status}`);
      } else if (i < total) await post('/dev/faucet', { amount: FUNDS_DOLLARS }, accessToken);
      players.push(new BenchPlayer(id, accessToken, counters));
    },
  );
  players.sort((a, b) => Number(a.id) - Number(b.id));
  const seated = players.slice(0, total);
  const watchers = players.slice(total);
  /** The node a player's socket goes to (SPREAD); lobby watchers use the first. */
  const nodeOf = (index: number) =>
    index >= total ? nodes[0]! : nodes[(SPREAD === 'table' ? Math.floor(index / SEATS) : index) % NODES]!;
  await pool(players, 64, (p) => p.connect(nodeOf(Number(p.id) - firstId).port));
  console.log(
    `  ${players.length} signed in and connected in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );

  let lobbyBytes = 0;
  let lobbyMessages = 0;
  let lobbyMeasuring = false;
  for (const w of watchers) {
    w.client.on('rooms', (json) => {
      if (!lobbyMeasuring) return;
      lobbyBytes += json.length;
      lobbyMessages += 1;
    });
    // The Mini App's first lobby page: ten rooms, no filter (core/src/protocol/lobby.ts).
    await w.send('request_rooms', { limit: 10, page: 1 });
  }

  if (PRACTICE) {
    await ask(child, {
      type: 'chips',
      userIds: players.slice(0, total).map((p) => p.id),
      amount: PRACTICE_CHIPS,
    });
    const { roomIds } = await ask<{ roomIds: string[] }>(child, { type: 'practice-tables', count: TABLES });
    // The person sits; the server's house players sit beside them, one after another.
    await pool(players.slice(0, total), 16, async (p, t) => {
      p.roomId = roomIds[t]!;
      await p.send('join_room', { roomId: p.roomId });
      const sat = await p.send('sit_down', { roomId: p.roomId });
      if (!sat.ok) throw new Error(`sit_down refused: ${JSON.stringify(sat)}`);
    });
  } else
    await pool(
      Array.from({ length: TABLES }, (_, t) => t),
      16,
      async (t) => {
        const group = seated.slice(t * SEATS, (t + 1) * SEATS);
        const { roomId } = await post<{ roomId: string }>(
          '/rooms',
          { type: 'public', minBet: 1 },
          group[0]!.token,
          nodeOf(t * SEATS),
        );
        await Promise.all(
          group.map(async (p) => {
            p.roomId = roomId;
            await p.send('join_room', { roomId });
            const sat = await p.send('sit_down', { roomId });
            if (!sat.ok) throw new Error(`sit_down refused: ${JSON.stringify(sat)}`);
          }),
        );
      },
    );
  console.log(`  ${TABLES} tables seated; warming up`);
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const warmupEnds = performance.now() + (WARMUP_LIMIT_SECONDS - WARMUP) * 1000;
  while (counters.actionsEver < WARMUP_ACTIONS && performance.now() < warmupEnds)
    await new Promise((r) => setTimeout(r, 250));
  console.log(`  warmed up with ${counters.actionsEver} moves`);
  const seatedAfterWarmup = PRACTICE ? await ask<Seated>(child, { type: 'seated' }) : null;
  if (seatedAfterWarmup)
    console.log(
      `  seated after warm-up  ${seatedAfterWarmup.people} people, ${seatedAfterWarmup.house} house players (${HOUSE_SEATS * TABLES} wanted)`,
    );

  const wireAt = () => seated.reduce((sum, p) => sum + p.client.bytesRead, 0);
  const lobbyWireAt = () => watchers.reduce((sum, p) => sum + p.client.bytesRead, 0);
  const allQueries = async () =>
    (await Promise.all(nodes.map((n) => serverQueries(n.child)))).reduce((a, b) => a + b, 0);
  const before = await clusterStats(nodes);
  const queries0 = await allQueries();
  const wire0 = wireAt();
  const lobbyWire0 = lobbyWireAt();
  const t0 = performance.now();
  const clientCpu0 = process.cpuUsage();
  // The players' own event loop: a frame that waits here for a busy bench counts in the latency too.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const benchDatabase = new URL(nodes[0]!.databaseUrl).pathname.slice(1);
  const databaseCpu0 = await postgresCpuMs(benchDatabase);
  counters.measuring = true;
  lobbyMeasuring = true;
  const profile = process.env.BENCH_PROFILE;
  if (profile) child.send({ type: 'profile-start' });
  const heapProfile = process.env.BENCH_HEAP_PROFILE;
  if (heapProfile) child.send({ type: 'heap-profile-start' });
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  counters.measuring = false;
  lobbyMeasuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const clientCpu = process.cpuUsage(clientCpu0);
  clientLoop.disable();
  const databaseCpuMs = postgresCpuBetween(databaseCpu0, await postgresCpuMs(benchDatabase));
  const after = await clusterStats(nodes);
  // Who still sits at the end (every open room, from GET /rooms): a player who cannot pay the ante
  // is stood up, and tables that thin out are no longer the load this run claims to measure.
  // (Practice tables are not listed there: the first node counts their seats.)
  const openRooms: { players: unknown[] }[] = [];
  for (let page = 1; !PRACTICE; page++) {
    const batch = (await (await fetch(`${base}/rooms?page=${page}`)).json()) as { players: unknown[] }[];
    openRooms.push(...batch);
    if (batch.length < 500) break;
  }
  const practiceSeats = PRACTICE ? await ask<Seated>(child, { type: 'seated' }) : null;
  const seatedAtEnd = practiceSeats
    ? practiceSeats.people + practiceSeats.house
    : openRooms.reduce((sum, room) => sum + room.players.length, 0);
  const queries = (await allQueries()) - queries0;
  const wire = wireAt() - wire0;
  const lobbyWire = lobbyWireAt() - lobbyWire0;
  if (profile) {
    const file = path.resolve(profile, `realtime-${Date.now()}.cpuprofile`);
    child.send({ type: 'profile-stop', file });
    await new Promise<void>((resolve) =>
      child.on('message', (m: { type?: string }) => m?.type === 'profile-written' && resolve()),
    );
    console.log(`  server CPU profile of the measured window: ${file}`);
  }
  if (heapProfile) {
    const file = path.resolve(heapProfile, `realtime-${Date.now()}.heapprofile`);
    child.send({ type: 'heap-profile-stop', file });
    await new Promise<void>((resolve) =>
      child.on('message', (m: { type?: string }) => m?.type === 'profile-written' && resolve()),
    );
    const sampled = process.env.BENCH_HEAP_ALL === '1' ? 'every allocation' : 'what outlived a scavenge';
    console.log(`  server heap profile (${sampled}) of the measured window: ${file}`);
  }

  const cpuMicros = after.cpu.user + after.cpu.system - (before.cpu.user + before.cpu.system);
  const steps = (after.counters.table_actions ?? 0) - (before.counters.table_actions ?? 0);
  // House players' moves (practice): actions too, played through the same table queue.
  const houseMoves = (after.counters.house_moves ?? 0) - (before.counters.house_moves ?? 0);
  const actions = counters.actions + houseMoves;
  const sorted = counters.latencies.sort((a, b) => a - b);
  const result = {
    nodes: NODES,
    spread: NODES > 1 ? SPREAD : undefined,
    thinkMs: THINK_MS,
    practice: PRACTICE
      ? { people: 1, housePlayers: HOUSE_SEATS, houseThinkScale: HOUSE_THINK_SCALE }
      : undefined,
    tables: TABLES,
    players: total,
    seconds: Number(elapsed.toFixed(1)),
    actions,
    personActions: counters.actions,
    houseActions: houseMoves,
    houseRefused: (after.counters.house_refused ?? 0) - (before.counters.house_refused ?? 0),
    actionsPerSecond: Math.round(actions / elapsed),
    refused: counters.refused,
    refusals: counters.refusals,
    serverStepsPerSecond: Math.round(steps / elapsed),
    latencyMs: {
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      max: Number((sorted.at(-1) ?? NaN).toFixed(1)),
      /** Acknowledged moves whose result frame was timed (all, unless a frame came after its ack). */
      samples: sorted.length,
    },
    serverCpuMsPerAction: Number((cpuMicros / 1000 / Math.max(1, actions)).toFixed(3)),
    serverCpuPercent: Math.round((cpuMicros / 1e6 / elapsed) * 100),
    serverCpuSystemShare: Number(
      ((after.cpu.system - before.cpu.system) / Math.max(1, cpuMicros)).toFixed(2),
    ),
    moneyCommitMs: Number((after.timesMs.commit?.mean ?? 0).toFixed(2)),
    commitsPerDatabaseCall: Number(
      (
        ((after.counters.store_parts ?? 0) - (before.counters.store_parts ?? 0)) /
        Math.max(1, (after.counters.store_batches ?? 0) - (before.counters.store_batches ?? 0))
      ).toFixed(1),
    ),
    databaseCpuMsPerAction: Number((databaseCpuMs / Math.max(1, actions)).toFixed(3)),
    databaseCpuPercent: Math.round((databaseCpuMs / 1000 / elapsed) * 100),
    sqlStatementsPerAction: Number((queries / Math.max(1, actions)).toFixed(2)),
    wireBytesPerAction: Math.round(wire / Math.max(1, actions)),
    gameFrameBytes: Math.round(
      ((after.counters.socket_frameBytes ?? 0) - (before.counters.socket_frameBytes ?? 0)) /
        Math.max(1, (after.counters.socket_frames ?? 0) - (before.counters.socket_frames ?? 0)),
    ),
    lobbyBytesPerSecond: {
      json: Math.round(lobbyBytes / elapsed),
      wire: Math.round(lobbyWire / elapsed),
      watchers: LOBBY_WATCHERS,
      /** JSON bytes of one `rooms` message as one watcher receives it (a diff of its page). */
      perMessagePerWatcher: Math.round(lobbyBytes / Math.max(1, lobbyMessages)),
      perSecondPerWatcher: Math.round(lobbyBytes / elapsed / Math.max(1, LOBBY_WATCHERS)),
    },
    serverEventLoopDelayMs: after.loopDelayMs,
    serverActionMs: after.timesMs.action,
    serverCommitMs: after.timesMs.commit,
    databaseFallbacks: (after.counters.store_fallbacks ?? 0) - (before.counters.store_fallbacks ?? 0),
    serverRssMb: Math.round(after.rss / 1024 / 1024),
    clientCpuPercent: Math.round(((clientCpu.user + clientCpu.system) / 1e6 / elapsed) * 100),
    clientEventLoopDelayMs: loopDelayMs(clientLoop),
    serverHeapMb: Math.round(after.heapUsed / 1024 / 1024),
    seatedAtEnd,
  };
  console.log(
    `  actions/s            ${result.actionsPerSecond}  (${result.actions} in ${result.seconds}s, ${result.refused} refused; server steps/s incl. deals and time-outs ${result.serverStepsPerSecond})`,
  );
  if (PRACTICE)
    console.log(
      `  of which             ${result.personActions} by the bench's people, ${result.houseActions} by house players (${result.houseRefused} refused)`,
    );
  console.log(`  action → own state   p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms`);
  if (result.serverActionMs) {
    const a = result.serverActionMs;
    console.log(
      `  inside the server    p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ms (a move's arrival to its answer, frames written)`,
    );
  }
  console.log(
    `  event loop delay     server p99 ${result.serverEventLoopDelayMs.p99} ms, max ${result.serverEventLoopDelayMs.max}; bench's players p99 ${result.clientEventLoopDelayMs.p99} ms, max ${result.clientEventLoopDelayMs.max} (${result.clientCpuPercent}% of a core)`,
  );
  console.log(
    `  server CPU           ${result.serverCpuMsPerAction} ms per action (${result.serverCpuPercent}% of one core)`,
  );
  console.log(
    `  wire bytes           ${result.wireBytesPerAction} per action, received by the ${total} players; game frames average ${result.gameFrameBytes} B of JSON`,
  );
  console.log(
    `  lobby                ${result.lobbyBytesPerSecond.wire} B/s on the wire (${result.lobbyBytesPerSecond.json} B/s of JSON) to ${LOBBY_WATCHERS} watchers: ${result.lobbyBytesPerSecond.perSecondPerWatcher} B/s each, ${result.lobbyBytesPerSecond.perMessagePerWatcher} B per message`,
  );
  console.log(
    `  database             ${result.databaseCpuMsPerAction} ms CPU per action (${result.databaseCpuPercent}% of one core), ${result.commitsPerDatabaseCall} table commits per call`,
  );
  console.log(`  server memory        RSS ${result.serverRssMb} MB, heap ${result.serverHeapMb} MB`);
  console.log(
    `  seated at the end    ${result.seatedAtEnd} of ${total + HOUSE_SEATS * TABLES} players` +
      (practiceSeats ? ` (${practiceSeats.people} people, ${practiceSeats.house} house players)` : ''),
  );
  const ledger = await serverLedger(child);
  console.log(`  ledger check         ${ledger.ok ? 'OK' : 'FAILED'} (${ledger.transfers} transfers)`);
  const failures = new Failures();
  failures.check(counters.actions > 0, 'no move was played in the measured window');
  failures.check(sorted.length > 0, 'no move got its result frame');
  failures.check(
    Object.keys(counters.refusedEver).length === 0,
    `moves refused (warm-up included): ${JSON.stringify(counters.refusedEver)}`,
  );
  failures.check(!PRACTICE || result.houseActions > 0, 'no house player moved in the measured window');
  failures.check(
    (after.counters.house_refused ?? 0) === 0,
    `${after.counters.house_refused} house moves refused (the house plays only legal moves)`,
  );
  failures.check(
    (after.counters.table_failures ?? 0) === 0,
    `${after.counters.table_failures} table steps failed on the server (see its log)`,
  );
  failures.check(result.databaseFallbacks === 0, `${result.databaseFallbacks} hand-store batches fell back`);
  failures.check(ledger.ok, 'the ledger check failed');

  for (const p of players) p.client.close();
  // The first node drops the database: it stops last.
  for (const node of [...nodes.slice(1), nodes[0]!]) {
    node.child.send({ type: 'stop' });
    await new Promise((r) => node.child.once('exit', r));
  }
  const machine = { yardstickMicrosBefore: speedBefore, yardstickMicrosAfter: yardstick(yardstickChanges) };
  console.log(
    `  machine speed        bench:frames' workload ${machine.yardstickMicrosBefore} µs per change before the run, ${machine.yardstickMicrosAfter} after (lower is faster)`,
  );
  console.log(JSON.stringify({ ...result, ledgerOk: ledger.ok, machine }));
  failures.report('bench:realtime');
}

await main();
process.exit(process.exitCode ?? 0);
