/**
 * The lobby feed: each socket follows the view it asked for with `request_rooms` (filters, page
 * size, page; core/src/protocol/lobby.ts) while it is not at a table. It gets `rooms`
 * {action:'initial'} for that view, then {action:'diff'} carrying only the rooms that entered, left
 * or changed inside it — a few hundred bytes, where the whole list was tens of kilobytes at every
 * change. Sockets with the same view form a group: its diff is encoded once per flush and written
 * to each of them as it is, and the group's version numbers its diffs so a client that missed one
 * asks again.
 *
 * Rooms entering or leaving a view and players sitting or leaving go out at the next interval. A
 * change of table status alone (a hand starting, betting, ending: every few seconds at every busy
 * table) waits for `statusIntervalMs` since the group's last diff: the lobby shows who sits where
 * and the stake, and with hundreds of tables playing, status churn alone would flood every viewer.
 *
 * A bare `request_rooms` (clients from before views) follows the first page of every room and gets
 * it whole as {action:'update'} whenever it changes, as those clients expect.
 */
import { lobbyViewKey, lobbyViewSchema, type LobbyView, type RoomSummary } from '@svara/core';
import type { Socket } from 'socket.io';
import type { Logger } from '../logger.js';
import { Coalescer } from './coalescer.js';
import { diffPages, lobbyList, pageOf, type ViewPage } from './lobby-view.js';

/** Every socket following any view is also in this socket.io room (how many watch the lobby). */
export const LOBBY_ROOM = 'lobby';

export type LobbySocket = Pick<Socket, 'id' | 'join' | 'leave' | 'emit' | 'once' | 'disconnected'> & {
  conn: { write(data: string): void };
};

type Subscription = { view: LobbyView; legacy: boolean };

type Group = {
  key: string;
  sub: Subscription;
  page: ViewPage;
  version: number;
  lastSentAt: number;
  sockets: Set<LobbySocket>;
};

const BARE: Subscription = { view: lobbyViewSchema.parse({}), legacy: true };

export class LobbyFeed {
  private readonly coalescer: Coalescer;
  private readonly groups = new Map<string, Group>();
  /** The view each connected socket last asked for, kept while it sits at a table. */
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly memberOf = new Map<string, Group>();
  /** `encodes`: payloads built for groups; `bytes`: what was written to sockets (JSON). */
  readonly stats = { updates: 0, bytes: 0, encodes: 0 };

  constructor(
    private readonly listOpen: () => Promise<RoomSummary[]>,
    intervalMs: number,
    private readonly logger: Logger,
    private readonly statusIntervalMs = 5 * intervalMs,
    private readonly clock: () => number = Date.now,
  ) {
    this.coalescer = new Coalescer(() => void this.flush(), intervalMs);
  }

  /** Something the lobby shows may have changed. */
  mark(): void {
    this.coalescer.mark();
  }

  /** Viewers in the lobby and distinct views they follow. */
  get audience(): { viewers: number; views: number } {
    return { viewers: this.memberOf.size, views: this.groups.size };
  }

  /**
   * Remembers the view the socket asked for (`undefined`: a bare request) and answers with its
   * rooms; `follow` (not at a table) also puts the socket in the lobby to get that view's diffs.
   */
  async request(socket: LobbySocket, view: LobbyView | undefined, follow: boolean): Promise<void> {
    if (!this.subscriptions.has(socket.id))
      socket.once('disconnect', () => {
        this.leave(socket);
        this.subscriptions.delete(socket.id);
      });
    this.subscriptions.set(socket.id, view === undefined ? BARE : { view, legacy: false });
    if (follow) return this.enter(socket);
    const sub = this.subscriptions.get(socket.id)!;
    const page = pageOf(lobbyList(await this.listOpen()), sub.view);
    socket.emit('rooms', initial(sub, page, 0));
  }

  /** Puts the socket in the lobby with the view it asked for last and sends it that view's rooms. */
  async enter(socket: LobbySocket): Promise<void> {
    const listed = lobbyList(await this.listOpen());
    // Synchronous from here on: the socket gets the group's page and joins it before any later diff.
    if (socket.disconnected) return;
    const sub = this.subscriptions.get(socket.id) ?? BARE;
    const key = (sub.legacy ? 'bare:' : '') + lobbyViewKey(sub.view);
    let group = this.groups.get(key);
    if (this.memberOf.get(socket.id) !== group) this.leave(socket);
    if (!group) {
      group = { key, sub, page: pageOf(listed, sub.view), version: 0, lastSentAt: 0, sockets: new Set() };
      this.groups.set(key, group);
    }
    group.sockets.add(socket);
    this.memberOf.set(socket.id, group);
    void socket.join(LOBBY_ROOM);
    socket.emit('rooms', initial(sub, group.page, group.version));
  }

  /** Out of the lobby (at a table, or gone); the view asked for is kept for coming back. */
  leave(socket: LobbySocket): void {
    const group = this.memberOf.get(socket.id);
    if (!group) return;
    this.memberOf.delete(socket.id);
    group.sockets.delete(socket);
    if (group.sockets.size === 0) this.groups.delete(group.key);
    void socket.leave(LOBBY_ROOM);
  }

  private async flush(): Promise<void> {
    try {
      // Nobody in the lobby: nothing to build. The next one to arrive gets its page on request_rooms.
      if (this.groups.size === 0) return;
      const listed = lobbyList(await this.listOpen());
      const now = this.clock();
      let held = false;
      for (const group of this.groups.values()) {
        const next = pageOf(listed, group.sub.view);
        const diff = diffPages(group.page, next);
        if (!diff) continue;
        if (diff.statusOnly && now - group.lastSentAt < this.statusIntervalMs) {
          held = true;
          continue;
        }
        group.page = next;
        group.version += 1;
        group.lastSentAt = now;
        const { statusOnly: _, ...change } = diff;
        const payload = group.sub.legacy
          ? { action: 'update', rooms: next.rooms }
          : { action: 'diff', version: group.version, ...change };
        const json = JSON.stringify(payload);
        // Each node writes to its own lobby sockets, the payload encoded once for the whole group.
        const packet = `2["rooms",${json}]`;
        for (const socket of group.sockets) socket.conn.write(packet);
        this.stats.encodes += 1;
        this.stats.updates += group.sockets.size;
        this.stats.bytes += json.length * group.sockets.size;
      }
      // Only statuses changed for some views: keep the coalescer going so they still go out later.
      if (held) this.coalescer.mark();
    } catch (error) {
      this.logger.error({ err: error }, 'lobby update failed');
    }
  }

  stop(): void {
    this.coalescer.stop();
  }
}

function initial(sub: Subscription, page: ViewPage, version: number) {
  return {
    action: 'initial' as const,
    rooms: page.rooms,
    total: page.total,
    hasMore: page.hasMore,
    version,
    ...(sub.legacy ? {} : { view: sub.view }),
  };
}
