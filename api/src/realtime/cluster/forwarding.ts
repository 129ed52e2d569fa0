/**
 * Playing at a table another node owns. The gateway talks to a TablePort: on one node that is the
 * runtime itself; with several nodes it is ClusterTables, which runs a call on the local runtime when
 * this node owns the room (or nobody does: it then takes the lease), and otherwise forwards it to
 * the owner and relays the answer.
 *
 * Transport: Redis pub/sub, one channel per node for requests and answers (matched by request id),
 * and one channel per room for the owner's committed changes. Chosen over socket.io's
 * serverSideEmit with acks, which waits for an answer from EVERY other node (a dead node makes each
 * call wait for the timeout): here a call goes to one node and a lost owner costs one timeout.
 *
 * Frames: each node builds the per-viewer frames of ITS sockets (gateway.sendFrames, as the owner
 * does for its own), from the change the owner publishes on the room's channel; this node keeps
 * the last state of the remote rooms its sockets watch (a mirror) for peek() and seatOf().
 */
import { randomUUID } from 'node:crypto';
import type { RoomType, TableEvent, TableState } from '@svara/core';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import type { TableRuntime } from '../table-runtime.js';
import type { ActResult, SeatUser, TableChange, TableListener } from '../table-types.js';
import type { Ownership } from './ownership.js';

type Move = Parameters<TableRuntime['act']>[1];

/** What the gateway asks of the tables (TableRuntime is one; ClusterTables forwards). */
export interface TablePort {
  open(roomId: string): Promise<{ type: RoomType } | null>;
  peek(roomId: string): TableState | null;
  seatOf(userId: string): string | undefined;
  sit(roomId: string, user: SeatUser, position?: number): Promise<ActResult>;
  act(roomId: string, action: Move): Promise<ActResult>;
  autoFold(roomId: string, userId: string): Promise<ActResult>;
  leave(roomId: string, userId: string): Promise<ActResult>;
  setClientSeed(
    roomId: string,
    userId: string,
    seed: string,
    commitment?: string,
  ): ActResult | Promise<ActResult>;
  watch(roomId: string, delta: 1 | -1): void;
  walletChanged(userId: string): Promise<void>;
}

/** A change as the owner publishes it: enough for any node to build its own sockets' frames. */
export type RelayedChange = Pick<TableChange, 'roomId' | 'state' | 'events' | 'now'>;

/** Where relayed changes go on this node (the gateway's frame fan-out). */
export interface FrameSink {
  sendFrames(change: RelayedChange): void;
}

const nodeChannel = (nodeId: string) => `svara:node:${nodeId}`;
const roomChannel = (roomId: string) => `svara:room:${roomId}`;
/**
 * A player's wallet or suspension changed on some node: every node applies it to the table it runs
 * where the player sits (a deposit credited through node B reaches the seat node A runs at once).
 */
const PLAYERS_CHANNEL = 'svara:players';
const playerNews = z.discriminatedUnion('kind', [
  z.object({ from: z.string(), kind: z.literal('wallet'), userId: z.string() }),
  z.object({ from: z.string(), kind: z.literal('suspension'), userId: z.string(), suspended: z.boolean() }),
]);

const METHODS = [
  'open',
  'sit',
  'act',
  'autoFold',
  'leave',
  'setClientSeed',
  'watch',
  'retireTournament',
] as const;
type Method = (typeof METHODS)[number];

const requestSchema = z.object({
  kind: z.literal('call'),
  id: z.string(),
  from: z.string(),
  method: z.enum(METHODS),
  args: z.array(z.unknown()).max(4),
});
const replySchema = z.object({ kind: z.literal('reply'), id: z.string(), result: z.unknown() });
const nodeMessage = z.discriminatedUnion('kind', [requestSchema, replySchema]);
const changeSchema = z.object({
  from: z.string(),
  roomId: z.string(),
  state: z.custom<TableState>((v) => typeof v === 'object' && v !== null),
  events: z.array(z.custom<TableEvent>()),
  now: z.number(),
});
const openedSchema = z
  .object({ type: z.enum(['public', 'private']), state: z.custom<TableState>().nullable() })
  .nullable();
const actResultSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), code: z.string(), detail: z.string().optional() }),
]);

/**
 * A forwarded call waits for its owner this long at a time. Past it, it goes on waiting while the
 * owner still holds the room's live lease (a busy owner: under load, a move can take seconds), up to
 * FORWARD_GIVE_UP_MS; a dead owner's lease expires within ~2 s, and the call gives up then.
 */
