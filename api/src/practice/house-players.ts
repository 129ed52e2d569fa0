/**
 * House players at practice tables (RULES §8): they fill empty seats so a lone person gets a game,
 * at most 6 − people − 1 of them (a seat always stays free for a person), and they leave when the
 * people do. They have no sockets: they live beside the table, in the process that runs it, and play
 * through the same queue as people — the same moves, the same turn clock — deciding from the very
 * frame their seat would be sent (core's decideHouseMove over viewFor), after a human-like pause.
 *
 * Only a practice table ever seats one: the core reducer refuses a house seat at a dollar table,
 * whatever asks.
 */
import {
  BALANCE_STAKE_MULTIPLIER,
  decideHouseMove,
  HOUSE_SEATS_PER_TABLE,
  housePlayersOf,
  legalMoves,
  MAX_PLAYERS,
  NO_MOVES,
  viewFor,
  type HouseMove,
  type Random,
  type TableAction,
  type TableState,
} from '@svara/core';
import type { Logger } from '../logger.js';
import type { RoomRecord } from '../rooms/rooms.js';
import type { ActResult, SeatUser, TableChange, TableListener } from '../realtime/table-types.js';
import { HAND_RUNNING } from '../realtime/table-types.js';
import type { ChipsService } from './chips.js';

type Move = Exclude<TableAction, { type: 'sit' | 'start_hand' | 'tick' | 'set_balance' | 'leave' }>;

/** What house players need of the tables: what a socket's player can do, and no more. */
export interface HouseTables {
  peek(roomId: string): TableState | null;
  sit(roomId: string, user: SeatUser): Promise<ActResult>;
  act(roomId: string, move: Move): Promise<ActResult>;
  leave(roomId: string, userId: string): Promise<ActResult>;
  walletChanged(userId: string): Promise<void>;
}

export type HousePlayersDeps = {
  tables: HouseTables;
  rooms: { get(roomId: string): Promise<RoomRecord | null> };
  chips: Pick<ChipsService, 'fundHousePlayer'>;
  /** Creates the house player's account row once (users.is_house). */
  ensureHouseUser(id: string, name: string): Promise<void>;
  logger: Logger;
  clock?: () => number;
  random?: Random;
  /** setTimeout by default; tests pass their own. */
  schedule?: (run: () => void, ms: number) => { cancel(): void };
  /** The pause before a move as a share of the strategy's (1: the human-like 0.8–3 s). */
  thinkScale?: number;
  /** core's decideHouseMove by default; tests wrap it to see every decision. */
  strategy?: typeof decideHouseMove;
};

/** How many house players a practice table wants with `people` persons seated. */
export function houseSeatsWanted(people: number): number {
  if (people <= 0) return 0;
  return Math.max(0, Math.min(HOUSE_SEATS_PER_TABLE, MAX_PLAYERS - people - 1));
}

/** A person still sits at the table (one who is leaving does not count). */
const hasPeople = (s: TableState) => s.seats.some((seat) => !seat.house && !seat.leaving);

const toAction = (playerId: string, move: HouseMove): Move =>
  move.type === 'raise' ? { type: 'raise', playerId, amount: move.amount } : { type: move.type, playerId };

export class HousePlayers implements TableListener {
  private readonly clock: () => number;
  private readonly random: Random;
  private readonly decide: typeof decideHouseMove;
  private readonly schedule: (run: () => void, ms: number) => { cancel(): void };
  /** Pending decisions, by room and house player. */
  private readonly thinking = new Map<string, { cancel(): void }>();
  /**
   * Moves sent and not yet answered, by room and house player. Changes made by moves queued before
   * it still show the player on turn: deciding again then would send the move twice.
   */
  private readonly sending = new Set<string>();
  /** Rooms with a seat change of the house under way (one at a time per room). */
  private readonly seating = new Set<string>();
  private readonly rooms = new Map<string, Promise<RoomRecord | null>>();
  /** Moves the table took and refused (a refused one is a bug: the house decides from legal moves). */
  readonly stats = { moves: 0, refused: 0 };

