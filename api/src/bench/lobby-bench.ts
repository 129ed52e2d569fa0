/**
 * `npm run bench:lobby`: lobby bytes per change per viewer, in process. N open tables (6 seats) and
 * V lobby viewers spread over the views the Mini App asks for (first pages, a few later pages, the
 * "free seat" switch, stake ranges, a search); then a stream of lobby changes (status, a player
 * sitting or leaving, a room opening or emptying) goes through the real LobbyFeed, one flush per
 * change and then one flush per burst of changes. Compared with what the whole-list feed before
 * views sent for the same changes: the full list (then capped at 500 rooms) to every viewer.
 *
 * Exits 1 when a run sent viewers nothing; BENCH_SMOKE=1 runs 100 viewers and 100 changes.
 *
 *   BENCH_VIEWERS=1000 BENCH_CHANGES=2000 npm run bench:lobby
 */
import type { LobbyViewRequest, RoomSummary } from '@svara/core';
import { lobbyViewSchema } from '@svara/core';
import { createLogger } from '../logger.js';
import { LobbyFeed, type LobbySocket } from '../realtime/lobby.js';
import { Failures, setting } from './bench-helpers.js';

const VIEWERS = setting('BENCH_VIEWERS', 1_000, 100);
const CHANGES = setting('BENCH_CHANGES', 2_000, 100);
const BURST = setting('BENCH_BURST', 50, 50);
const OLD_LIST_CAP = 500;

/** A deterministic generator, so before and after see the same changes. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STAKES = [1, 2, 5, 10, 25, 50, 100, 500];
const STATUSES = ['waiting', 'blind_betting', 'betting', 'showdown', 'finished'];

function makeRoom(n: number, players: number, rnd: () => number): RoomSummary {
  const hex = n.toString(16).padStart(12, '0');
  return {
    roomId: `${hex.slice(0, 8)}-0000-4000-8000-${hex}`,
    players: Array.from({ length: players }, () => ({ id: String(100_000_000 + Math.floor(rnd() * 9e8)) })),
    maxPlayers: 6,
    minBet: STAKES[Math.floor(rnd() * STAKES.length)]!,
    type: rnd() < 0.1 ? 'private' : 'public',
    status: STATUSES[Math.floor(rnd() * STATUSES.length)]!,
  };
}

/** What viewers look at: mostly the first page, as people do. */
function viewFor(i: number): LobbyViewRequest {
  const r = i % 100;
  if (r < 60) return { limit: 10, page: 1 };
  if (r < 70) return { limit: 10, page: 2 };
  if (r < 75) return { limit: 10, page: 3 + (i % 5) };
  if (r < 88) return { filter: { available: true }, limit: 10, page: 1 };
  if (r < 96) return { filter: { minStake: 5, maxStake: 100 }, limit: 10, page: 1 };
  return { filter: { search: (i % 16).toString(16) }, limit: 10, page: 1 };
}

class CountingSocket {
  bytes = 0;
  largest = 0;
  disconnected = false;
  readonly conn = {
    write: (packet: string) => {
      this.bytes += packet.length;
      this.largest = Math.max(this.largest, packet.length);
    },
  };
  constructor(readonly id: string) {}
  join() {}
  leave() {}
  emit() {
    return true;
  }
  once() {
    return this;
  }
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 1));

async function run(tables: number, burst: number) {
  const rnd = random(tables * 7 + burst);
  let serial = tables;
  let open = Array.from({ length: tables }, (_, i) => makeRoom(tables - i, 1 + Math.floor(rnd() * 6), rnd));
  // No interval, and status changes sent at once too: every change goes out (the worst case).
  const feed = new LobbyFeed(async () => open, 0, createLogger({ level: 'silent', pretty: false }), 0);
  const viewers = Array.from({ length: VIEWERS }, (_, i) => new CountingSocket(`v${i}`));
  for (const [i, v] of viewers.entries())
    await feed.request(v as unknown as LobbySocket, lobbyViewSchema.parse(viewFor(i)), true);
  await nextTurn();
  const bytesAt = () => viewers.reduce((sum, v) => sum + v.bytes, 0);

  const change = () => {
    const k = rnd();
    if (k < 0.05) {
      serial += 1;
      open = [makeRoom(serial, 1, rnd), ...open];
      return;
    }
    const at = Math.floor(rnd() * open.length);
    const room = open[at]!;
    let next: RoomSummary;
    if (k < 0.6) next = { ...room, status: STATUSES[Math.floor(rnd() * STATUSES.length)]! };
    else if (k < 0.8 && room.players.length < 6)
      next = { ...room, players: [...room.players, { id: String(Math.floor(rnd() * 9e8)) }] };
    else next = { ...room, players: room.players.slice(1) }; // may empty the room: off the list
    open = open.map((r, i) => (i === at ? next : r));
    // An emptied room closes after a while; here at once, so the table count stays about the same.
    if (next.players.length === 0) open = open.filter((r) => r !== next);
  };

  const bytes0 = bytesAt();
  const encodes0 = feed.stats.encodes;
  let oldBytes = 0;
  let cpuMicros = 0;
  const flushes = Math.ceil(CHANGES / burst);
  for (let f = 0; f < flushes; f++) {
    for (let c = 0; c < burst; c++) change();
    // The whole-list feed: the whole list (500 at most) to every viewer, once per flush.
    oldBytes +=
      (JSON.stringify({ action: 'update', rooms: open.slice(0, OLD_LIST_CAP) }).length + 12) * VIEWERS;
    const cpu0 = process.cpuUsage();
    feed.mark();
    await nextTurn();
    const cpu = process.cpuUsage(cpu0);
    cpuMicros += cpu.user + cpu.system;
  }
  feed.stop();
  const changes = flushes * burst;
  const newBytes = bytesAt() - bytes0;
  return {
    tables,
    burst,
    perChangePerViewer: newBytes / changes / VIEWERS,
    perFlushPerViewer: newBytes / flushes / VIEWERS,
    oldPerChangePerViewer: oldBytes / changes / VIEWERS,
    oldPerFlushPerViewer: oldBytes / flushes / VIEWERS,
    encodesPerFlush: (feed.stats.encodes - encodes0) / flushes,
    views: feed.audience.views,
    cpuMsPerFlush: cpuMicros / 1000 / flushes,
    largestDiff: Math.max(...viewers.map((v) => v.largest)),
  };
}

console.log(
  `bench:lobby — ${VIEWERS} viewers, ${CHANGES} changes per run (B per viewer; before = whole list)`,
);
const failures = new Failures();
for (const tables of [500, 2_000]) {
  for (const burst of [1, BURST]) {
    const r = await run(tables, burst);
    failures.check(
      r.perChangePerViewer > 0,
      `${tables} tables, ${burst}/flush: the viewers received nothing`,
    );
    console.log(
      `  ${String(tables).padStart(5)} tables, ${String(burst).padStart(3)} change(s)/flush: ` +
        `${r.perChangePerViewer.toFixed(1)} B/change (before ${Math.round(r.oldPerChangePerViewer)}), ` +
        `${r.perFlushPerViewer.toFixed(1)} B/flush (before ${Math.round(r.oldPerFlushPerViewer)}); ` +
        `largest diff ${r.largestDiff} B; ${r.views} views, ${r.encodesPerFlush.toFixed(1)} encodes/flush, ${r.cpuMsPerFlush.toFixed(2)} ms CPU/flush`,
    );
  }
}
failures.report('bench:lobby');
