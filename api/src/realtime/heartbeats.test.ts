import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import WebSocket from 'ws';
import { shareHeartbeats, type HeartbeatClock } from './heartbeats.js';

const PING_INTERVAL = 200;
const PING_TIMEOUT = 300;
const TICK = 20;

let http: HttpServer;
let io: Server;
let clock: HeartbeatClock;
const clients: ClientSocket[] = [];
const raws: WebSocket[] = [];

async function start(): Promise<string> {
  http = createServer();
  io = new Server(http, {
    transports: ['websocket'],
    pingInterval: PING_INTERVAL,
    pingTimeout: PING_TIMEOUT,
  });
  clock = shareHeartbeats(io, { pingInterval: PING_INTERVAL, pingTimeout: PING_TIMEOUT, tickMs: TICK });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** A connection that completes socket.io's handshake, then never answers a ping. */
function silentClient(host: string): Promise<{ pings: () => number }> {
  const ws = new WebSocket(`ws://${host}/socket.io/?EIO=4&transport=websocket`);
  raws.push(ws);
  let pings = 0;
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('0')) ws.send('40');
      else if (text.startsWith('40')) resolve({ pings: () => pings });
      else if (text === '2') pings += 1;
    });
    ws.on('error', reject);
  });
}

afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  raws.splice(0).forEach((ws) => ws.terminate());
  clock.stop();
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

describe('heartbeats on one shared clock', () => {
  it('closes a connection that stops answering within the interval and the timeout (and a tick)', async () => {
    const host = await start();
    const closed = new Promise<{ reason: string; at: number }>((resolve) =>
      io.on('connection', (socket) =>
        socket.on('disconnect', (reason) => resolve({ reason, at: performance.now() })),
      ),
    );
    const silent = await silentClient(host);
    const connectedAt = performance.now();
    const { reason, at } = await closed;
    expect(reason).toBe('ping timeout');
    expect(silent.pings()).toBe(1);
    const took = at - connectedAt;
    expect(took).toBeGreaterThanOrEqual(PING_INTERVAL + PING_TIMEOUT - TICK);
    // A loaded machine may run the clock late; the bound is generous, the reason and the one ping exact.
    expect(took).toBeLessThan(PING_INTERVAL + PING_TIMEOUT + 500);
    expect(clock.connections()).toBe(0);
  });

  it('keeps a connection that answers, pinging it every interval', async () => {
    const host = await start();
    let disconnected: string | null = null;
    io.on('connection', (socket) => socket.on('disconnect', (reason) => (disconnected = reason)));
    const client = connect(`http://${host}`, { transports: ['websocket'], reconnection: false });
    clients.push(client);
    await new Promise<void>((resolve) => client.on('connect', () => resolve()));
    let pings = 0;
    client.io.engine.on('ping', () => (pings += 1));
    await new Promise((r) => setTimeout(r, 5 * PING_INTERVAL + 2 * PING_TIMEOUT));
    expect(disconnected).toBeNull();
    expect(client.connected).toBe(true);
    // 1,600 ms at one ping per 200 ms, each at most a tick late: seven or eight (fewer on a loaded
    // machine, never more).
    expect(pings).toBeGreaterThanOrEqual(5);
    expect(pings).toBeLessThanOrEqual(8);
    expect(clock.connections()).toBe(1);
    // No timer of its own: the shared clock pings it.
    const { clients: engineClients } = io.engine as unknown as {
      clients: Record<string, { pingIntervalTimer: unknown }>;
    };
    const engineSockets = Object.values(engineClients);
    expect(engineSockets.map((s) => s.pingIntervalTimer)).toEqual([null]);
  });

  it('forgets a connection that closes', async () => {
    const host = await start();
    const client = connect(`http://${host}`, { transports: ['websocket'], reconnection: false });
    clients.push(client);
    await new Promise<void>((resolve) => client.on('connect', () => resolve()));
    expect(clock.connections()).toBe(1);
    client.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(clock.connections()).toBe(0);
  });
});
