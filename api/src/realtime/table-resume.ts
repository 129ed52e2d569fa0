/**
 * Bringing a room's table back from the database, when a process starts (or, later, when a node
 * takes the room over): the hand left running is rebuilt from its stored steps (hand-rebuild.ts)
 * and goes on, the seats come back from the `seats` table (seat-store.ts), every player is away
 * until their socket returns and the hand's clock goes on (resume-plan.ts). A hand that cannot be
 * rebuilt is voided as before (void-plan.ts), with the reason logged.
 *
 * The rebuilt table is written back as the hand's state (its steps so far replaced), so the next
 * steps, and a later rebuild, start from exactly the table the players see now.
 *
 * Money: the escrow posted for the hand stays where it is and the hand settles it as usual. Its
 * transfers are keyed `hand:{room}:{hand}:{seq}` with `seq` from the rebuilt state, which is the
 * state after the last committed transfer (a step's money and the step commit together), so no
 * transfer is posted twice.
 */
import type { Knex } from '@mikro-orm/postgresql';
import {
  applyAction,
  createTable,
  isHousePlayerId,
  type TableState,
  type TableTimings,
  type TableTournament,
} from '@svara/core';
import type { Ledger } from '../ledger/ledger.js';
import type { Logger } from '../logger.js';
import type { Ownership } from './cluster/ownership.js';
import type { RoomRecord } from '../rooms/rooms.js';
import { rebuildHand, type StoredHand } from './hand-rebuild.js';
import type { HandStatus, HandStep, HandStore } from './hand-store.js';
import { escrowReference, seatBalance } from './ledger-plan.js';
import { resumeTable } from './resume-plan.js';
import { storedSeat, type SeatStore, type StoredSeat } from './seat-store.js';

export type Restored = {
  state: TableState;
  /** 'running' when a hand goes on; null otherwise (as for a new table). */
  rowStatus: HandStatus | null;
  /** Steps written since the hand's state: none, it was just written whole. */
  steps: number;
  /** The players this restore made away: back as soon as their socket is. */
  markedAway: string[];
};

export interface ResumeDeps {
  knex: Knex;
  store: HandStore;
  seats: SeatStore;
  ledger: Pick<Ledger, 'walletBalance' | 'escrowOf' | 'balance'>;
  /** Sit & Go tables (api/src/tournaments): what a tournament room's table holds of its tournament. */
  tournaments?: TournamentTablesPort;
  clock: () => number;
  timings: Partial<TableTimings>;
  logger: Logger;
  /**
   * With several nodes, the room's lease (cluster/ownership.ts): a hand is voided only by the node
   * holding it, so never one that a live node runs. Without it (one node), nobody else runs tables.
   */
  lease?: Pick<Ownership, 'holds' | 'acquire' | 'release'>;
}

const NO_MONEY = { transfers: [], settledEscrows: [] };

/** What a table needs of the Sit & Go's (api/src/tournaments). */
export interface TournamentTablesPort {
  /**
   * The room's Sit & Go as its table holds it between hands (the last hand's record of it, or the
   * tournament's start), or null for a room that is no tournament's.
   */
  tournamentOf(roomId: string): Promise<TableTournament | null>;
  /** The player is registered for, or playing, a Sit & Go: no other seat meanwhile. */
  isEntered(userId: string): Promise<boolean>;
}

/** A new table for the room. Hand numbers go on from the last on record: a number names an escrow. */
export async function freshTable(
  room: Pick<RoomRecord, 'id' | 'stakeCents' | 'currency'>,
  store: Pick<HandStore, 'lastHandNumber'>,
  timings: Partial<TableTimings>,
  tournaments?: TournamentTablesPort,
): Promise<TableState> {
  const tournament = (await tournaments?.tournamentOf(room.id)) ?? null;
  const created = createTable({
    roomId: room.id,
    stake: room.stakeCents,
    timings,
    currency: room.currency,
    ...(tournament ? { tournament } : {}),
  });
  // A Sit & Go goes on where its last hand left it: hands dealt (the level) and places.
  const state = tournament ? { ...created, tournament } : created;
  return { ...state, handNumber: await store.lastHandNumber(room.id) };
}

/** A new table for the room, as a runtime without a database to resume from opens it. */
export async function newTable(
  room: Pick<RoomRecord, 'id' | 'stakeCents' | 'currency'>,
  store: Pick<HandStore, 'lastHandNumber'>,
  timings: Partial<TableTimings>,
  tournaments?: TournamentTablesPort,
): Promise<Restored> {
  const state = await freshTable(room, store, timings, tournaments);
  return { state, rowStatus: null, steps: 0, markedAway: [] };
}

/** The room's hand left running, as stored: its state and its steps in order; null when none. */
export async function loadRunningHand(knex: Knex, roomId: string): Promise<StoredHand | null> {
  const result = await knex.raw<{ rows: { hand_number: number; state: TableState; steps: HandStep[] }[] }>(
    `select h.hand_number, h.state,
            coalesce((select json_agg(json_build_object('step', s.step, 'action', s.action, 'at', s.at)
                                      order by s.step)
                        from hand_steps s
                       where s.room_id = h.room_id and s.hand_number = h.hand_number), '[]') as steps
       from hands h
      where h.room_id = ? and h.status = 'running'
      order by h.hand_number desc
      limit 1`,
    [roomId],
  );
  const row = result.rows[0];
  if (!row) return null;
  // `at` is a bigint column: JSON gives it back as a number, as it was written.
  return { roomId, handNumber: row.hand_number, state: row.state, steps: row.steps };
}

