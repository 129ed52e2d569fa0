/**
 * Fewer, larger writes. A table change sends each viewer a game update, often a sound or two, a
 * balance, and the actor its acknowledgement. Sent as they come, each is its own WebSocket frame and
 * its own system call. Two measures turn that into one write per connection:
 *
 * - hold: while a change is fanned out, a viewer's engine.io connection buffers its packets; they are
 *   flushed together once the current turn of the event loop is over (setImmediate), which also
 *   catches the acknowledgement sent a few microtasks later;
 * - cork: when engine.io flushes, the TCP socket is corked until the next tick, so the frames of one
 *   flush leave in a single write.
 *
 * Both rely only on engine.io's `flush` event, a transport's `writable` flag and `flush()`, and
 * net.Socket cork/uncork. If those ever change, this does nothing and packets go out as they come.
 */
import type { Socket as NetSocket } from 'node:net';
import type { Server, Socket } from 'socket.io';

type Transport = { writable?: boolean; socket?: { _socket?: NetSocket } };
type EngineConn = { transport?: Transport; readyState?: string; flush?: () => void };

const corked = new WeakSet<NetSocket>();
const held = new Set<EngineConn>();
let releaseScheduled = false;

function uncork(raw: NetSocket): void {
  corked.delete(raw);
  raw.uncork();
}

export function batchSocketWrites(io: Server): void {
  io.engine.on('flush', (conn: EngineConn, packets?: unknown[]) => {
    // One packet (a ping, a lone event) is one write already: ws corks its header and payload.
    if (packets && packets.length < 2) return;
    const raw = conn.transport?.socket?._socket;
    if (!raw || corked.has(raw) || typeof raw.cork !== 'function') return;
    corked.add(raw);
    raw.cork();
    process.nextTick(uncork, raw);
  });
}

function release(): void {
  releaseScheduled = false;
  for (const conn of held) {
    if (conn.transport) conn.transport.writable = true;
    if (conn.readyState === 'open') conn.flush!();
  }
  held.clear();
}

/** Buffers what is sent to `socket` until the end of this turn of the event loop. */
export function holdWrites(socket: Socket): void {
  const conn = socket.conn as unknown as EngineConn;
  const transport = conn.transport;
  // Only an idle transport is held; one mid-write flushes its buffer when that write completes.
  if (!transport || transport.writable !== true || typeof conn.flush !== 'function' || held.has(conn)) return;
  transport.writable = false;
  held.add(conn);
  if (!releaseScheduled) {
    releaseScheduled = true;
    setImmediate(release);
  }
}