export const FORWARD_TIMEOUT_MS = 2_000;
export const FORWARD_GIVE_UP_MS = 10_000;
/** While no other node listens to a room, its changes are still published this often (a probe). */
export const RELAY_PROBE_MS = 1_000;
/** After a node asked to open or watch a room, its changes are published this long whatever Redis says. */
export const RELAY_FORCED_MS = 10_000;

const UNAVAILABLE: ActResult = {
  ok: false,
  code: 'unknown_error',
  detail: 'the table’s node did not answer',
};

/**
 * The state as other nodes get it: all they need to build their sockets' frames (core's viewFor),
 * without the running hand's server seed, which with the client seed would give the undealt deck.
 * It stays on the owner until the hand is over (then it is in fairness.revealedSeed anyway).
 */
export function relayedState(state: TableState): TableState {
  const hand = state.hand;
  if (!hand || hand.serverSeed === state.fairness?.revealedSeed) return state;
  return { ...state, hand: { ...hand, serverSeed: '' } };
}

export class ClusterTables implements TablePort {
  private readonly pending = new Map<string, (result: unknown) => void>();
  /** Remote rooms this node's sockets watch: their viewer count here and last state. */
  private readonly remote = new Map<string, { viewers: number; state: TableState | null }>();
  /** Rooms this node owns: how many other nodes heard their last relayed change (relay()). */
  private readonly audience = new Map<string, { receivers: number; probeAt: number; forcedUntil: number }>();
  private sink: FrameSink | null = null;
  readonly stats = { forwarded: 0, served: 0, relayed: 0, timeouts: 0 };

  constructor(
    private readonly runtime: TableRuntime,
    private readonly ownership: Ownership,
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly logger: Logger,
  ) {}

  /** Listens for calls and answers on this node's channel. */
  async start(sink: FrameSink): Promise<void> {
    this.sink = sink;
    this.sub.on('message', (channel: string, message: string) => this.received(channel, message));
    await this.sub.subscribe(nodeChannel(this.ownership.nodeId), PLAYERS_CHANNEL);
  }

  /** The owner's listener: local sockets first, then the other nodes through the room's channel. */
  listener(local: TableListener): TableListener {
    return {
      changed: (change) => {
        local.changed(change);
        this.relay(change);
      },
      closed: (roomId) => {
        local.closed(roomId);
        this.audience.delete(roomId);
        void this.ownership.release(roomId).catch(() => undefined);
      },
      stoodUp: (userId, roomId, code) => local.stoodUp?.(userId, roomId, code),
    };
  }

  /**
   * Publishes a change for the other nodes whose sockets watch the room. Redis answers a publish
   * with the number of nodes that got it; while that is 0, the room's changes go out only once per
   * RELAY_PROBE_MS, until a node asks the owner to open or watch the room (it then subscribes: its
   * changes go out at once for RELAY_FORCED_MS, and as long as someone listens).
   */
  private relay(change: TableChange): void {
    const { roomId, state, events, now } = change;
    const at = Date.now();
    const heard = this.audienceOf(roomId);
    if (heard.receivers === 0 && at < heard.probeAt && at >= heard.forcedUntil) return;
    const message = JSON.stringify({
      from: this.ownership.nodeId,
      roomId,
      state: relayedState(state),
      events,
      now,
    });
    this.pub.publish(roomChannel(roomId), message).then(
      (receivers) => {
        heard.receivers = receivers;
        if (receivers === 0) heard.probeAt = Date.now() + RELAY_PROBE_MS;
      },
      () => undefined,
    );
  }

  /** Another node opens or watches the room: it is about to listen to the room's changes. */
  private listening(roomId: string): void {
    this.audienceOf(roomId).forcedUntil = Date.now() + RELAY_FORCED_MS;
  }

  /** What the owner knows of a room's listeners; a room not relayed yet counts as heard (publish). */
  private audienceOf(roomId: string): { receivers: number; probeAt: number; forcedUntil: number } {
    let heard = this.audience.get(roomId);
    if (!heard) this.audience.set(roomId, (heard = { receivers: 1, probeAt: 0, forcedUntil: 0 }));
    return heard;
  }

  // --- the port

  async open(roomId: string): Promise<{ type: RoomType } | null> {
    const owner = await this.ownerOf(roomId);
    if (owner === null) {
      const had = this.runtime.peek(roomId) !== null;
      const table = await this.runtime.open(roomId);
      // Opened here from the database (its node died): the players whose sockets are here are back.
      if (table && !had) this.ownership.onTakenOver(roomId);
      return table;
    }
    const opened = openedSchema.safeParse(await this.call(owner, 'open', [roomId]));
    if (!opened.success || opened.data === null) return null;
    const entry = this.remote.get(roomId);
    if (entry) entry.state = opened.data.state;
    else {
      this.remote.set(roomId, { viewers: 0, state: opened.data.state });
      await this.sub.subscribe(roomChannel(roomId));
    }
    return { type: opened.data.type };
  }

