/**
 * A scripted player's connection for bench:realtime: socket.io's own wire protocol (engine.io v4
 * packets over one WebSocket, socket.io v5 events and acknowledgements on the main namespace),
 * spoken directly over `ws`. The server sees exactly what socket.io-client would send; the
 * difference is on the bench's side of the loopback: an event's payload is handed over as the JSON
 * text it arrived as, and each player parses only what it needs. The bench's 3,000 players share
 * the server's two cores, so what they spend is taken from the server being measured.
 *
 * Only what the bench uses: text packets, no binary attachments, no reconnection.
 */
import WebSocket from 'ws';

/** engine.io packet types (first character of a packet). */
const EIO_OPEN = '0';
const EIO_PING = '2';
const EIO_PONG = '3';
const EIO_MESSAGE = '4';
/** socket.io packet types (the character after engine.io's MESSAGE). */
const SIO_CONNECT = '0';
const SIO_EVENT = '2';
const SIO_ACK = '3';
const SIO_CONNECT_ERROR = '4';

/** Receives an event's payload as JSON text (the first argument only: the server's events have one). */
export type RawHandler = (payload: string) => void;

export class WireClient {
  private nextAckId = 0;
  private readonly acks = new Map<number, (reply: string) => void>();
  private readonly handlers = new Map<string, RawHandler>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.onPacket(data.toString()));
  }

  /** Opens the engine.io connection and joins the main namespace with `auth`. */
  static connect(port: number, auth: Record<string, unknown>, compression = false): Promise<WireClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: compression,
    });
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        ws.terminate();
        reject(error);
      };
      ws.once('error', fail);
      const onHandshake = (data: Buffer) => {
        const packet = data.toString();
        if (packet.startsWith(EIO_OPEN)) {
          ws.send(EIO_MESSAGE + SIO_CONNECT + JSON.stringify(auth));
          return;
        }
        if (packet.startsWith(EIO_MESSAGE + SIO_CONNECT)) {
          ws.off('message', onHandshake);
          ws.off('error', fail);
          resolve(new WireClient(ws));
          return;
        }
        if (packet.startsWith(EIO_MESSAGE + SIO_CONNECT_ERROR))
          fail(new Error(`connect_error ${packet.slice(2)}`));
      };
      ws.on('message', onHandshake);
    });
  }

  /** The handler of a server event (one per event). */
  on(event: string, handler: RawHandler): void {
    this.handlers.set(event, handler);
  }

  /** Sends an event; with `onReply`, asks for an acknowledgement and hands over its JSON text. */
  emit(event: string, payload: unknown, onReply?: (reply: string) => void): void {
    const args = payload === undefined ? [event] : [event, payload];
    let id = '';
    if (onReply) {
      const n = this.nextAckId++;
      this.acks.set(n, onReply);
      id = String(n);
    }
    this.ws.send(EIO_MESSAGE + SIO_EVENT + id + JSON.stringify(args));
  }

  emitWithAck<T>(event: string, payload?: unknown, timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${event}: no answer in ${timeoutMs} ms`)), timeoutMs);
      this.emit(event, payload, (reply) => {
        clearTimeout(timer);
        resolve(JSON.parse(reply) as T);
      });
    });
  }

  /** Bytes read from the wire so far (frames, headers and all). */
  get bytesRead(): number {
    return (this.ws as unknown as { _socket?: { bytesRead?: number } })._socket?.bytesRead ?? 0;
  }

  close(): void {
    this.ws.close();
  }

  private onPacket(packet: string): void {
    if (packet === EIO_PING) {
      this.ws.send(EIO_PONG);
      return;
    }
    if (packet[0] !== EIO_MESSAGE) return;
    if (packet[1] === SIO_EVENT) {
      // 42["name",payload]
      const nameEnd = packet.indexOf('"', 4);
      const handler = this.handlers.get(packet.slice(4, nameEnd));
      // The payload runs from after `",` to before the closing `]`.
      if (handler) handler(packet.slice(nameEnd + 2, -1));
      return;
    }
    if (packet[1] === SIO_ACK) {
      // 43<id>[reply]
      const open = packet.indexOf('[', 2);
      const id = Number(packet.slice(2, open));
      const reply = this.acks.get(id);
      if (!reply) return;
      this.acks.delete(id);
      reply(packet.slice(open + 1, -1));
    }
  }
}
