/**
 * One clock for every connection's heartbeat. engine.io gives each connection a ping timer of its
 * own and a pong timer per ping, so at a human pace the heartbeat is most of what wakes the server:
 * 1,200 connections pinged every 2 s are 600 pings and 600 pongs a second beside about 110 moves,
 * each ping and each pong its own turn of the event loop. Here one interval ticks every `tickMs`;
 * the connections whose ping is due are pinged together, so their pongs come back together and are
 * read in a few wake-ups, and no connection holds a timer.
 *
 * The promise is unchanged (README "Tables in real time"): a ping every `pingInterval` (at most one
 * tick later), and a connection that has not answered `pingTimeout` after its ping is closed with
 * engine.io's own reason, "ping timeout", within one more tick. The handshake still tells clients
 * the same interval and timeout, so they notice a silent server as before.
 *
 * A ping is written as write-batching.ts writes frames, or by engine.io's `sendPacket` when that
 * cannot be done. It relies on engine.io's connection `sendPacket`, `onClose`, its `heartbeat`
 * event (a pong) and its `pingIntervalTimer` (cleared at connection). If those ever change,
 * connections keep engine.io's own timers and nothing here runs for them.
 */
import type { Server } from 'socket.io';
import { sendPing } from './write-batching.js';

/**
 * The api's heartbeat: a ping every 2 s, given up after 3 s more. A silent loss (a phone losing its
 * network, a server gone) is noticed on both sides within about 5 s instead of socket.io's 25–45 s.
 * The ping is a one-byte frame: at 3,000 players, 1,500 frames a second.
 */
export const PING_INTERVAL_MS = 2_000;
export const PING_TIMEOUT_MS = 3_000;

type EngineSocket = {
  readyState: string;
  pingIntervalTimer: NodeJS.Timeout | null;
  sendPacket(type: 'ping'): void;
  onClose(reason: string): void;
  on(event: 'heartbeat' | 'close', listener: () => void): void;
};

type Beat = {
  socket: EngineSocket;
  /** When the unanswered ping went out; null while none is waiting. */
  pingedAt: number | null;
  /** The tick at which this connection is next looked at. */
  due: number;
};

export type HeartbeatClock = { connections(): number; stop(): void };

function isEngineSocket(value: unknown): value is EngineSocket {
  const s = value as Partial<EngineSocket> | null;
  return (
    !!s &&
    typeof s.sendPacket === 'function' &&
    typeof s.onClose === 'function' &&
    typeof s.on === 'function' &&
    'pingIntervalTimer' in s
  );
}

export function shareHeartbeats(
  io: Server,
  options: { pingInterval: number; pingTimeout: number; tickMs?: number; now?: () => number },
): HeartbeatClock {
  const tickMs = options.tickMs ?? 100;
  const now = options.now ?? (() => performance.now());
  /** Connections by the tick at which they are next looked at. */
  const buckets = new Map<number, Set<Beat>>();
  const beats = new Set<Beat>();
  /** The first tick not yet looked at: a connection is never placed before it. */
  let next = Math.floor(now() / tickMs) + 1;

  /** Looks at `beat` at the first tick at or after `at` (never one already past). */
  function place(beat: Beat, at: number): void {
    buckets.get(beat.due)?.delete(beat);
    beat.due = Math.max(Math.ceil(at / tickMs), next);
    let bucket = buckets.get(beat.due);
    if (!bucket) buckets.set(beat.due, (bucket = new Set()));
    bucket.add(beat);
  }

  const timer = setInterval(() => {
    const t = now();
    // Every tick whose time has come, so a late timer (a busy loop) misses no connection.
    const current = Math.floor(t / tickMs);
    while (next <= current) {
      const bucket = buckets.get(next);
      buckets.delete(next);
      next += 1;
      if (!bucket) continue;
      for (const beat of bucket) {
        const { socket } = beat;
        if (socket.readyState !== 'open') continue;
        if (beat.pingedAt !== null) {
          if (t - beat.pingedAt >= options.pingTimeout) socket.onClose('ping timeout');
          else place(beat, beat.pingedAt + options.pingTimeout);
          continue;
        }
        beat.pingedAt = t;
        sendPing(socket);
        place(beat, t + options.pingTimeout);
      }
    }
  }, tickMs);
  timer.unref();

  io.engine.on('connection', (socket: unknown) => {
    if (!isEngineSocket(socket) || socket.pingIntervalTimer === null) return;
    clearTimeout(socket.pingIntervalTimer);
    socket.pingIntervalTimer = null;
    const beat: Beat = { socket, pingedAt: null, due: 0 };
    beats.add(beat);
    place(beat, now() + options.pingInterval);
    socket.on('heartbeat', () => {
      if (beat.pingedAt === null) return;
      beat.pingedAt = null;
      place(beat, now() + options.pingInterval);
    });
    socket.on('close', () => {
      beats.delete(beat);
      buckets.get(beat.due)?.delete(beat);
    });
  });

  return {
    connections: () => beats.size,
    stop: () => clearInterval(timer),
  };
}
