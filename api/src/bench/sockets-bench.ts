/**
 * `npm run bench:sockets`: what the sockets alone cost the server at a human pace, without the game.
 * The same traffic as bench:realtime's paced run — N tables of six connections, one move at a time
 * per table after a think of 0–2× BENCH_THINK_MS, each move answered by a frame of about 530 bytes
 * to the table's six connections and an acknowledgement to the mover, and a heartbeat every 2 s —
 * served by a process that does nothing else, once per stack:
 *
 * - `socket.io`: the api's own transport: socket.io with its heartbeat on one clock and its writes
 *   held and written once (realtime/heartbeats.ts, write-batching.ts), frames as ready-made packets;
 * - `ws`: the WebSocket library under it, alone: one message per frame, WebSocket ping frames.
 *
 * It prints the server's CPU per move for each. Set beside bench:realtime's figure for the same
 * pace, it says how much of the server's time per move is the transport and how much the table.
 *
 *   BENCH_TABLES=200 BENCH_THINK_MS=1500 npm run bench:sockets
 *   BENCH_STACKS=ws npm run bench:sockets          (one stack only; BENCH_SECONDS, BENCH_WARMUP_SECONDS)
 *
 * BENCH_SMOKE=1 serves 3 tables for a few seconds with each stack; it fails when no move is answered.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Server, type Socket } from 'socket.io';
import WebSocket, { WebSocketServer } from 'ws';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS, shareHeartbeats } from '../realtime/heartbeats.js';
import { batchSocketWrites, holdWrites } from '../realtime/write-batching.js';
import { sendJson } from '../realtime/frames.js';
import { API_NODE_FLAGS, Failures, pool, setting } from './bench-helpers.js';
import { WireClient } from './wire-client.js';

const STACKS = ['socket.io', 'ws'] as const;
type Stack = (typeof STACKS)[number];
const SEATS = 6;
/** A game_update's size at a human pace (bench:realtime: 513–537 B of JSON). */
const FRAME_BYTES = 530;

// --- the server: one stack, nothing else

type ServerMessage = { type: 'cpu' };

/** A frame of FRAME_BYTES, different for every move as the table's are. */
function frameJson(table: number, move: number): string {
  const head = `{"seq":${move},"table":${table},"pad":"`;
  return `${head}${'x'.repeat(FRAME_BYTES - head.length - 2)}"}`;
}

function serve(stack: Stack): void {
  const http = createServer();
  /** Each table's connections, as what writes a frame to each. */
  const tables = new Map<number, Set<(json: string) => void>>();
  let moves = 0;
  const seatsOf = (table: number) => {
    let seats = tables.get(table);
    if (!seats) tables.set(table, (seats = new Set()));
    return seats;
  };

  if (stack === 'socket.io') {
    const io = new Server(http, {
      transports: ['websocket'],
      pingInterval: PING_INTERVAL_MS,
      pingTimeout: PING_TIMEOUT_MS,
      perMessageDeflate: false,
    });
    batchSocketWrites(io);
    shareHeartbeats(io, { pingInterval: PING_INTERVAL_MS, pingTimeout: PING_TIMEOUT_MS });
    io.on('connection', (socket: Socket) => {
      const table = Number(socket.handshake.auth.table);
      const seats = seatsOf(table);
      const seat = (json: string) => {
        holdWrites(socket);
        sendJson(socket, 'game_update', json);
      };
      seats.add(seat);
      socket.on('game_action', (_move: unknown, ack: (reply: unknown) => void) => {
        const json = frameJson(table, ++moves);
        for (const send of seats) send(json);
        ack({ ok: true });
      });
      socket.on('disconnect', () => seats.delete(seat));
    });
  } else {
    const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
    const alive = new Map<WebSocket, number>();
    // The same promise as the api's: a ping every 2 s, given up 3 s after an unanswered one.
    setInterval(() => {
      const now = performance.now();
      for (const [ws, pongAt] of alive) {
        if (now - pongAt > PING_INTERVAL_MS + PING_TIMEOUT_MS) ws.terminate();
        else ws.ping();
      }
    }, PING_INTERVAL_MS).unref();
    wss.on('connection', (ws, request) => {
      const table = Number(new URL(request.url!, 'http://x').searchParams.get('table'));
      const seats = seatsOf(table);
      const seat = (json: string) => ws.send(json);
      seats.add(seat);
      alive.set(ws, performance.now());
      ws.on('pong', () => alive.set(ws, performance.now()));
      ws.on('message', () => {
        const json = frameJson(table, ++moves);
        for (const send of seats) send(json);
        ws.send('{"ok":true}');
      });
      ws.on('close', () => {
        seats.delete(seat);
        alive.delete(ws);
      });
    });
  }

  process.on('message', (message: ServerMessage) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ type: 'cpu', ms: (user + system) / 1000, moves });
    }
  });
  process.on('disconnect', () => process.exit(0));
  http.listen(0, '127.0.0.1', () =>
    process.send!({ type: 'ready', port: (http.address() as AddressInfo).port }),
  );
}