  peek(roomId: string): TableState | null {
    return this.runtime.peek(roomId) ?? this.remote.get(roomId)?.state ?? null;
  }

  seatOf(userId: string): string | undefined {
    const local = this.runtime.seatOf(userId);
    if (local !== undefined) return local;
    for (const [roomId, { state }] of this.remote) {
      if (state?.seats.some((s) => s.playerId === userId)) return roomId;
    }
    return undefined;
  }

  sit(roomId: string, user: SeatUser, position?: number): Promise<ActResult> {
    return this.route(roomId, 'sit', [roomId, user, position], () =>
      this.runtime.sit(roomId, user, position),
    );
  }

  act(roomId: string, action: Move): Promise<ActResult> {
    return this.route(roomId, 'act', [roomId, action], () => this.runtime.act(roomId, action));
  }

  autoFold(roomId: string, userId: string): Promise<ActResult> {
    return this.route(roomId, 'autoFold', [roomId, userId], () => this.runtime.autoFold(roomId, userId));
  }

  leave(roomId: string, userId: string): Promise<ActResult> {
    return this.route(roomId, 'leave', [roomId, userId], () => this.runtime.leave(roomId, userId));
  }

  /**
   * An operator's cancel of a Sit & Go stops its table on whichever node runs it: true once stopped
   * (its hand voided, nobody seated), false when the owner did not answer.
   */
  async retireTournament(roomId: string): Promise<boolean> {
    const owner = await this.ownerOf(roomId);
    if (owner === null) return this.runtime.retireTournament(roomId);
    return (await this.call(owner, 'retireTournament', [roomId])) === true;
  }

  setClientSeed(roomId: string, userId: string, seed: string, commitment?: string): Promise<ActResult> {
    return this.route(roomId, 'setClientSeed', [roomId, userId, seed, commitment ?? null], () =>
      this.runtime.setClientSeed(roomId, userId, seed, commitment),
    );
  }

  watch(roomId: string, delta: 1 | -1): void {
    const entry = this.remote.get(roomId);
    if (!entry) {
      this.runtime.watch(roomId, delta);
      return;
    }
    entry.viewers = Math.max(0, entry.viewers + delta);
    // The owner counts viewers too: a watched room is not closed as empty.
    void this.ownerOf(roomId)
      .then((owner) =>
        owner === null ? this.runtime.watch(roomId, delta) : this.call(owner, 'watch', [roomId, delta]),
      )
      .catch(() => undefined);
    if (entry.viewers === 0) {
      this.remote.delete(roomId);
      void this.sub.unsubscribe(roomChannel(roomId)).catch(() => undefined);
    }
  }

  walletChanged(userId: string): Promise<void> {
    this.tell({ from: this.ownership.nodeId, kind: 'wallet', userId });
    return this.runtime.walletChanged(userId);
  }

  suspensionChanged(userId: string, suspended: boolean): Promise<void> {
    this.tell({ from: this.ownership.nodeId, kind: 'suspension', userId, suspended });
    return this.runtime.suspensionChanged(userId, suspended);
  }

  private tell(news: z.infer<typeof playerNews>): void {
    void this.pub.publish(PLAYERS_CHANNEL, JSON.stringify(news)).catch(() => undefined);
  }

  /** Another node's news of a player, applied to this node's table where they sit (if any). */
  private heard(json: unknown): void {
    const news = playerNews.safeParse(json);
    if (!news.success || news.data.from === this.ownership.nodeId) return;
    const { userId } = news.data;
    const applied =
      news.data.kind === 'wallet'
        ? this.runtime.walletChanged(userId)
        : this.runtime.suspensionChanged(userId, news.data.suspended);
    applied.catch((error: unknown) =>
      this.logger.error({ err: error, userId }, 'another node’s player news not applied'),
    );
  }

  // --- routing

  /** null: this node runs the room (it holds the lease, or nobody does); else the owner's node id. */
  private async ownerOf(roomId: string): Promise<string | null> {
    if (this.runtime.peek(roomId) !== null || this.ownership.holds(roomId)) return null;
    const owner = await this.ownership.leases.owner(roomId);
    return owner === null || owner === this.ownership.nodeId ? null : owner;
  }