  constructor(private readonly deps: HousePlayersDeps) {
    this.clock = deps.clock ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.decide = deps.strategy ?? decideHouseMove;
    this.schedule =
      deps.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        timer.unref();
        return { cancel: () => clearTimeout(timer) };
      });
  }

  changed(change: TableChange): void {
    const s = change.state;
    if (s.currency !== 'chips') return;
    this.play(s);
    // A Sit & Go seats its own players (api/src/tournaments); its house players only play.
    if (!s.tournament) this.reseat(s);
  }

  /** Cancels every pending decision (the process is stopping). */
  stopAll(): void {
    for (const pending of this.thinking.values()) pending.cancel();
    this.thinking.clear();
  }

  closed(roomId: string): void {
    for (const [key, pending] of this.thinking) {
      if (!key.startsWith(`${roomId}|`)) continue;
      pending.cancel();
      this.thinking.delete(key);
    }
    this.rooms.delete(roomId);
  }

  /** Every house player with something to do thinks, then does it (a svara asks several at once). */
  private play(s: TableState): void {
    // Nobody left to play with: the house players are leaving (reseat), a move would only cross it.
    // A Sit & Go is played to its end, whoever is left in it (RULES §9).
    if (!hasPeople(s) && !s.tournament) return;
    for (const seat of s.seats) {
      if (!seat.house) continue;
      const key = `${s.roomId}|${seat.playerId}`;
      if (this.thinking.has(key) || this.sending.has(key)) continue;
      if (seat.awaySince !== null) {
        // A house player is never away by choice (a lost turn, say after a restart): back at once.
        this.act(s.roomId, { type: 'back', playerId: seat.playerId });
        continue;
      }
      if (legalMoves(s, seat.playerId) === NO_MOVES) continue;
      const first = this.decide(viewFor(s, seat.playerId, this.clock()), this.random);
      if (!first) continue;
      const pending = this.schedule(
        () => {
          this.thinking.delete(key);
          // Decided again from the table as it is now: the pause may have seen other moves.
          const now = this.deps.tables.peek(s.roomId);
          if (!now || (!hasPeople(now) && !now.tournament)) return;
          const decision = this.decide(viewFor(now, seat.playerId, this.clock()), this.random);
          if (decision) this.act(s.roomId, toAction(seat.playerId, decision.move));
        },
        first.thinkMs * (this.deps.thinkScale ?? 1),
      );
      this.thinking.set(key, pending);
    }
  }

  private act(roomId: string, move: Move): void {
    const key = `${roomId}|${move.playerId}`;
    this.sending.add(key);
    // Once answered, the table is looked at as it is: the change the move made came while it was
    // being sent (say a look, after which the same player bets), and a refusal changed nothing.
    const answered = () => {
      this.sending.delete(key);
      const now = this.deps.tables.peek(roomId);
      if (now) this.play(now);
    };
    this.deps.tables.act(roomId, move).then(
      (result) => {
        if (result.ok) this.stats.moves += 1;
        else {
          this.stats.refused += 1;
          this.deps.logger.debug(
            { roomId, move: move.type, code: result.code, detail: result.detail },
            'house move refused',
          );
        }
        answered();
      },
      (error: unknown) => {
        // The runtime retries a failed step and announces its change: that asks again.
        this.sending.delete(key);
        this.deps.logger.error({ roomId, err: error }, 'house move failed');
      },
    );
  }

  /**
   * One seat change at a time per room. The change it causes arrives while it is under way, so once
   * it is done the table is looked at again, until nothing is left to do.
   */
  private reseat(s: TableState): void {
    if (this.seating.has(s.roomId)) return;
    this.seating.add(s.roomId);
    this.reseatOnce(s).then(
      (acted) => {
        this.seating.delete(s.roomId);
        const now = acted ? this.deps.tables.peek(s.roomId) : null;
        if (now) this.reseat(now);
      },
      (error: unknown) => {
        this.seating.delete(s.roomId);
        this.deps.logger.error({ roomId: s.roomId, err: error }, 'house seating failed');
      },
    );
  }

  /** Makes the next seat change the table needs; false when it needs none. */
  private async reseatOnce(s: TableState): Promise<boolean> {
    const house = s.seats.filter((seat) => seat.house && !seat.leaving);
    const people = s.seats.filter((seat) => !seat.house && !seat.leaving).length;
    const wanted = houseSeatsWanted(people);
    const between = !HAND_RUNNING.has(s.status);

    if (house.length > wanted) {
      // A person needs the seat, or nobody is left to play with: one house player goes between hands.
      if (!between && people > 0) return false;
      const result = await this.deps.tables.leave(s.roomId, house[house.length - 1]!.playerId);
      return result.ok;
    }
    if (between) {
      const short = house.find((seat) => seat.balance < BALANCE_STAKE_MULTIPLIER * s.stake);
      if (short) {
        await this.deps.chips.fundHousePlayer(short.playerId);
        await this.deps.tables.walletChanged(short.playerId);
        return true;
      }
    }
    if (house.length >= wanted || s.seats.length >= s.maxSeats) return false;
    const room = await this.roomOf(s.roomId);
    if (!room?.tableNumber) return false;
    const next = housePlayersOf(room.tableNumber).find(
      (p) => !s.seats.some((seat) => seat.playerId === p.id),
    );
    if (!next) return false;
    await this.deps.ensureHouseUser(next.id, next.name);
    await this.deps.chips.fundHousePlayer(next.id);
    const result = await this.deps.tables.sit(s.roomId, { id: next.id, username: next.name, avatar: null });
    if (!result.ok)
      this.deps.logger.info({ roomId: s.roomId, code: result.code }, 'a house player did not sit');
    return result.ok;
  }

  private roomOf(roomId: string): Promise<RoomRecord | null> {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = this.deps.rooms.get(roomId);
      this.rooms.set(roomId, room);
      room.catch(() => this.rooms.delete(roomId));
    }
    return room;
  }
}
