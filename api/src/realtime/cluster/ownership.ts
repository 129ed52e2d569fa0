/**
 * The tables this node owns, and keeping them owned (table-lease.ts). The node opens a room's table
 * only after taking its lease (`acquire`, called by the runtime when it opens a table), renews its
 * leases while it runs them, and watches for rooms whose owner died (an expired lease, with a hand
 * running or players seated): it takes those over and resumes them (runtime.resumeRoom).
 *
 * A lease lost (another node took it, or renewals failed for a whole TTL) drops the table from
 * memory at once (`forget`): its writes would be refused anyway (the fencing token).
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.js';
import type { HandStore } from '../hand-store.js';
import { createSeatStore, type SeatStore } from '../seat-store.js';
import type { RoomsPort } from '../table-types.js';
import { isFenceRefusal, LeaseLostError, type LeaseTiming, type TableLeases } from './table-lease.js';

/** What ownership needs of the table runtime. */
export interface OwnedTables {
  /** Brings the room's table back from the database on this node; false when it did not open. */
  resumeRoom(roomId: string): Promise<boolean>;
  /** Whether the room's table is in this node's memory. */
  peek(roomId: string): unknown;
  /** Drops the room's table from memory (another node owns it now). */
  forget(roomId: string): void;
}

export class Ownership {
  /** Room → the fencing token this node holds for it. */
  private readonly tokens = new Map<string, number>();
  /** When each lease was taken (a table still opening is kept; one that never opened is let go). */
  private readonly takenAt = new Map<string, number>();
  private renewer: NodeJS.Timeout | undefined;
  private watcher: NodeJS.Timeout | undefined;
  private lastRenewed = Date.now();
  private stopped = false;
  private tables: OwnedTables | null = null;
  /** Called after this node took a room over (its players' sockets here are back). */
  onTakenOver: (roomId: string) => void = () => undefined;
  readonly stats = { acquired: 0, refused: 0, takenOver: 0, lost: 0 };

  constructor(
    readonly leases: TableLeases,
    private readonly timing: LeaseTiming,
    private readonly logger: Logger,
  ) {}

  get nodeId(): string {
    return this.leases.nodeId;
  }

  holds(roomId: string): boolean {
    return this.tokens.has(roomId);
  }

  /** Rooms whose table this node ran at some time (a write for them needs the lease). */
  private readonly ran = new Set<string>();

  /**
   * The token the room's writes carry: 0 (never a token: refused) for a table this node ran (or a
   * hand it voided) and no longer owns. Null (not checked) for a room it never held.
   */
  fence = (roomId: string): number | null => this.tokens.get(roomId) ?? (this.ran.has(roomId) ? 0 : null);

  /** Takes the room's lease (kept when already ours); true when this node may run its table. */
  async acquire(roomId: string): Promise<boolean> {
    if (this.stopped) return false;
    if (this.tokens.has(roomId)) return true;
    const token = await this.leases.acquire(roomId);
    if (token === null) {
      this.stats.refused += 1;
      return false;
    }
    this.tokens.set(roomId, token);
    this.ran.add(roomId);
    this.takenAt.set(roomId, Date.now());
    this.stats.acquired += 1;
    return true;
  }

  /** The room's table is gone from this node (closed): its lease is given up. */
  async release(roomId: string): Promise<void> {
    if (!this.tokens.delete(roomId)) return;
    this.takenAt.delete(roomId);
    await this.leases.release([roomId]);
  }

  /** Another node owns the room now: forget its table here. */
  lost(roomId: string): void {
    if (!this.tokens.delete(roomId)) return;
    this.takenAt.delete(roomId);
    this.stats.lost += 1;
    this.logger.warn({ roomId, nodeId: this.nodeId }, 'lost the table lease; the table left this node');
    this.tables?.forget(roomId);
  }

  /**
   * Start-up: of the open rooms, those no live node owns (no lease, or an expired one). The others
   * run on their nodes and are left alone (neither resumed nor closed here).
   */
  async unowned(openRoomIds: readonly string[]): Promise<string[]> {
    const owners = await this.leases.liveOwners(openRoomIds);
    return openRoomIds.filter((id) => !owners.has(id) || owners.get(id) === this.nodeId);
  }

  /** Renews the leases and watches for dead owners' tables, until stop(). */
  start(tables: OwnedTables): void {
    this.tables = tables;
    this.renewer = setInterval(() => void this.renew(), this.timing.renewEveryMs);
    this.watcher = setInterval(() => void this.watch(), this.timing.watchEveryMs);
    this.renewer.unref();
    this.watcher.unref();
  }

