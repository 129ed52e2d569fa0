/**
 * The socket.io side of the tables (SPEC §7): authenticates each connection, validates every
 * payload with the core schemas, turns requests into runtime calls, and fans committed changes out
 * — each viewer gets its own view (spectators the spectator view), after the money is written.
 */
import {
  centsToDollars,
  clientEvents,
  inviteStartParam,
  isErrorCode,
  SvaraError,
  type Ack,
  type ClientEventName,
  type ClientEventPayload,
  type ErrorCode,
  type SeatChangeReason,
  type ServerEventName,
  type StoodUpCode,
  type ServerEventPayload,
  type TableAction,
} from '@svara/core';
import { createHistogram } from 'node:perf_hooks';
import { translate } from '@svara/locales';
import type { Server, Socket } from 'socket.io';
import { avatarOf } from '../http/routes/avatars.js';
import type { Logger } from '../logger.js';
import type { Services } from '../services.js';
import { readAccountState } from './account-state.js';
import { handshakeError, handshakeToken } from './handshake.js';
import type { LobbyFeed } from './lobby.js';
import type { RealtimeOptions } from './options.js';
import { RateLimiter } from './rate-limiter.js';
import { holdWrites } from './write-batching.js';
import { recordSince } from './stats.js';
import { FrameBuilder, sendJson, type SentFrame } from './frames.js';
import type { ActResult, TableChange, TableListener } from './table-types.js';
import type { FrameSink, RelayedChange, TablePort } from './cluster/forwarding.js';

export type SocketData = {
  userId: string;
  language: string | null;
  username: string | null;
  avatar: string | null;
  /** The room this socket watches (seated or not), or null. */
  roomId: string | null;
  /** Asked for the room list: in the lobby whenever it is not at a table. */
  wantsLobby: boolean;
  /** The last game frame this socket got in its room: the next one is a patch against it. */
  frame: SentFrame | null;
};

type ServerToClient = { [E in ServerEventName]: (payload: ServerEventPayload<E>) => void };
type ClientToServer = Record<ClientEventName, (...args: unknown[]) => void>;
type AppSocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
type Outcome =
  { ok: true; data?: unknown } | { ok: false; code: ErrorCode; detail?: string; message?: string };

export type GatewayServices = Pick<
  Services,
  'rooms' | 'ledger' | 'users' | 'verifyAccessToken' | 'suspension'
> &
  Partial<Pick<Services, 'protection'>>;

const userRoom = (userId: string) => `user:${userId}`;
const tableRoom = (roomId: string) => `table:${roomId}`;

/** Moves a client names in game_action; `back` ends being away (RULES §6). */
const MOVES = new Set(['blind_bet', 'look', 'call', 'fold', 'join_svara', 'skip_svara', 'back'] as const);

/** Seat changes a player is told about with `stood_up`: the server freed the seat, not the player. */
const STOOD_UP: Partial<Record<SeatChangeReason, StoodUpCode>> = {
  sat_out: 'balance_below_ante',
  away: 'away_too_long',
};
type Move = Exclude<TableAction, { type: 'sit' | 'start_hand' | 'tick' | 'set_balance' | 'leave' }>;

export class Gateway implements TableListener, FrameSink {
  /** Sockets of this node watching each room. */
  private readonly viewers = new Map<string, Set<AppSocket>>();
  private readonly chat: RateLimiter;
  private readonly flood: RateLimiter;
  private readonly sweeper: NodeJS.Timeout;
  readonly stats = { frames: 0, frameBytes: 0, wholeFrames: 0, errors: 0 };
  /** Numbers the frames this node builds (frame-patch.ts: a patch names the frame it applies to). */
  private frameSeq = 0;
  /** Microseconds from a move's arrival to its answer, the new frames already written. */
  readonly actionTimes = createHistogram();

