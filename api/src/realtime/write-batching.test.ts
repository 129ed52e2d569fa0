import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server, type Socket } from 'socket.io';
import WebSocket from 'ws';
import { batchSocketWrites, encodeFrames, holdWrites, sendPing } from './write-batching.js';

let http: HttpServer;
let io: Server | null = null;
const raws: WebSocket[] = [];

async function start(options: { compression?: boolean } = {}): Promise<string> {
  http = createServer();
  const server = new Server(http, {
    transports: ['websocket'],
    perMessageDeflate: options.compression ? { threshold: 0 } : false,
  });
  io = server;
  batchSocketWrites(server);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(http.address() as AddressInfo).port}`;
}

type Conn = {
  write(data: string): void;
  writeBuffer: unknown[];
  sendPacket(type: 'ping'): void;
  transport: { writable: boolean; socket: { _socket: { write: (...args: unknown[]) => boolean } } };
};
const connOf = (socket: Socket) => socket.conn as unknown as Conn;

/**
 * A client that speaks socket.io's wire protocol by hand and keeps every WebSocket message it gets
 * after the handshake, exactly as received, and how many TCP reads brought them.
 */
async function rawClient(
  host: string,
  options: { compression?: boolean } = {},
): Promise<{ server: Socket; messages: string[]; next: (count: number) => Promise<string[]> }> {
  const connected = new Promise<Socket>((resolve) => io!.once('connection', resolve));
  const ws = new WebSocket(`ws://${host}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: options.compression ?? false,
  });
  raws.push(ws);
  const messages: string[] = [];
  let waiting: { count: number; resolve: (m: string[]) => void } | null = null;
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('0')) return void ws.send('40');
      if (text.startsWith('40')) return resolve();
      messages.push(text);
      if (waiting && messages.length >= waiting.count) {
        waiting.resolve(messages.splice(0, waiting.count));
        waiting = null;
      }
    });
    ws.on('error', reject);
  });
  return {
    server: await connected,
    messages,
    next: (count) =>
      new Promise((resolve) => {
        if (messages.length >= count) resolve(messages.splice(0, count));
        else waiting = { count, resolve };
      }),
  };
}

/** Counts the writes made on the connection's TCP socket from now on. */
function countWrites(socket: Socket): () => number {
  const raw = connOf(socket).transport.socket._socket;
  const write = raw.write.bind(raw);
  let writes = 0;
  raw.write = (...args: unknown[]) => {
    writes += 1;
    return write(...args);
  };
  return () => writes;
}

afterEach(async () => {
  raws.splice(0).forEach((ws) => ws.terminate());
  const server = io;
  io = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('encoding engine.io packets as WebSocket frames', () => {
  it('frames each payload with the shortest length form RFC 6455 allows, 7, 16 or 64 bits', () => {
    for (const [bytes, header] of [
      [125, 2],
      [126, 4],
      [65_535, 4],
      [65_536, 10],
    ] as const) {
      const data = 'x'.repeat(bytes - 1); // the packet type takes the first byte
      const out = encodeFrames([{ type: 'message', data }])!;
      expect(out.length).toBe(header + bytes);
      expect(out[0]).toBe(0x81);
      const length =
        header === 2 ? out[1] : header === 4 ? out.readUInt16BE(2) : Number(out.readBigUInt64BE(2));
      expect(length).toBe(bytes);
      expect(out.subarray(header).toString()).toBe(`4${data}`);
    }
  });

  it('counts UTF-8 bytes, not characters, in a payload (names in Cyrillic)', () => {
    const out = encodeFrames([{ type: 'message', data: '2["chat","Привет"]' }])!;
    expect(out[1]).toBe(1 + Buffer.byteLength('2["chat","Привет"]'));
    expect(out.subarray(2).toString()).toBe('42["chat","Привет"]');
  });

  it('refuses a packet it cannot frame as engine.io would (binary data, other types)', () => {
    expect(encodeFrames([{ type: 'message', data: Buffer.from('x') }])).toBeNull();
    expect(encodeFrames([{ type: 'message', data: '2[]' }, { type: 'noop' }])).toBeNull();
  });
});

describe('writing a held connection once', () => {
  it("delivers every packet of a turn, in order and intact, in a single write on the connection's socket", async () => {
    const host = await start();
    const client = await rawClient(host);
    const writes = countWrites(client.server);
    const big = 'ж'.repeat(40_000); // 80,000 bytes: the 64-bit length form
    holdWrites(client.server);
    connOf(client.server).write('2["game_update",{"a":1}]');
    client.server.emit('play_sound', { sound: 'bet' });
    connOf(client.server).write(`2["game_state","${big}"]`);
    // The acknowledgement a few microtasks later is caught too.
    await Promise.resolve();
    client.server.emit('balanceUpdated', { balance: '1.50' });
    expect(client.messages).toEqual([]);
    const got = await client.next(4);
    expect(got).toEqual([
      '42["game_update",{"a":1}]',
      '42["play_sound",{"sound":"bet"}]',
      `42["game_state","${big}"]`,
      '42["balanceUpdated",{"balance":"1.50"}]',
    ]);
    expect(writes()).toBe(1);
    // Then the connection is as before: a later emit goes straight out.
    client.server.emit('after', 1);
    expect(await client.next(1)).toEqual(['42["after",1]']);
  });

  it('leaves the packets to engine.io when per-message deflate is on, and they still arrive in order', async () => {
    const host = await start({ compression: true });
    const client = await rawClient(host, { compression: true });
    holdWrites(client.server);
    for (let i = 0; i < 5; i++) connOf(client.server).write(`2["n",${i}]`);
    expect(await client.next(5)).toEqual([0, 1, 2, 3, 4].map((i) => `42["n",${i}]`));
  });

  it('leaves a packet with a sent-callback to engine.io, which calls it', async () => {
    const host = await start();
    const client = await rawClient(host);
    holdWrites(client.server);
    const conn = client.server.conn as unknown as {
      write(data: string, options: object, sent: () => void): void;
    };
    const sent = new Promise<void>((resolve) => conn.write('2["x",1]', {}, resolve));
    connOf(client.server).write('2["x",2]');
    await sent;
    expect(await client.next(2)).toEqual(['42["x",1]', '42["x",2]']);
  });
});

describe('the ping', () => {
  it("is written straight out when nothing waits before it, and behind a held turn's packets otherwise", async () => {
    const host = await start();
    const client = await rawClient(host);
    sendPing(client.server.conn as unknown as Parameters<typeof sendPing>[0]);
    expect(await client.next(1)).toEqual(['2']);
    holdWrites(client.server);
    connOf(client.server).write('2["game_update",{}]');
    sendPing(client.server.conn as unknown as Parameters<typeof sendPing>[0]);
    expect(await client.next(2)).toEqual(['42["game_update",{}]', '2']);
  });
});
