/**
 * Rooms: created by a player with a stake, public or private (password), listed in the lobby while
 * open. Who sits at a room's table comes from the table directory (the realtime runtime).
 *
 * Rooms are written with plain statements (insert, update), never through MikroORM's unit of work
 * (flush, em.transactional): those run inside an AsyncLocalStorage, and on Node 20 the first one
 * turns promise hooks on for the whole process for good, a cost every promise of every table's move
 * then pays (~3 % of the server's time in bench:realtime went to the hooks).
 */
import { randomUUID } from 'node:crypto';
import {
  BALANCE_STAKE_MULTIPLIER,
  centsToDollars,
  dollarsToCents,
  MAX_PLAYERS,
  roomIdSchema,
  roomRefSchema,
  SvaraError,
  type RoomCurrency,
  type RoomDetails,
  type RoomSummary,
  type RoomType,
} from '@svara/core';
import { RoomAccessSchema, RoomSchema, type Room } from '../db/entities/index.js';
import { knexOf, type Orm } from '../db/orm.js';
import type { Ledger } from '../ledger/ledger.js';
import { hashPassword, verifyPassword } from './password.js';
import type { PasswordAttempts } from './password-attempts.js';
import type { PasswordBox } from './password-box.js';
import { emptyTableDirectory, type TableDirectory, type TableSnapshot } from './table-directory.js';

export interface RoomRecord {
  id: string;
  ownerId: string | null;
  stakeCents: number;
  type: RoomType;
  status: 'open' | 'closed';
  /** 'chips' at a practice table (RULES §8); dollars when absent. */
  currency?: RoomCurrency;
  /** A public practice table the house keeps open: an empty one is not closed. */
  houseKept?: boolean;
  /** The room's own number (core's housePlayersOf makes a practice table's house players from it). */
  tableNumber?: number;
  createdAt: Date;
  closedAt: Date | null;
}

/** A create request after validation (createRoomRequestSchema): the stake in dollars. */
export type CreateRoomInput = (
  { type: 'public'; minBet: number } | { type: 'private'; minBet: number; password: string }
) & { currency?: RoomCurrency };

export type RoomChange = { kind: 'created' | 'closed'; room: RoomRecord };

export interface RoomsService {
  /** Needs a balance of 10 stakes (insufficientBalance). The creator of a private room may always enter it. */
  create(ownerId: string, input: CreateRoomInput): Promise<RoomRecord>;
  /** A public practice table kept by the house (RULES §8): no owner, never closed for being empty. */
  createKept(stakeCents: number): Promise<RoomRecord>;
  /**
   * A Sit & Go's table (RULES §9): private (no lobby lists it, nobody sits there but its players, whom
   * its organiser seats), in chips, no owner.
   */
  createTournamentRoom(stakeCents: number): Promise<RoomRecord>;
  /** Open rooms, public and private, newest first, with their players from the table directory. */
  listOpen(): Promise<RoomSummary[]>;
  /**
   * A room by id (any status) or by the 8 characters shown (an open room, see roomRefSchema);
   * not_found when there is none. `password` only when `viewerId` is the creator of a private room.
   */
  details(roomRef: string, viewerId?: string | null): Promise<RoomDetails>;
  /**
   * SPEC §5 entry rules: a private room's password (password_required, wrong_password), a balance of
   * 10 stakes (insufficientBalance), a free seat (room_full), no hand running (game_already_started).
   * A player already seated at the table passes. Grants room access on a right password.
   * `roomRef` is the id or the 8 characters shown (roomRefSchema); the answer has the full id.
   */
  join(userId: string, roomRef: string, password?: string): Promise<{ roomId: string; seated: boolean }>;
  get(roomId: string): Promise<RoomRecord | null>;
  /** Whether the user may sit in the room: always for public rooms, after access for private ones. */
  hasAccess(roomId: string, userId: string): Promise<boolean>;
  close(roomId: string): Promise<void>;
  /** The room whose table the player sits at, or null (from the table directory). */
  seatOf(userId: string): string | null;
  /** Attaches the realtime runtime's view of the tables. */
  useTableDirectory(directory: TableDirectory): void;
  /** Called after a room is created or closed by this process; returns the unsubscribe function. */
  onChange(listener: (change: RoomChange) => void): () => void;
}

function toRecord(room: Room): RoomRecord {
  return {
    id: room.id,
    ownerId: room.ownerId ?? null,
    stakeCents: room.stakeCents,
    type: room.type,
    status: room.status,
    currency: room.currency,
    houseKept: room.houseKept,
    ...(room.tableNumber == null ? {} : { tableNumber: room.tableNumber }),
    createdAt: room.createdAt,
    closedAt: room.closedAt ?? null,
  };
}

