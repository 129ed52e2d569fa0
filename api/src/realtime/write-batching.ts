/**
 * Fewer, larger writes. Each engine.io flush sends its packets as separate WebSocket frames, and
 * each frame is its own write to the TCP socket: a game update, its sounds, a balance and an ack
 * would be four system calls. Corking the TCP socket when engine.io flushes, and uncorking on the
 * next tick, turns every flush (and anything else written in that tick) into one write.
 *
 * Only the public 'flush' event of the engine.io server and net.Socket cork/uncork are used; the
 * TCP socket is reached through the ws connection, and if that path ever changes this does nothing.
 */
import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

type EngineSocket = { transport?: { socket?: { _socket?: NetSocket } } };

const corked = new WeakSet<NetSocket>();

function uncork(raw: NetSocket): void {
  corked.delete(raw);
  raw.uncork();
}

export function batchSocketWrites(io: Server): void {
  io.engine.on('flush', (conn: EngineSocket) => {
    const raw = conn.transport?.socket?._socket;
    if (!raw || corked.has(raw) || typeof raw.cork !== 'function') return;
    corked.add(raw);
    raw.cork();
    process.nextTick(uncork, raw);
  });
}