  constructor(
    private readonly io: Server,
    /** The runtime itself, or with several nodes the port that forwards to a table's owner. */
    private readonly runtime: TablePort,
    private readonly lobby: LobbyFeed,
    private readonly services: GatewayServices,
    private readonly options: RealtimeOptions,
    private readonly logger: Logger,
  ) {
    this.chat = new RateLimiter(options.chat.perSecond, options.chat.burst, options.clock);
    // Any client sends a handful of messages a second; a flood is refused before it costs anything.
    this.flood = new RateLimiter(20, 60, options.clock);
    this.sweeper = setInterval(() => {
      this.chat.sweep();
      this.flood.sweep();
    }, 60_000);
    this.sweeper.unref();
    io.use((socket, next) => {
      this.authenticate(socket as AppSocket).then(
        () => next(),
        (error: unknown) => next(error as Error),
      );
    });
    io.on('connection', (socket) => this.connected(socket as AppSocket));
  }

  // --- connections

  private async authenticate(socket: AppSocket): Promise<void> {
    const token = handshakeToken(socket.handshake);
    if (!token) throw handshakeError('no_token', translate(null, 'errors.no_token'));
    let userId: string;
    let language: string | null;
    try {
      const claims = await this.services.verifyAccessToken(token);
      userId = claims.telegramId;
      language = claims.language;
    } catch {
      throw handshakeError('auth_validation_failed', translate(null, 'errors.auth_validation_failed'));
    }
    const user = await this.services.users.get(userId);
    if (!user)
      throw handshakeError('auth_validation_failed', translate(language, 'errors.auth_validation_failed'));
    socket.data = {
      userId,
      language: language ?? user.languageCode,
      username: user.username ?? user.firstName,
      // The short path of our own avatar route, not the photo's own long address: it is in every frame.
      avatar: avatarOf(userId, user.photoUrl),
      roomId: null,
      wantsLobby: false,
      frame: null,
    };
  }

  private connected(socket: AppSocket): void {
    const { userId } = socket.data;
    void socket.join(userRoom(userId));
    this.handle(socket, 'request_rooms', (p) => this.requestRooms(socket, p));
    this.handle(socket, 'join', (p) => this.ownId(socket, p));
    this.handle(socket, 'subscribe_balance', async (p) => {
      const own = this.ownId(socket, p);
      if (!own.ok) return own;
      const balance = await this.services.ledger.walletBalance(userId);
      socket.emit('balanceUpdated', { balance: centsToDollars(balance) });
      return own;
    });
    this.handle(socket, 'join_room', (p) => this.enterRoom(socket, p.roomId));
    this.handle(socket, 'game_action', (p) => this.gameAction(socket, p));
    this.handle(socket, 'sit_down', (p) => this.sitDown(socket, p));
    this.handle(socket, 'leave_room', (p) => this.leaveRoom(socket, p.roomId));
    this.handle(socket, 'auto_fold', (p) => this.runtime.autoFold(p.roomId, userId));
    this.handle(socket, 'chat_message', (p) => this.chatMessage(socket, p));
    // RULES §7: the player's contribution to the next hand's client seed (FAIRNESS.md §6).
    this.handle(socket, 'set_client_seed', (p) =>
      this.runtime.setClientSeed(p.roomId, userId, p.seed, p.commitment),
    );
    socket.on('disconnect', () => this.exitRoom(socket));
    // The account's state as of now: a tab that missed a change while it was away is right again.
    readAccountState(this.services, userId).then(
      (state) => socket.connected && socket.emit('account_state', state),
      (error: unknown) => this.logger.error({ err: error, userId }, 'reading the account state failed'),
    );

    // Back after a reconnect: a seated player gets the table's full view at once.
    const seatedAt = this.runtime.seatOf(userId);
    if (seatedAt !== undefined) {
      void this.enterRoom(socket, seatedAt).catch((error: unknown) =>
        this.logger.error({ err: error, userId }, 'rejoining the table failed'),
      );
    }
  }

