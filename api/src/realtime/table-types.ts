/**
 * The table runtime's shapes: what it answers (ActResult), whom it tells (TableListener), what it
 * needs (its deps and ports) and what it holds of one table in memory (Table).
 */
import type { Cents, ErrorCode, RoomType, StoodUpCode, TableEvent, TableState } from '@svara/core';
import type { Ledger } from '../ledger/ledger.js';
import type { Logger } from '../logger.js';
import type { RoomRecord } from '../rooms/rooms.js';
import type { Suspension } from '../users/suspension.js';
import type { DeadlineTimer } from './deadline-timer.js';
import type { HandRow, HandStatus, HandStore } from './hand-store.js';
import type { RealtimeOptions } from './options.js';
import type { PendingSeed, PendingSeedStore } from './pending-seed.js';
import type { SeedContributionStore } from './seed-contributions.js';
import type { SeatStore } from './seat-store.js';
import type { SerialQueue } from './serial-queue.js';
import type { FailureStreak } from './step-failures.js';
import type { TableResumer, TournamentTablesPort } from './table-resume.js';

export type ActResult = { ok: true } | { ok: false; code: ErrorCode; detail?: string };

/** Who is told about committed changes (the socket gateway). */
export interface TableListener {
  /**
   * A change was committed. `balances` holds the new wallet balance of every player whose money
   * moved; `lobby` is true when what the lobby shows of the room (seats, status) changed.
   */
  changed(change: TableChange): void;
  /** The room closed (empty for too long); its table is gone. */
  closed(roomId: string): void;
  /**
   * The runtime freed the player's seat for a reason the table itself does not know of (a
   * suspension): the player is told why, as for the reducer's own stand-ups.
   */
  stoodUp?(userId: string, roomId: string, code: StoodUpCode): void;
}

export type TableChange = {
  roomId: string;
  roomType: RoomType;
  state: TableState;
  events: TableEvent[];
  balances: Map<string, Cents>;
  lobby: boolean;
  now: number;
};

export type SeatUser = { id: string; username: string | null; avatar: string | null };

/** What the runtime needs of the rooms service. */
export interface RoomsPort {
  get(roomId: string): Promise<RoomRecord | null>;
  hasAccess(roomId: string, userId: string): Promise<boolean>;
  close(roomId: string): Promise<void>;
}

export interface TableRuntimeDeps {
  store: HandStore;
  ledger: Pick<Ledger, 'walletBalance' | 'escrowOf' | 'balance'> & Partial<Pick<Ledger, 'prepareEscrow'>>;
  rooms: RoomsPort;
  /** Sit & Go tables (api/src/tournaments): a tournament room's table is opened with its tournament. */
  tournaments?: TournamentTablesPort;
  options: RealtimeOptions;
  logger: Logger;
  /** Suspended accounts take no seat and are stood up between hands (users/suspension.ts). */
  suspension?: Pick<Suspension, 'isSuspended' | 'suspendedAmong'>;
  /** Seats written as players sit and stand; tables rebuilt from the database when first opened. */
  seats?: SeatStore;
  resume?: TableResumer;
  /**
   * Where each table's committed seed for its next hand is kept from before its hash is shown
   * (pending-seed.ts); without it, only in memory.
   */
  pendingSeeds?: PendingSeedStore;
  /**
   * Where the players' contributions to the next hand's client seed are kept until its deal
   * (seed-contributions.ts); without it, only in memory.
   */
  contributions?: SeedContributionStore;
  /**
   * Player protection (api/src/protection): players over a loss or session limit, or excluded, are
   * stood up before the next deal (the hand in play is finished); seats start and end play sessions.
   */
  protection?: TableProtection;
  /** Hands ended (their rows are committed): the fairness chain appends their records. */
  onHandsEnded?: (roomId: string) => void;
  /** With several nodes, a table opens only once this node holds the room's lease (cluster/ownership.ts). */
  lease?: { acquire(roomId: string): Promise<boolean> };
}

/** What the runtime needs of player protection. */
export interface TableProtection {
  /** Seated players who must stand up before the next deal, and the reason each is told. */
  blockedAmong(userIds: readonly string[]): Promise<Map<string, StoodUpCode>>;
  /**
   * blockedAmong and the suspended accounts among the same players in one statement: used instead
   * of blockedAmong and suspension's suspendedAmong when both are there.
   */
  standUpsAmong?(
    userIds: readonly string[],
  ): Promise<{ blocked: Map<string, StoodUpCode>; suspended: string[] }>;
  /** A player sat down, was seated again by a restart (`restored`), or stood up. Never throws. */
  seatChanged(userId: string, roomId: string, seated: boolean, restored?: boolean): void;
}

/** One table in memory: its state, its writer and what its timers and writes need. */
export type Table = {
  roomId: string;
  type: RoomType;
  /** A practice table the house keeps open: when idle it leaves memory, but its room stays open. */
  kept: boolean;
  state: TableState;
  queue: SerialQueue;
  timer: DeadlineTimer;
  /** Status of the persisted row of `state.handNumber`, null when it has none. */
  rowStatus: HandStatus | null;
  /** Sockets watching the table (seated or not). */
  viewers: number;
  /** When a waiting table deals its first hand (startDelayMs), or null. */
  dealAt: number | null;
  /** Steps of the current hand row so far (written or queued): the next step's number is one more. */
  steps: number;
  /** The background write after moves without money, and what it has still to write, in order. */
  writing: Promise<void>;
  unwritten: HandRow[];
  flushing: boolean;
  /** Seated players whose account is suspended: stood up as soon as no hand is in play. */
  suspended: Set<string>;
  /** Seated players protection stands up as soon as no hand is in play, with the reason they are told. */
  blocked: Map<string, StoodUpCode>;
  /** Players a restart made away: back as soon as their socket is (returned()). */
  markedAway: Set<string>;
  /**
   * The players' contributions (userId → seed) to the client seed of hand `handNumber`, taken while
   * that hand's commitment was shown (RULES §7, table-seeds.ts).
   */
  contributions: { handNumber: number; seeds: Map<string, string> };
  /** The server seed committed for the next hand (its hash is `state.nextCommitment`), or null. */
  nextSeed: PendingSeed | null;
  /**
   * The seed of the hand after the one in play, drawn and being stored since the deal: when the hand
   * ends its hash is shown at once, with no write to wait for.
   */
  nextSeedWrite: Promise<void> | null;
  /** Steps failing in a row: the timer backs off and the log speaks now and then (step-failures.ts). */
  failures: FailureStreak;
};

/** Hand statuses in which a newcomer cannot be dealt in: the lobby's "game already started". */
export const HAND_RUNNING = new Set(['ante', 'blind_betting', 'betting', 'showdown', 'svara_pending']);

export const refuse = (code: ErrorCode, detail?: string): ActResult =>
  detail === undefined ? { ok: false, code } : { ok: false, code, detail };