// --- the bench: the clients, in this process

const TABLES = setting('BENCH_TABLES', 200, 3);
const THINK_MS = setting('BENCH_THINK_MS', 1500, 300);
const SECONDS = setting('BENCH_SECONDS', 20, 3);
const WARMUP = setting('BENCH_WARMUP_SECONDS', 10, 1);

type Client = { move(onAnswer: () => void): void; close(): void };

async function connect(stack: Stack, port: number, table: number): Promise<Client> {
  if (stack === 'socket.io') {
    const client = await WireClient.connect(port, { table });
    return {
      move: (onAnswer) => client.emit('game_action', { type: 'call' }, () => onAnswer()),
      close: () => client.close(),
    };
  }
  const ws = new WebSocket(`ws://127.0.0.1:${port}/?table=${table}`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let waiting: (() => void) | null = null;
  ws.on('message', (data: Buffer) => {
    if (waiting && data.length < 20) {
      const answered = waiting;
      waiting = null;
      answered();
    }
  });
  return {
    move: (onAnswer) => {
      waiting = onAnswer;
      ws.send('{"type":"call"}');
    },
    close: () => ws.terminate(),
  };
}

type CpuReply = { type: 'cpu'; ms: number; moves: number };

async function measure(stack: Stack, failures: Failures): Promise<number | null> {
  const child = fork(fileURLToPath(import.meta.url), ['server', stack], {
    execArgv: [...API_NODE_FLAGS, '--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${stack} server exited with ${code}`)));
    child.on('message', (m: { type?: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
  });
  const cpu = () =>
    new Promise<CpuReply>((resolve) => {
      const onMessage = (m: CpuReply) => {
        if (m.type !== 'cpu') return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send({ type: 'cpu' });
    });

  const tables: Client[][] = Array.from({ length: TABLES }, () => []);
  await pool(
    Array.from({ length: TABLES * SEATS }, (_, i) => i),
    50,
    async (i) => void tables[Math.floor(i / SEATS)]!.push(await connect(stack, port, Math.floor(i / SEATS))),
  );
  let running = true;
  let answered = 0;
  const timers = new Set<NodeJS.Timeout>();
  // Each table: one of its six thinks, moves, and once answered the next one thinks.
  const play = (seats: Client[], turn: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (!running) return;
        seats[turn % SEATS]!.move(() => {
          answered += 1;
          play(seats, turn + 1);
        });
      },
      Math.random() * 2 * THINK_MS,
    );
    timers.add(timer);
  };
  tables.forEach((seats) => play(seats, 0));

  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const before = await cpu();
  const answeredBefore = answered;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const after = await cpu();
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  timers.forEach(clearTimeout);
  const moves = answered - answeredBefore;
  tables.flat().forEach((c) => c.close());
  child.disconnect();
  if (moves === 0 || after.moves === before.moves) {
    failures.check(false, `${stack}: no move was answered`);
    return null;
  }
  const ms = after.ms - before.ms;
  const perMove = ms / (after.moves - before.moves);
  console.log(
    `  ${stack.padEnd(10)} ${(moves / seconds).toFixed(0)} moves/s; server CPU ${perMove.toFixed(3)} ms per move ` +
      `(${((ms / seconds / 1000) * 100).toFixed(0)}% of one core)`,
  );
  return perMove;
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_STACKS ?? STACKS.join(','))
    .split(',')
    .filter((s): s is Stack => (STACKS as readonly string[]).includes(s));
  console.log(
    `bench:sockets — ${TABLES} tables × ${SEATS} connections, players think ${THINK_MS} ms on average, ` +
      `frames of ${FRAME_BYTES} B, a ping every ${PING_INTERVAL_MS / 1000} s; ${WARMUP}s warm-up, ${SECONDS}s measured`,
  );
  const failures = new Failures();
  const result: Record<string, number | null> = {};
  for (const stack of wanted) result[stack] = await measure(stack, failures);
  console.log(JSON.stringify({ tables: TABLES, thinkMs: THINK_MS, serverCpuMsPerMove: result }));
  failures.report('bench:sockets');
}

if (process.argv[2] === 'server') serve(process.argv[3] as Stack);
else await main();
