/**
 * The socket.io connection (SPEC §4 "Realtime connection", §7): websocket only, reconnection
 * attempts 1–4 s apart without end, a reconnect when the page becomes visible again, and acknowledgements.
 * socket.io-client and the protocol's zod schemas load when the socket is first opened (after
 * sign-in), so the lobby's first paint does not wait for them; this module itself stays light, as the
 * connection banner reads its status on every page.
 */
import type { Socket, io as openSocket } from 'socket.io-client';
import type * as Protocol from './realtime-schemas';
import type {
  Ack,
  ClientEventName,
  ClientEventPayload,
  GameState,
  ServerEventName,
  ServerEventPayload,
} from '@svara/core';
import { createStore } from '../app/store';
import { GameFrames } from './game-frames';
import { getToken, renewSession } from './http';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type RealtimeAuth = {
  token: string;
  telegramId: string;
  userData: { username: string | null; avatar: string | null };
};

// Short enough that a dead connection shows at the table within ~5 s (the table also probes).
const ACK_TIMEOUT_MS = 4_000;

export const connectionStatus = createStore<ConnectionStatus>('idle');

let socket: Socket | null = null;
let auth: RealtimeAuth | null = null;
/** The socket being opened: socket.io-client and the schemas are on their way. */
let opening: Promise<void> | null = null;
/** The protocol's schemas, there once the socket is: every payload arrives through it. */
let protocol: typeof Protocol | null = null;

/** Listeners by event; they may subscribe before the socket exists and are attached when it does. */
const handlers = new Map<string, Set<(payload: unknown) => void>>();

/** The table's frames: whole, then patches applied here once for every listener (game-frames.ts). */
const frames = new GameFrames((roomId) => socket?.emit('join_room', { roomId }));

/** A game_update as its listeners get it: the whole frame its patch makes (null: none yet). */
function patched(raw: unknown): unknown {
  const patch = protocol!.serverEvents.game_update.safeParse(raw);
  if (patch.success) return frames.patch(patch.data);
  warn('game_update', patch.error.issues);
  return null;
}

function attach(s: Socket, event: string): void {
  s.on(event, (raw: unknown) => {
    const payload = event === 'game_update' ? patched(raw) : event === 'game_state' ? frames.whole(raw) : raw;
    if (payload !== null) handlers.get(event)?.forEach((h) => h(payload));
  });
}

/** Opens the socket (once; later calls only update the credentials); resolves when it exists. */
export function connectRealtime(credentials: RealtimeAuth): Promise<void> {
  auth = credentials;
  if (opening) return opening;
  connectionStatus.set('connecting');
  opening = Promise.all([import('socket.io-client'), import('./realtime-schemas')]).then(
    ([client, schemas]) => {
      protocol = schemas;
      open(client.io, schemas);
    },
    (err: unknown) => {
      // Not loaded (offline at that moment): the banner says the connection is lost; its retry tries again.
      console.warn('[realtime] could not load the socket client', err);
      opening = null;
      connectionStatus.set('disconnected');
    },
  );
  return opening;
}