  /** Registers a validated handler: a bad payload gets `error` and a failing ack, and changes nothing. */
  private handle<E extends ClientEventName>(
    socket: AppSocket,
    event: E,
    handler: (payload: ClientEventPayload<E>) => Outcome | Promise<Outcome>,
  ): void {
    const listener = async (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: Ack) => void) : null;
      if (!this.flood.take(socket.id)) {
        this.refuse(socket, ack, 'rate_limited');
        return;
      }
      // JSON has no undefined: a client that sends "nothing" may well send null.
      const parsed = clientEvents[event].safeParse(args[0] ?? undefined);
      if (!parsed.success) {
        this.refuse(socket, ack, 'validation_failed');
        return;
      }
      let outcome: Outcome;
      try {
        outcome = await handler(parsed.data as ClientEventPayload<E>);
      } catch (error) {
        const code = error instanceof SvaraError && isErrorCode(error.code) ? error.code : 'unknown_error';
        if (code === 'unknown_error') this.logger.error({ err: error, event }, 'socket handler failed');
        // A refusal that renders its own text (protection: an amount, a time) keeps it.
        const own = error as { localize?: (language: string | null) => string };
        outcome =
          typeof own.localize === 'function'
            ? { ok: false, code, message: own.localize(socket.data.language) }
            : { ok: false, code };
      }
      if (outcome.ok) ack?.(outcome.data === undefined ? { ok: true } : { ok: true, data: outcome.data });
      else this.refuse(socket, ack, outcome.code, outcome.message);
    };
    (socket as unknown as Socket).on(event as string, listener);
  }

  private refuse(
    socket: AppSocket,
    ack: ((answer: Ack) => void) | null,
    code: ErrorCode,
    text?: string,
  ): void {
    this.stats.errors += 1;
    const message = text ?? translate(socket.data.language, `errors.${code}`);
    socket.emit('error', { code, message });
    ack?.({ ok: false, code, message });
  }

  // --- requests

  private ownId(socket: AppSocket, payload: string | { telegramId: string } | undefined): Outcome {
    const id = typeof payload === 'object' ? payload.telegramId : payload;
    if (id !== undefined && id !== socket.data.userId) return { ok: false, code: 'forbidden' };
    return { ok: true };
  }

  private async requestRooms(socket: AppSocket, view: ClientEventPayload<'request_rooms'>): Promise<Outcome> {
    socket.data.wantsLobby = true;
    // At a table the socket gets the list once; it follows the lobby again when it leaves the table.
    await this.lobby.request(socket, view, socket.data.roomId === null);
    return { ok: true };
  }

  private async enterRoom(socket: AppSocket, roomId: string): Promise<Outcome> {
    const table = await this.runtime.open(roomId);
    if (!table) return { ok: false, code: 'game_not_found' };
    const seated = this.runtime.seatOf(socket.data.userId) === roomId;
    if (
      table.type === 'private' &&
      !seated &&
      !(await this.services.rooms.hasAccess(roomId, socket.data.userId))
    ) {
      return { ok: false, code: 'forbidden' };
    }
    if (socket.data.roomId !== roomId) {
      this.exitRoom(socket);
      socket.data.roomId = roomId;
      let set = this.viewers.get(roomId);
      if (!set) this.viewers.set(roomId, (set = new Set()));
      set.add(socket);
      void socket.join(tableRoom(roomId));
      this.lobby.leave(socket);
      this.runtime.watch(roomId, 1);
    }
    // The whole frame: on entering, and when the client asks again (it missed a patch).
    // Without a state now, the next change goes to this socket whole.
    socket.data.frame = null;
    const state = this.runtime.peek(roomId);
    if (state) {
      const builder = new FrameBuilder(state, this.options.clock(), ++this.frameSeq);
      this.sendFrame(socket, builder, socket.data.userId);
    }
    return { ok: true };
  }

  /** Stops watching the current room (the seat, if any, stays: leaving is leave_room). */
  private exitRoom(socket: AppSocket): void {
    const roomId = socket.data.roomId;
    if (roomId === null) return;
    socket.data.roomId = null;
    socket.data.frame = null;
    const set = this.viewers.get(roomId);
    set?.delete(socket);
    if (set?.size === 0) this.viewers.delete(roomId);
    void socket.leave(tableRoom(roomId));
    this.runtime.watch(roomId, -1);
  }

  private async gameAction(socket: AppSocket, p: ClientEventPayload<'game_action'>): Promise<Outcome> {
    const playerId = socket.data.userId;
    if (p.action === 'invite') {
      const room = await this.services.rooms.get(p.roomId);
      if (!room || room.status !== 'open') return { ok: false, code: 'game_not_found' };
      return { ok: true, data: inviteStartParam(p.roomId, playerId) };
    }
    let move: Move;
    if (p.action === 'raise') {
      if (p.amount === undefined || p.amount === null) return { ok: false, code: 'invalid_amount' };
      move = { type: 'raise', playerId, amount: Math.round(p.amount * 100) };
    } else if (MOVES.has(p.action)) {
      move = { type: p.action, playerId } as Move;
    } else {
      return { ok: false, code: 'validation_failed' };
    }
    const started = performance.now();
    const result = await this.runtime.act(p.roomId, move);
    recordSince(this.actionTimes, started);
    return result;
  }

  private async sitDown(socket: AppSocket, p: ClientEventPayload<'sit_down'>): Promise<Outcome> {
    // Refused before the socket leaves the table it sits at to watch this one.
    const elsewhere = this.runtime.seatOf(socket.data.userId);
    if (elsewhere !== undefined && elsewhere !== p.roomId) return { ok: false, code: 'seated_elsewhere' };
    if (socket.data.roomId !== p.roomId) {
      const entered = await this.enterRoom(socket, p.roomId);
      if (!entered.ok) return entered;
    }
    // Player protection, read from the database at every sit-down (so another device, a second tab
    // or a change made a moment ago counts): the agreement, an exclusion, a loss or session limit.
    // A refusal here leaves the socket watching the table; the connection itself is never refused.
    await this.services.protection?.assertCanPlay(socket.data.userId);
    // The seat shows the profile from sign-in, not what the client puts in userData.
    const { userId, username, avatar } = socket.data;
    return this.runtime.sit(p.roomId, { id: userId, username, avatar }, p.position);
  }

  private async leaveRoom(socket: AppSocket, roomId: string): Promise<Outcome> {
    let result: ActResult = { ok: true };
    if (this.runtime.seatOf(socket.data.userId) === roomId)
      result = await this.runtime.leave(roomId, socket.data.userId);
    if (socket.data.roomId === roomId) {
      this.exitRoom(socket);
      if (socket.data.wantsLobby) await this.lobby.enter(socket);
    }
    return result;
  }

  private chatMessage(socket: AppSocket, p: ClientEventPayload<'chat_message'>): Outcome {
    const playerId = socket.data.userId;
    const state = this.runtime.peek(p.roomId);
    if (!state || !state.seats.some((s) => s.playerId === playerId)) return { ok: false, code: 'not_seated' };
    if (!this.chat.take(playerId)) return { ok: false, code: 'rate_limited' };
    this.io
      .to(tableRoom(p.roomId))
      .emit('new_chat_message', { roomId: p.roomId, playerId, phrase: p.phrase });
    return { ok: true };
  }

  // --- fan-out

  changed(change: TableChange): void {
    const { roomId, events } = change;
    this.sendFrames(change);
    for (const e of events) {
      if (e.type !== 'seat_changed' || e.seated) continue;
      const code = STOOD_UP[e.reason];
      if (code) void this.tellStoodUp(e.playerId, roomId, code);
    }
    for (const [userId, balance] of change.balances) {
      this.io.to(userRoom(userId)).emit('balanceUpdated', { balance: centsToDollars(balance) });
    }
    // Private rooms are listed too (with a lock): their seats show in the lobby like any other.
    if (change.lobby) this.lobby.mark();
  }

  /** This node's sockets watching the room get their frames (the owner's change, or one relayed). */
  sendFrames(change: RelayedChange): void {
    const { roomId, state, events, now } = change;
    const sockets = this.viewers.get(roomId);
    if (sockets && sockets.size > 0) {
      // One view per seated player (whatever number of tabs) and one for every spectator; one patch
      // for all the sockets that got the same frame before.
      const builder = new FrameBuilder(state, now, ++this.frameSeq);
      // "turn" tells the player whose turn it now is; every other sound is for the whole table.
      // Each sound's packet is encoded once, like the frames, and follows the frame on every socket.
      const h = state.hand;
      const betting = state.status === 'blind_betting' || state.status === 'betting';
      const onTurn = h && betting && h.turn >= 0 ? h.players[h.turn]!.playerId : undefined;
      const forAll: string[] = [];
      const forTurn: string[] = [];
      for (const e of events) {
        if (e.type !== 'sound') continue;
        const json = JSON.stringify({ sound: e.name });
        if (e.name !== 'turn') forAll.push(json);
        else if (onTurn !== undefined) forTurn.push(json);
      }
      for (const socket of sockets) {
        holdWrites(socket);
        const userId = socket.data.userId;
        this.sendFrame(socket, builder, userId);
        for (const sound of forAll) sendJson(socket, 'play_sound', sound);
        if (userId === onTurn) for (const sound of forTurn) sendJson(socket, 'play_sound', sound);
      }
    }
  }

  /**
   * The socket's frame of `builder`'s change: a patch against the frame it got last, or the whole
   * frame when it has none (it just entered, or asked again).
   */
  private sendFrame(socket: AppSocket, builder: FrameBuilder, userId: string): void {
    const before = socket.data.frame;
    const json = before === null ? builder.json(userId) : builder.patchJson(before, userId);
    socket.data.frame = builder.frame(userId);
    this.stats.frames += 1;
    this.stats.frameBytes += json.length;
    if (before === null) this.stats.wholeFrames += 1;
    sendJson(socket, before === null ? 'game_state' : 'game_update', json);
  }

  /** Every socket of the player (on any node) hears why, in its own language. */
  private async tellStoodUp(userId: string, roomId: string, code: StoodUpCode): Promise<void> {
    try {
      for (const socket of await this.io.in(userRoom(userId)).fetchSockets()) {
        const language = (socket.data as Partial<SocketData>).language ?? null;
        socket.emit('stood_up', { roomId, code, message: translate(language, `errors.${code}`) });
      }
    } catch (error) {
      this.logger.error({ err: error, userId, roomId }, 'telling a player they were stood up failed');
    }
  }

  stoodUp(userId: string, roomId: string, code: StoodUpCode): void {
    void this.tellStoodUp(userId, roomId, code);
  }

  /** Every socket of the player, on every node, hears `event` (the Sit & Go's news, tournaments/). */
  notify<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void {
    this.io.to(userRoom(userId)).emit(event, payload);
  }

  /** A seated player's session reached a multiple of their reality-check minutes: every socket of theirs hears it. */
  realityCheck(userId: string, payload: ServerEventPayload<'reality_check'>): void {
    this.io.to(userRoom(userId)).emit('reality_check', payload);
  }

  /**
   * The account was suspended or unsuspended, or a cool-off or self-exclusion started or was
   * extended: every socket of the player hears the new state at once, on every node (the player's
   * room goes through the Redis adapter).
   */
  /** The player signed out: every socket of theirs, on every node, is dropped (its token is void). */
  signedOut(userId: string): void {
    this.io.in(userRoom(userId)).disconnectSockets(true);
  }

  async accountChanged(userId: string): Promise<void> {
    const state = await readAccountState(this.services, userId);
    this.io.to(userRoom(userId)).emit('account_state', state);
  }

  closed(roomId: string): void {
    const sockets = this.viewers.get(roomId);
    for (const socket of sockets ?? []) {
      this.exitRoom(socket);
      this.refuse(socket, null, 'game_not_found');
    }
    this.lobby.mark();
  }

  /** Balance events for a wallet change outside the tables (SPEC §7: balanceUpdated, transactionConfirmed). */
  async walletChanged(userId: string, message?: string): Promise<void> {
    await this.runtime.walletChanged(userId);
    const balance = centsToDollars(await this.services.ledger.walletBalance(userId));
    if (message === undefined) this.io.to(userRoom(userId)).emit('balanceUpdated', { balance });
    else this.io.to(userRoom(userId)).emit('transactionConfirmed', { balance, message });
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