  private renewing = false;

  /** One renewal at a time: under load one may outlast the interval, and two would wait on each other. */
  private async renew(): Promise<void> {
    if (this.renewing || this.stopped) return;
    this.renewing = true;
    try {
      await this.renewNow();
    } finally {
      this.renewing = false;
    }
  }

  private async renewNow(): Promise<void> {
    const now = Date.now();
    // A lease taken for a table that never opened (the room closed, the rebuild failed) is let go.
    const idle = [...this.tokens.keys()].filter(
      (id) => !this.tables?.peek(id) && now - (this.takenAt.get(id) ?? now) > this.timing.ttlMs,
    );
    for (const id of idle) await this.release(id).catch(() => undefined);
    const held = [...this.tokens.keys()];
    try {
      const ours = await this.leases.renew(held);
      this.lastRenewed = now;
      for (const id of held) if (!ours.has(id)) this.lost(id);
    } catch (error) {
      this.logger.warn({ err: error }, 'renewing the table leases failed');
      // Past the TTL another node may own them: stop running them before it does.
      if (Date.now() - this.lastRenewed >= this.timing.ttlMs) for (const id of held) this.lost(id);
    }
  }

  private watching = false;

  /** Takes over the tables of dead nodes (their leases expired) and resumes them here. */
  private async watch(): Promise<void> {
    if (this.watching || this.stopped || !this.tables) return;
    this.watching = true;
    try {
      for (const roomId of await this.leases.orphans()) {
        if (this.stopped) break;
        // resumeRoom opens the table, which takes the lease first (refused when another node won).
        if (await this.tables.resumeRoom(roomId)) {
          this.stats.takenOver += 1;
          this.logger.info({ roomId, nodeId: this.nodeId }, 'took over a table whose owner is gone');
          this.onTakenOver(roomId);
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'looking for tables without an owner failed');
    } finally {
      this.watching = false;
    }
  }

  /** Stops renewing and watching and gives every lease up (the tables are written already). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.renewer);
    clearInterval(this.watcher);
    const held = [...this.tokens.keys()];
    this.tokens.clear();
    this.takenAt.clear();
    await this.leases.release(held);
  }

  /**
   * The rooms service as the runtime uses it: an empty room is closed only when no other node runs
   * its table (a room created through one node may be played on another).
   */
  guardedRooms(rooms: RoomsPort): RoomsPort {
    return {
      get: (roomId) => rooms.get(roomId),
      hasAccess: (roomId, userId) => rooms.hasAccess(roomId, userId),
      close: async (roomId) => {
        const owner = await this.leases.owner(roomId);
        if (owner === null || owner === this.nodeId) await rooms.close(roomId);
      },
    };
  }

  /** The hand store with a refused fence noticed: the table is forgotten at once. */
  fencedStore(store: HandStore): HandStore {
    return {
      stats: store.stats,
      lastHandNumber: (roomId) => store.lastHandNumber(roomId),
      runningHands: () => store.runningHands(),
      voidHand: (hand) => store.voidHand(hand),
      commit: (roomId, plan, rows) =>
        store.commit(roomId, plan, rows).catch((error: unknown) => {
          if (isFenceRefusal(error)) this.lost(roomId);
          throw error;
        }),
    };
  }

  /** Seat writes that carry the room's token: refused (and the table forgotten) once the lease moved. */
  fencedSeats(knex: Knex, seats: SeatStore): SeatStore {
    const fenced = async (roomId: string, write: (store: SeatStore) => Promise<void>) => {
      try {
        await knex.transaction(async (trx) => {
          await this.leases.assertToken(trx, roomId, this.fence(roomId) ?? 0);
          await write(createSeatStore(trx));
        });
      } catch (error) {
        if (error instanceof LeaseLostError) this.lost(roomId);
        throw error;
      }
    };
    return {
      inRoom: (roomId) => seats.inRoom(roomId),
      occupiedRooms: () => seats.occupiedRooms(),
      record: (roomId, writes) =>
        writes.length === 0 ? Promise.resolve() : fenced(roomId, (s) => s.record(roomId, writes)),
      replaceRoom: (roomId, rows) => fenced(roomId, (s) => s.replaceRoom(roomId, rows)),
    };
  }
}
