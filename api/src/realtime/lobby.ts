/**
 * The lobby feed: sockets that asked for rooms and are not at a table get `rooms` {action:'initial'}
 * once, then {action:'update'} whenever the list of open rooms changes — at most once per interval, and
 * only when it really differs from what was last sent. The list is encoded once per broadcast.
 *
 * Rooms opening or closing and players sitting or leaving go out at the next interval. A change of
 * table status alone (a hand starting, betting, ending: every few seconds at every busy table) waits
 * for `statusIntervalMs`: the lobby shows who sits where and the stake, and with hundreds of tables
 * playing, status churn alone would resend the whole list every second.
 */
import type { RoomSummary } from '@svara/core';
import type { Server, Socket } from 'socket.io';
import type { Logger } from '../logger.js';
import { Coalescer } from './coalescer.js';

export const LOBBY_ROOM = 'lobby';

export class LobbyFeed {
  private readonly coalescer: Coalescer;
  private lastSent = '';
  private lastSeats = '';
  private lastSentAt = 0;
  readonly stats = { updates: 0, bytes: 0 };

  constructor(
    private readonly io: Server,
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

  /** Puts the socket in the lobby and sends it the current list. */
  async enter(socket: Socket): Promise<void> {
    await socket.join(LOBBY_ROOM);
    const rooms = await this.listOpen();
    socket.emit('rooms', { action: 'initial', rooms });
  }

  leave(socket: Socket): void {
    void socket.leave(LOBBY_ROOM);
  }

  private get audience(): number {
    return this.io.of('/').adapter.rooms.get(LOBBY_ROOM)?.size ?? 0;
  }

  private async flush(): Promise<void> {
    try {
      // Nobody in the lobby: nothing to build. The next one to arrive gets the list on request_rooms.
      if (this.audience === 0) {
        this.lastSent = '';
        this.lastSeats = '';
        return;
      }
      const rooms = await this.listOpen();
      const text = JSON.stringify(rooms);
      if (text === this.lastSent) return;
      const seats = JSON.stringify(rooms.map((r) => [r.roomId, r.players.map((p) => p.id)]));
      const now = this.clock();
      if (seats === this.lastSeats && now - this.lastSentAt < this.statusIntervalMs) {
        // Only statuses changed: keep the coalescer going so the change still goes out later.
        this.coalescer.mark();
        return;
      }
      this.lastSent = text;
      this.lastSeats = seats;
      this.lastSentAt = now;
      const audience = this.audience;
      // Each node serves its own lobby sockets, so the update is not relayed to other nodes.
      this.io.local.to(LOBBY_ROOM).emit('rooms', { action: 'update', rooms });
      this.stats.updates += 1;
      this.stats.bytes += (text.length + 32) * audience;
    } catch (error) {
      this.logger.error({ err: error }, 'lobby update failed');
    }
  }

  stop(): void {
    this.coalescer.stop();
  }
}
