/**
 * Who sits where, in the database (the `seats` table): written when a player sits or stands, read
 * when a table is rebuilt after a restart (table-resume.ts). The table in memory stays the truth
 * while it runs; these rows are what a restarted process, or a node taking the room over, seats
 * again. The unique keys (one player per seat, a player once per room) refuse a second sit-down
 * whatever process it comes from.
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { Seat, TableEvent, TableState } from '@svara/core';

export type StoredSeat = { position: number; userId: string; username: string | null; avatar: string | null };

/** A seat taken (with who took it) or freed, in the order the table made the changes. */
export type SeatWrite = { seated: true; seat: StoredSeat } | { seated: false; userId: string };

/** The seat or the player is already taken in the room (the unique keys refused the row). */
export class SeatConflictError extends Error {
  constructor(
    readonly roomId: string,
    readonly userId: string,
    /** The player sits at another table (on any node), rather than the seat being taken. */
    readonly elsewhere = false,
  ) {
    super(`user ${userId} cannot take that seat in room ${roomId}`);
    this.name = 'SeatConflictError';
  }
}

export interface SeatStore {
  /** Applies the changes in order, all or nothing; a refused sit-down throws SeatConflictError. */
  record(roomId: string, writes: readonly SeatWrite[]): Promise<void>;
  /** The room's seats, by position. */
  inRoom(roomId: string): Promise<StoredSeat[]>;
  /** Makes the room's rows exactly `seats` (a rebuilt table's seats). */
  replaceRoom(roomId: string, seats: readonly StoredSeat[]): Promise<void>;
  /** Open rooms where anybody sits. */
  occupiedRooms(): Promise<string[]>;
}

export function storedSeat(seat: Seat): StoredSeat {
  return { position: seat.position, userId: seat.playerId, username: seat.username, avatar: seat.avatar };
}

/** The seat rows an action changes: its seat_changed events, read against the state after it. */
export function seatWrites(after: TableState, events: readonly TableEvent[]): SeatWrite[] {
  const writes: SeatWrite[] = [];
  for (const e of events) {
    if (e.type !== 'seat_changed') continue;
    const seat = e.seated ? after.seats.find((s) => s.playerId === e.playerId) : undefined;
    if (seat) writes.push({ seated: true, seat: storedSeat(seat) });
    else writes.push({ seated: false, userId: e.playerId });
  }
  return writes;
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === '23505';

export function createSeatStore(knex: Knex): SeatStore {
  async function insert(trx: Knex, roomId: string, seats: readonly StoredSeat[]): Promise<void> {
    if (seats.length === 0) return;
    await trx('seats').insert(
      seats.map((s) => ({
        room_id: roomId,
        seat: s.position,
        user_id: s.userId,
        username: s.username,
        avatar: s.avatar,
      })),
    );
  }

  return {
    async record(roomId, writes) {
      if (writes.length === 0) return;
      try {
        const apply = async (trx: Knex) => {
          for (const w of writes) {
            if (w.seated) await insert(trx, roomId, [w.seat]);
            else await trx('seats').where({ room_id: roomId, user_id: w.userId }).delete();
          }
        };
        // One change (a sit-down, a stand-up: nearly always) is one statement, atomic by itself.
        if (writes.length === 1) await apply(knex);
        else await knex.transaction(apply);
      } catch (error) {
        const sat = writes.find((w) => w.seated);
        if (sat?.seated && isUniqueViolation(error)) {
          const elsewhere = (error as { constraint?: unknown }).constraint === 'seats_user_unique';
          throw new SeatConflictError(roomId, sat.seat.userId, elsewhere);
        }
        throw error;
      }
    },

    async inRoom(roomId) {
      const rows = await knex('seats')
        .select<{ seat: number; user_id: string; username: string | null; avatar: string | null }[]>(
          'seat',
          'user_id',
          'username',
          'avatar',
        )
        .where({ room_id: roomId })
        .orderBy('seat');
      return rows.map((r) => ({
        position: r.seat,
        userId: String(r.user_id),
        username: r.username,
        avatar: r.avatar,
      }));
    },

    async replaceRoom(roomId, seats) {
      await knex.transaction(async (trx) => {
        await trx('seats').where({ room_id: roomId }).delete();
        await insert(trx, roomId, seats);
      });
    },

    async occupiedRooms() {
      const result = await knex.raw<{ rows: { room_id: string }[] }>(
        `select distinct s.room_id from seats s join rooms r on r.id = s.room_id where r.status = 'open'`,
      );
      return result.rows.map((r) => r.room_id);
    },
  };
}