  private async route(
    roomId: string,
    method: Method,
    args: unknown[],
    local: () => Promise<ActResult>,
  ): Promise<ActResult> {
    const owner = await this.ownerOf(roomId);
    if (owner === null) return local();
    const reply = await this.call(owner, method, args);
    const answer = actResultSchema.safeParse(reply);
    if (answer.success) return answer.data as ActResult;
    this.logger.warn(
      { roomId, method, owner, answered: reply !== undefined },
      'a table call forwarded to its owner got no usable answer',
    );
    return UNAVAILABLE;
  }

  /**
   * Sends the call to `owner` and waits for its answer: undefined once the owner lost the room's
   * lease (it died) or after FORWARD_GIVE_UP_MS. A call is sent once, never again: the owner may
   * have applied it.
   */
  private call(owner: string, method: Method, args: unknown[]): Promise<unknown> {
    const id = randomUUID();
    const roomId = String(args[0]);
    const started = Date.now();
    this.stats.forwarded += 1;
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout;
      const waitOrGiveUp = async () => {
        const alive =
          Date.now() - started < FORWARD_GIVE_UP_MS &&
          (await this.ownership.leases.owner(roomId).catch(() => null)) === owner;
        if (!this.pending.has(id)) return;
        if (alive) {
          timer = setTimeout(() => void waitOrGiveUp(), FORWARD_TIMEOUT_MS);
          return;
        }
        this.pending.delete(id);
        this.stats.timeouts += 1;
        resolve(undefined);
      };
      timer = setTimeout(() => void waitOrGiveUp(), FORWARD_TIMEOUT_MS);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      const message = { kind: 'call', id, from: this.ownership.nodeId, method, args };
      this.pub.publish(nodeChannel(owner), JSON.stringify(message)).catch(() => undefined);
    });
  }

  private received(channel: string, raw: string): void {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    if (channel === PLAYERS_CHANNEL) return this.heard(json);
    if (channel.startsWith('svara:room:')) {
      const change = changeSchema.safeParse(json);
      if (!change.success || change.data.from === this.ownership.nodeId) return;
      const entry = this.remote.get(change.data.roomId);
      // The table moved here meanwhile: the local runtime sends its own frames.
      if (!entry || this.runtime.peek(change.data.roomId) !== null) return;
      entry.state = change.data.state;
      this.stats.relayed += 1;
      this.sink?.sendFrames(change.data);
      return;
    }
    const message = nodeMessage.safeParse(json);
    if (!message.success) return;
    if (message.data.kind === 'reply') {
      this.pending.get(message.data.id)?.(message.data.result);
      this.pending.delete(message.data.id);
      return;
    }
    const { id, from, method, args } = message.data;
    this.serve(method, args).then(
      (result) => {
        const reply = { kind: 'reply', id, result: result ?? null };
        void this.pub.publish(nodeChannel(from), JSON.stringify(reply)).catch(() => undefined);
      },
      (error: unknown) => this.logger.error({ err: error, method }, 'a forwarded table call failed'),
    );
  }

  /** A call forwarded to this node (the owner), run on the local runtime. */
  private async serve(method: Method, args: unknown[]): Promise<unknown> {
    this.stats.served += 1;
    const roomId = z.string().parse(args[0]);
    switch (method) {
      case 'open': {
        this.listening(roomId);
        const table = await this.runtime.open(roomId);
        return table ? { type: table.type, state: this.runtime.peek(roomId) } : null;
      }
      case 'sit':
        return this.runtime.sit(
          roomId,
          seatUser.parse(args[1]),
          z
            .number()
            .int()
            .optional()
            .parse(args[2] ?? undefined),
        );
      case 'act':
        return this.runtime.act(
          roomId,
          z.custom<Move>((v) => typeof v === 'object' && v !== null).parse(args[1]),
        );
      case 'autoFold':
        return this.runtime.autoFold(roomId, z.string().parse(args[1]));
      case 'leave':
        return this.runtime.leave(roomId, z.string().parse(args[1]));
      case 'setClientSeed':
        return this.runtime.setClientSeed(
          roomId,
          z.string().parse(args[1]),
          z.string().parse(args[2]),
          z.string().nullish().parse(args[3]) ?? undefined,
        );
      case 'retireTournament':
        return this.runtime.retireTournament(roomId);
      case 'watch': {
        const delta = z.union([z.literal(1), z.literal(-1)]).parse(args[1]);
        if (delta > 0) this.listening(roomId);
        this.runtime.watch(roomId, delta);
        return null;
      }
    }
  }
}

const seatUser = z.object({ id: z.string(), username: z.string().nullable(), avatar: z.string().nullable() });