function open(io: typeof openSocket, { serverEvents }: typeof Protocol): void {
  const s = io({
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    // The current token on every (re)connection: the app may have signed in again meanwhile.
    auth: (cb) => cb(auth ? { ...auth, token: getToken() ?? auth.token } : {}),
    reconnection: true,
    // Keep trying: the table recovers by itself after any outage, however long.
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 4_000,
    // A connection attempt that hangs is given up after 5 s, not socket.io's default 20 s.
    timeout: 5_000,
  });
  socket = s;
  for (const event of handlers.keys()) attach(s, event);
  let renewed = false;
  s.on('connect', () => {
    renewed = false;
    connectionStatus.set('connected');
    const id = auth?.telegramId;
    // The lobby asks for its rooms itself, with the view it shows (app/rooms.ts).
    if (id) {
      s.emit('join', id);
      s.emit('subscribe_balance', id);
    }
  });
  s.on('disconnect', (reason: string) => {
    frames.reset();
    connectionStatus.set('disconnected');
    // The server dropped the socket (a sign-out voided its token, or the node is stopping):
    // socket.io does not come back by itself then. Connecting again either finds another node or
    // is refused for the token, and connect_error below signs in again.
    if (reason === 'io server disconnect') s.connect();
  });
  s.on('connect_error', (err: Error & { data?: { code?: unknown } }) => {
    connectionStatus.set('disconnected');
    // The token was revoked (a sign-out elsewhere, a suspension, a cool-off or self-exclusion cut
    // every session): socket.io does not retry a refused handshake, so the app signs in again once
    // and connects with the new token.
    if (err.data?.code !== 'auth_validation_failed' || renewed) return;
    renewed = true;
    void renewSession().then((ok) => ok && s.connect());
  });
  // Both balance events reach the rest of the app as one window event (SPEC §7).
  s.on('balanceUpdated', (raw: unknown) => {
    const p = serverEvents.balanceUpdated.safeParse(raw);
    if (p.success) dispatchBalance(p.data.balance);
  });
  s.on('transactionConfirmed', (raw: unknown) => {
    const p = serverEvents.transactionConfirmed.safeParse(raw);
    if (p.success) dispatchBalance(p.data.balance, p.data.message);
  });
  document.addEventListener('visibilitychange', onVisible);
}

function onVisible(): void {
  if (document.visibilityState === 'visible' && socket && !socket.connected) socket.connect();
}

/** Reconnects now (the no-connection sheet's retry). */
export function reconnectRealtime(): void {
  if (!socket) {
    if (auth && !opening) void connectRealtime(auth);
    return;
  }
  if (socket.connected) return connectionStatus.set('connected');
  connectionStatus.set('connecting');
  socket.connect();
}

/** Drops the socket and connects afresh: it looked connected but stopped answering. */
export function restartRealtime(): void {
  if (!socket) return;
  socket.disconnect();
  connectionStatus.set('connecting');
  socket.connect();
}

export type BalanceEventDetail = { balance: number; message?: string };

function dispatchBalance(balance: number, message?: string): void {
  window.dispatchEvent(
    new CustomEvent<BalanceEventDetail>('balanceUpdated', { detail: { balance, message } }),
  );
}

/** Sends a client event and resolves with the server's acknowledgement. */
export function emitWithAck<E extends ClientEventName>(
  event: E,
  payload: ClientEventPayload<E>,
): Promise<Ack> {
  return new Promise((resolve) => {
    if (!socket || !socket.connected) {
      resolve({ ok: false, code: 'network_error', message: 'not connected' });
      return;
    }
    socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (err: Error | null, raw: unknown) => {
      if (err) return resolve({ ok: false, code: 'network_error', message: 'no acknowledgement' });
      const parsed = protocol!.ackSchema.safeParse(raw);
      resolve(
        parsed.success ? parsed.data : { ok: false, code: 'unknown_error', message: 'bad acknowledgement' },
      );
    });
  });
}

/** Sends a client event without waiting for an answer. */
export function emit<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): void {
  socket?.emit(event, payload);
}

const warned = new Set<string>();

function warn(event: string, issues: unknown[]): void {
  if (warned.has(event)) return;
  warned.add(event);
  console.warn(`[realtime] ${event} does not match the protocol`, issues.slice(0, 3));
}

/** What a listener of `E` gets: a game_update comes as the whole frame its patch makes. */
export type ServerEventData<E extends ServerEventName> = E extends 'game_update'
  ? GameState
  : ServerEventPayload<E>;

/** Subscribes to a server event; payloads are checked against the protocol schema. */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventData<E>) => void,
): () => void {
  const listener = (raw: unknown) => {
    // Payloads come only through the socket, which exists once the schemas are loaded.
    const schema = event === 'game_update' ? protocol!.gameStateSchema : protocol!.serverEvents[event];
    const parsed = schema.safeParse(raw);
    if (parsed.success) return handler(parsed.data as ServerEventData<E>);
    warn(event, parsed.error.issues);
  };
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
    if (socket) attach(socket, event);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Subscribes to connect / disconnect of the socket itself (also before the socket exists). */
export function onSocket(event: 'connect' | 'disconnect', handler: () => void): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
    if (socket) attach(socket, event);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

export function isConnected(): boolean {
  return Boolean(socket?.connected);
}