/** What the lobby shows of a room besides its table. */
type LobbyRoom = Pick<RoomRecord, 'id' | 'stakeCents' | 'type' | 'status' | 'currency'>;

/** A lobby room as its query reads it (bigint columns as PostgreSQL sends them: text). */
type LobbyRoomRow = {
  id: string;
  stake_cents: string | number;
  type: RoomType;
  status: 'open' | 'closed';
  currency: RoomCurrency;
};

function lobbyRoom(row: LobbyRoomRow): LobbyRoom {
  return {
    id: row.id,
    stakeCents: Number(row.stake_cents),
    type: row.type,
    status: row.status,
    currency: row.currency,
  };
}

/** How long the lobby's list of open rooms may be served from memory (other nodes' changes). */
const LIST_REFRESH_MS = 1000;

export function createRoomsService(deps: {
  orm: Orm;
  ledger: Ledger;
  tables?: TableDirectory;
  /** Seals private rooms' passwords for their creator; without it the creator is shown none. */
  passwordBox?: PasswordBox;
  /** A suspended account creates no room and takes no seat (account_suspended). */
  suspension?: { assertActive(userId: string): Promise<void> };
  /**
   * Player protection: no room and no seat without the accepted agreement, during a cool-off or
   * self-exclusion, or with a loss or session limit reached (api/src/protection).
   */
  protection?: { assertCanPlay(userId: string): Promise<void> };
  /** Limits wrong private-room passwords per player and per room (too_many_attempts). */
  passwordAttempts?: PasswordAttempts;
}): RoomsService {
  const { orm, ledger } = deps;
  let tables = deps.tables ?? emptyTableDirectory;
  const listeners = new Set<(change: RoomChange) => void>();

  // The open rooms, public and private (a private one shows a lock and asks for its password), reloaded at most once per LIST_REFRESH_MS and right after a local change.
  let openRooms: { rooms: LobbyRoom[]; loadedAt: number } | null = null;
  let loading: Promise<LobbyRoom[]> | null = null;

  function loadOpenRooms(): Promise<LobbyRoom[]> {
    if (openRooms && Date.now() - openRooms.loadedAt < LIST_REFRESH_MS)
      return Promise.resolve(openRooms.rooms);
    loading ??= (async () => {
      // Every open room, uncapped: the lobby pages through them per viewer (realtime/lobby.ts).
      // Plain rows, not MikroORM entities: with a thousand tables this runs every second, and
      // hydrating them into an identity map cost more than the query.
      const { rows } = await knexOf(orm).raw<{ rows: LobbyRoomRow[] }>(
        `select id, stake_cents, type, status, currency
           from rooms where status = 'open' order by created_at desc, id desc`,
      );
      const rooms = rows.map(lobbyRoom);
      // The stored seats are read only for the tables this process does not run.
      storedTables = await loadStoredTables(rooms.filter((room) => runElsewhere(room.id)));
      openRooms = { rooms, loadedAt: Date.now() };
      return rooms;
    })().finally(() => {
      loading = null;
    });
    return loading;
  }

  /**
   * The tables of `rooms` as the database has them (another api node runs them, or none yet): the
   * seats table and the running hands' last stored status. Seats are exact; the status is the one of
   * the hand's last full write, enough for the lobby.
   */
  let storedTables = new Map<string, TableSnapshot>();
  async function loadStoredTables(rooms: readonly LobbyRoom[]): Promise<Map<string, TableSnapshot>> {
    if (rooms.length === 0) return new Map();
    const knex = knexOf(orm);
    const ids = rooms.map((room) => room.id);
    const [seats, hands] = await Promise.all([
      knex.raw<{ rows: { room_id: string; user_id: string }[] }>(
        `select room_id, user_id from seats where room_id = any(?::uuid[]) order by room_id, seat`,
        [ids],
      ),
      knex.raw<{ rows: { room_id: string; status: string | null }[] }>(
        `select room_id, state ->> 'status' as status from hands
          where status = 'running' and room_id = any(?::uuid[])`,
        [ids],
      ),
    ]);
    const snapshots = new Map<string, TableSnapshot>();
    const of = (roomId: string) => {
      let snapshot = snapshots.get(roomId);
      if (!snapshot)
        snapshots.set(roomId, (snapshot = { players: [], handRunning: false, status: 'waiting' }));
      return snapshot;
    };
    for (const seat of seats.rows) of(seat.room_id).players.push({ id: String(seat.user_id) });
    for (const hand of hands.rows) {
      const snapshot = of(hand.room_id);
      snapshot.handRunning = true;
      snapshot.status = hand.status ?? 'betting';
    }
    return snapshots;
  }

  /** A table another api node runs: the lobby shows it as the database has it. */
  function runElsewhere(roomId: string): boolean {
    return tables.holds?.(roomId) === false;
  }

  /** What the lobby shows of a room's table: this process's own, or the stored one of another node's. */
  function tableOf(roomId: string): TableSnapshot {
    if (runElsewhere(roomId))
      return storedTables.get(roomId) ?? { players: [], handRunning: false, status: 'waiting' };
    return tables.summary(roomId);
  }

  function changed(change: RoomChange) {
    openRooms = null;
    for (const listener of listeners) listener(change);
  }

  function summaryOf(room: LobbyRoom): RoomSummary {
    const table = tableOf(room.id);
    return {
      roomId: room.id,
      players: table.players,
      maxPlayers: MAX_PLAYERS,
      minBet: centsToDollars(room.stakeCents),
      type: room.type,
      status: room.status === 'closed' ? 'closed' : table.status,
      ...(room.currency === 'chips' ? { currency: 'chips' as const } : {}),
    };
  }

  async function get(roomId: string): Promise<RoomRecord | null> {
    if (!roomIdSchema.safeParse(roomId).success) return null;
    const room = await orm.em.fork().findOne(RoomSchema, { id: roomId });
    return room ? toRecord(room) : null;
  }

  /**
   * The full id a room reference names: a full id as it is, or the 8 characters shown when exactly
   * one open room's id starts with them. Null when nothing matches.
   */
  async function resolveId(roomRef: string): Promise<string | null> {
    if (roomIdSchema.safeParse(roomRef).success) return roomRef.toLowerCase();
    if (!roomRefSchema.safeParse(roomRef).success) return null;
    const rows: { id: string }[] = await knexOf(orm)('rooms')
      .select('id')
      .where('status', 'open')
      .andWhereRaw('id::text like ?', [`${roomRef.toLowerCase()}%`])
      .limit(2);
    if (rows.length > 1) throw new SvaraError('room_id_ambiguous', `room ${roomRef}`);
    return rows[0]?.id ?? null;
  }

  async function requireBalanceFor(userId: string, stakeCents: number, currency: RoomCurrency) {
    const balance = await ledger.walletBalance(userId, currency);
    if (balance < stakeCents * BALANCE_STAKE_MULTIPLIER) {
      throw new SvaraError(
        'insufficientBalance',
        `balance ${balance} below ${BALANCE_STAKE_MULTIPLIER} stakes`,
      );
    }
  }

  /** Writes a new open room (and its creator's access to a private one) and announces it. */
  async function insertRoom(
    fields: Omit<Room, 'status' | 'tableNumber' | 'createdAt' | 'closedAt'>,
  ): Promise<RoomRecord> {
    const numbered = await knexOf(orm).raw<{ rows: { n: string }[] }>(
      `select nextval('room_table_numbers') as n`,
    );
    const room: Room = {
      ...fields,
      status: 'open',
      tableNumber: Number(numbered.rows[0]!.n),
      createdAt: new Date(),
      closedAt: null,
    };
    // Plain inserts in a connection-level transaction: no unit of work, see the top of this file.
    const em = orm.em.fork();
    await em.getConnection().transactional(async (trx) => {
      await em.insert(RoomSchema, room, { ctx: trx });
      if (room.passwordHash && room.ownerId)
        await em.insert(
          RoomAccessSchema,
          { roomId: room.id, userId: room.ownerId, grantedAt: new Date() },
          { ctx: trx },
        );
    });
    const record = toRecord(room);
    changed({ kind: 'created', room: record });
    return record;
  }

  async function accessGranted(roomId: string, userId: string): Promise<boolean> {
    return (await orm.em.fork().count(RoomAccessSchema, { roomId, userId })) > 0;
  }

  async function hasAccess(roomId: string, userId: string): Promise<boolean> {
    const room = await get(roomId);
    if (!room) return false;
    return room.type === 'public' || (await accessGranted(roomId, userId));
  }

  return {
    async create(ownerId, input) {
      await deps.suspension?.assertActive(ownerId);
      await deps.protection?.assertCanPlay(ownerId);
      const stakeCents = dollarsToCents(input.minBet);
      const currency = input.currency ?? 'usd';
      await requireBalanceFor(ownerId, stakeCents, currency);
      const id = randomUUID();
      const password = input.type === 'private' ? input.password : null;
      return insertRoom({
        id,
        ownerId,
        stakeCents,
        type: input.type,
        passwordHash: password === null ? null : await hashPassword(password),
        passwordSealed: password !== null && deps.passwordBox ? deps.passwordBox.seal(id, password) : null,
        currency,
        houseKept: false,
      });
    },

    createKept(stakeCents) {
      return insertRoom({
        id: randomUUID(),
        ownerId: null,
        stakeCents,
        type: 'public',
        passwordHash: null,
        passwordSealed: null,
        currency: 'chips',
        houseKept: true,
      });
    },

    async createTournamentRoom(stakeCents) {
      return insertRoom({
        id: randomUUID(),
        ownerId: null,
        stakeCents,
        type: 'private',
        // A password nobody knows: nobody enters by it (the players are seated by the tournament).
        passwordHash: await hashPassword(randomUUID()),
        passwordSealed: null,
        currency: 'chips',
        houseKept: false,
      });
    },

    async listOpen() {
      return (await loadOpenRooms()).map(summaryOf);
    },

    async details(roomRef, viewerId = null) {
      const roomId = await resolveId(roomRef);
      const room = roomId === null ? null : await orm.em.fork().findOne(RoomSchema, { id: roomId });
      if (!room) throw new SvaraError('not_found', `room ${roomRef}`);
      const record = toRecord(room);
      const details: RoomDetails = {
        ...summaryOf(record),
        createdAt: record.createdAt.toISOString(),
        ownerId: record.ownerId,
      };
      // Only the creator, signed in, sees the password again.
      const isOwner = viewerId !== null && viewerId === record.ownerId;
      const password =
        isOwner && room.passwordSealed && deps.passwordBox
          ? deps.passwordBox.open(room.id, room.passwordSealed)
          : null;
      return password === null ? details : { ...details, password };
    },

    async join(userId, roomRef, password) {
      const em = orm.em.fork();
      const roomId = await resolveId(roomRef);
      const room = roomId === null ? null : await em.findOne(RoomSchema, { id: roomId });
      if (!room || room.status !== 'open') throw new SvaraError('not_found', `room ${roomRef} is not open`);
      const table = tables.summary(room.id);
      if (table.players.some((p) => p.id === userId)) return { roomId: room.id, seated: true };
      // Seated already, a suspended player comes back to finish the hand; a new seat it never gets.
      await deps.suspension?.assertActive(userId);
      await deps.protection?.assertCanPlay(userId);

      if (room.type === 'private' && !(await accessGranted(room.id, userId))) {
        if (!password) throw new SvaraError('password_required', 'private room');
        // Counted before the check, so guesses sent in parallel meet the limit too.
        const attempt = await deps.passwordAttempts?.begin(room.id, userId);
        if (!room.passwordHash || !(await verifyPassword(password, room.passwordHash))) {
          throw new SvaraError('wrong_password', `room ${room.id}`);
        }
        await attempt?.succeeded();
        await em.upsert(
          RoomAccessSchema,
          { roomId: room.id, userId, grantedAt: new Date() },
          { onConflictAction: 'ignore', onConflictFields: ['roomId', 'userId'] },
        );
      }
      await requireBalanceFor(userId, room.stakeCents, room.currency ?? 'usd');
      if (table.players.length >= MAX_PLAYERS) throw new SvaraError('room_full', `room ${room.id}`);
      if (table.handRunning) throw new SvaraError('game_already_started', `room ${room.id}`);
      return { roomId: room.id, seated: false };
    },

    get,
    hasAccess,

    async close(roomId) {
      if (!roomIdSchema.safeParse(roomId).success) return;
      const em = orm.em.fork();
      const room = await em.findOne(RoomSchema, { id: roomId, status: 'open' });
      if (!room) return;
      const closedAt = new Date();
      const where = { id: roomId, status: 'open' } as const;
      const closed = await em.nativeUpdate(RoomSchema, where, { status: 'closed', closedAt });
      if (closed !== 1) return; // closed meanwhile by someone else, who announced it
      // A closed room keeps nobody: its seats would hold its players away from every other table.
      await knexOf(orm)('seats').where({ room_id: roomId }).delete();
      changed({ kind: 'closed', room: { ...toRecord(room), status: 'closed', closedAt } });
    },

    seatOf(userId) {
      return tables.seatOf(userId) ?? null;
    },

    useTableDirectory(directory) {
      tables = directory;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
