/**
 * Fewer, cheaper writes. A table change sends each viewer a game update, often a sound or two, a
 * balance, and the actor its acknowledgement. Sent as they come, each is its own WebSocket frame,
 * its own pass through engine.io's and ws's per-packet machinery and its own system call. So:
 *
 * - hold: while a change is fanned out, a viewer's engine.io connection buffers its packets; they
 *   leave together once the current turn of the event loop is over (setImmediate), which also
 *   catches the acknowledgement sent a few microtasks later;
 * - write once: the held packets are encoded here, each as the WebSocket text frame ws would have
 *   made of engine.io's encoding, into one buffer and one write on the TCP socket. Nothing of
 *   engine.io's flush, its events or ws's sender runs for them. That is allowed only while neither
 *   has anything of its own in flight, so nothing can overtake an earlier packet; otherwise the
 *   packets take engine.io's way (and always with per-message deflate, whose frames differ);
 * - cork: when engine.io flushes several packets itself, the TCP socket is corked until the next
 *   tick, so they too leave in a single write.
 *
 * The heartbeat's ping goes out the same way (`sendPing`).
 *
 * It relies on engine.io's connection `writeBuffer`, `packetsFn`, `flush()` and `flush` event, its
 * WebSocket transport's `writable`, `perMessageDeflate` and `socket` (the ws connection), and ws's
 * `_sender` (`_state`, `_queue`) and `_socket`. If those ever change, packets go through engine.io.
 */
import type { Socket as NetSocket } from 'node:net';
import type { Server, Socket } from 'socket.io';

type Packet = { type: string; data?: unknown };
type WsConnection = {
  readyState?: number;
  _socket?: NetSocket;
  _sender?: { _state?: number; _queue?: unknown[] };
};
type Transport = {
  name?: string;
  writable?: boolean;
  perMessageDeflate?: unknown;
  socket?: WsConnection;
};
type EngineConn = {
  transport?: Transport;
  readyState?: string;
  writeBuffer?: Packet[];
  packetsFn?: unknown[];
  flush?: () => void;
  sendPacket?: (type: 'ping') => void;
};

/** ws's WebSocket.OPEN, and its sender's state when it holds nothing back. */
const WS_OPEN = 1;
const WS_SENDER_IDLE = 0;
/** A final text frame (RFC 6455 §5.2), as every engine.io packet is sent over WebSocket. */
const FIN_TEXT = 0x81;
/** engine.io's packet types as the first character of an encoded packet. */
const ENGINE_PING = 0x32;
const ENGINE_MESSAGE = 0x34;

/** The bytes a frame's header takes for a payload of `length` bytes (server frames are unmasked). */
function headerBytes(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

/**
 * engine.io's text packets — messages with string data, and pings — as consecutive WebSocket frames
 * in one buffer; null when a packet is of another kind (binary, or a type only engine.io sends).
 */
export function encodeFrames(packets: readonly Packet[]): Buffer | null {
  const lengths: number[] = [];
  let total = 0;
  for (const packet of packets) {
    let length: number;
    if (packet.type === 'message' && typeof packet.data === 'string')
      length = 1 + Buffer.byteLength(packet.data, 'utf8');
    else if (packet.type === 'ping' && packet.data === undefined) length = 1;
    else return null;
    lengths.push(length);
    total += headerBytes(length) + length;
  }
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  for (let i = 0; i < packets.length; i++) {
    const length = lengths[i]!;
    out[at++] = FIN_TEXT;
    if (length < 126) out[at++] = length;
    else if (length < 65_536) {
      out[at++] = 126;
      out.writeUInt16BE(length, at);
      at += 2;
    } else {
      out[at++] = 127;
      out.writeUInt32BE(0, at);
      out.writeUInt32BE(length, at + 4);
      at += 8;
    }
    const data = packets[i]!.data;
    if (typeof data === 'string') {
      out[at++] = ENGINE_MESSAGE;
      at += out.write(data, at, 'utf8');
    } else out[at++] = ENGINE_PING;
  }
  return out;
}

/**
 * The TCP socket under `conn` when a write straight to it keeps every packet's order: a WebSocket
 * transport without deflate, engine.io holding nothing back (writable, an empty buffer) and ws's
 * sender idle. Null otherwise.
 */
function directSocket(conn: EngineConn): NetSocket | null {
  const transport = conn.transport;
  if (!transport || transport.name !== 'websocket' || transport.writable !== true) return null;
  if (transport.perMessageDeflate) return null;
  const ws = transport.socket;
  const sender = ws?._sender;
  const raw = ws?._socket;
  if (!ws || ws.readyState !== WS_OPEN || !sender || !raw) return null;
  if (sender._state !== WS_SENDER_IDLE || !Array.isArray(sender._queue) || sender._queue.length > 0)
    return null;
  if (raw.destroyed || !raw.writable) return null;
  return raw;
}

/** Writes the connection's buffered packets as one buffer; false when they must take engine.io's way. */
function writeBuffered(conn: EngineConn): boolean {
  const packets = conn.writeBuffer;
  if (!Array.isArray(packets) || packets.length === 0) return false;
  // A packet with a sent-callback is engine.io's to acknowledge.
  if (!Array.isArray(conn.packetsFn) || conn.packetsFn.length > 0) return false;
  const raw = directSocket(conn);
  if (!raw) return false;
  const frames = encodeFrames(packets);
  if (!frames) return false;
  conn.writeBuffer = [];
  raw.write(frames);
  return true;
}

/** A ping, whole: one frame of one byte. Shared by every write; nothing changes it. */
const PING_FRAME = encodeFrames([{ type: 'ping' }])!;

/** Pings an engine.io connection: one shared three-byte write when nothing is queued before it. */
export function sendPing(conn: EngineConn): void {
  const raw = conn.writeBuffer?.length === 0 ? directSocket(conn) : null;
  if (raw) raw.write(PING_FRAME);
  else conn.sendPacket!('ping');
}

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
    if (conn.readyState === 'open' && !writeBuffered(conn)) conn.flush!();
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