export class TableResumer {
  readonly stats = { resumed: 0, voided: 0, seatsRestored: 0, leftToOwner: 0 };

  constructor(private readonly deps: ResumeDeps) {}

  /**
   * The rooms to bring back at start-up: open rooms with a running hand or anybody seated. A hand
   * left running in a room that is closed has nobody to finish it: voided. `openRoomIds` are all
   * the open rooms, whoever runs them: a hand in an open room is never voided here (with several
   * nodes, the caller leaves out of the result the rooms a live node owns).
   */
  async roomsToResume(openRoomIds: readonly string[]): Promise<string[]> {
    const open = new Set(openRoomIds);
    const rooms = new Set<string>();
    for (const hand of await this.deps.store.runningHands()) {
      if (open.has(hand.roomId)) rooms.add(hand.roomId);
      else await this.voidHand({ ...hand, reason: 'the room is closed' });
    }
    for (const roomId of await this.deps.seats.occupiedRooms()) rooms.add(roomId);
    return [...rooms];
  }

  /** The room's table as it was: its running hand rebuilt (or voided) and its players seated. */
  async restore(room: RoomRecord): Promise<Restored> {
    const { store, seats, clock } = this.deps;
    const now = clock();
    const stored = await loadRunningHand(this.deps.knex, room.id);
    const rebuilt = stored ? await this.rebuildOrVoid(stored) : null;
    const base = rebuilt ?? (await freshTable(room, store, this.deps.timings, this.deps.tournaments));
    const rows = await seats.inRoom(room.id);
    const seated = await this.seatStored(base, rows, now);
    const { state, markedAway } = resumeTable(seated, now);
    if (rows.length > 0 || state.seats.length > 0)
      await seats.replaceRoom(room.id, state.seats.map(storedSeat));
    if (rebuilt) {
      await store.commit(room.id, NO_MONEY, [{ handNumber: state.handNumber, state, status: 'running' }]);
      this.stats.resumed += 1;
    }
    this.stats.seatsRestored += state.seats.length;
    return { state, rowStatus: rebuilt ? 'running' : null, steps: 0, markedAway };
  }

  private async rebuildOrVoid(stored: StoredHand): Promise<TableState | null> {
    const { ledger, logger } = this.deps;
    const currency = stored.state.currency ?? 'usd';
    const escrow = await ledger.escrowOf(escrowReference(stored.roomId, stored.handNumber), currency);
    const result = rebuildHand(stored, await ledger.balance(escrow));
    const where = { roomId: stored.roomId, handNumber: stored.handNumber };
    if (result.ok) {
      logger.info({ ...where, steps: result.steps, pot: result.state.pot }, 'resumed a hand left running');
      return result.state;
    }
    await this.voidHand({ ...where, state: result.reached, reason: result.reason });
    return null;
  }

  /**
   * Refunds the hand and marks it voided. With several nodes only under the room's lease: taken for
   * the void when this node does not hold it already (and given up after), and the void's write
   * carries its fencing token. A room whose lease a live node holds is that node's: its hand is
   * left to it, whatever this node read of it.
   */
  private async voidHand(hand: { roomId: string; handNumber: number; state: TableState; reason: string }) {
    const { reason, ...running } = hand;
    const { lease, logger } = this.deps;
    const where = { roomId: hand.roomId, handNumber: hand.handNumber };
    const borrowed = lease !== undefined && !lease.holds(hand.roomId);
    if (borrowed && !(await lease.acquire(hand.roomId))) {
      this.stats.leftToOwner += 1;
      logger.warn({ ...where, reason }, 'a hand left running was not voided: a live node runs its table');
      return;
    }
    try {
      const refunds = await this.deps.store.voidHand(running);
      this.stats.voided += 1;
      logger.warn({ ...where, reason, refunds }, 'voided a hand left running: it cannot be rebuilt');
    } finally {
      if (borrowed) await lease.release(hand.roomId);
    }
  }

  /**
   * Seats the stored players the state does not hold (a table between hands keeps its seats only
   * there), through the reducer's own sit-down with their wallet now. A seat that cannot be taken
   * again (the wallet fell below 10 stakes, the seat is someone else's) is given up.
   */
  private async seatStored(state: TableState, stored: StoredSeat[], now: number): Promise<TableState> {
    let current = state;
    for (const seat of stored) {
      if (current.seats.some((s) => s.playerId === seat.userId)) continue;
      const balance = await seatBalance(this.deps.ledger, state, seat.userId);
      const r = applyAction(
        current,
        {
          type: 'sit',
          playerId: seat.userId,
          position: seat.position,
          balance,
          username: seat.username,
          avatar: seat.avatar,
          house: isHousePlayerId(seat.userId),
        },
        now,
      );
      if (r.ok) current = r.state;
      else {
        this.deps.logger.info(
          { roomId: state.roomId, userId: seat.userId, code: r.error.code },
          'a stored seat was not taken again',
        );
      }
    }
    return current;
  }
}
