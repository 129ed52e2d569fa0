/**
 * Practice (RULES §8): the player's play chips, the public practice tables the house keeps open at
 * PRACTICE_STAKES, and Play now, which picks the table where a newcomer is dealt in soonest.
 *
 * Practice is still gambling practice: the agreement, a suspension, a cool-off and a self-exclusion
 * stop it like real play (the rooms service checks them at every entry and sit-down).
 */
import {
  BALANCE_STAKE_MULTIPLIER,
  isHousePlayerId,
  MAX_PLAYERS,
  PRACTICE_STAKES,
  SvaraError,
  centsToDollars,
  dollarsToCents,
  type RoomSummary,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { RoomsService } from '../rooms/rooms.js';
import { CHIPS_TO_SIT, type ChipsService } from './chips.js';

export interface PracticeService {
  chips: ChipsService;
  /** A practice table where the player is dealt in within seconds (created when none fits). */
  playNow(userId: string): Promise<{ roomId: string }>;
  /**
   * The public practice tables a person can sit at now (house players make way for people): the
   * lowest stake first, tables where people already sit first within a stake.
   */
  openTables(): Promise<RoomSummary[]>;
  /** Opens a kept practice table at every practice stake that has none with room for a person. */
  keepTablesOpen(): Promise<void>;
  /** Creates the account row of a house player once (users.is_house, a negative id). */
  ensureHouseUser(id: string, name: string): Promise<void>;
}

const HAND_RUNNING = new Set(['ante', 'blind_betting', 'betting', 'showdown', 'svara_pending']);

const peopleAt = (room: RoomSummary) => room.players.filter((p) => !isHousePlayerId(p.id)).length;

/** A kept table still has a seat for one more person (house players make way for people). */
const roomForAPerson = (room: RoomSummary) => peopleAt(room) < MAX_PLAYERS - 1;

export function createPractice(deps: {
  knex: Knex;
  rooms: RoomsService;
  chips: ChipsService;
  suspension?: { assertActive(userId: string): Promise<void> };
  protection?: { assertCanPlay(userId: string): Promise<void> };
  logger: Logger;
}): PracticeService {
  const { knex, rooms, chips } = deps;
  const houseUsers = new Set<string>();

  async function practiceRooms(): Promise<RoomSummary[]> {
    return (await rooms.listOpen()).filter((r) => r.currency === 'chips' && r.type === 'public');
  }

  return {
    chips,

    async playNow(userId) {
      await deps.suspension?.assertActive(userId);
      await deps.protection?.assertCanPlay(userId);
      let { chips: held } = await chips.status(userId);
      if (held < CHIPS_TO_SIT) held = (await chips.topUp(userId)).chips;
      const seated = rooms.seatOf(userId);
      if (seated) {
        const room = await rooms.get(seated);
        if (room?.currency === 'chips') return { roomId: seated };
        throw new SvaraError('seated_elsewhere', 'seated at a dollar table');
      }
      const affordable = (r: RoomSummary) => dollarsToCents(r.minBet) * BALANCE_STAKE_MULTIPLIER <= held;
      // Where a hand starts soonest: no hand running, people already waiting first, then an empty
      // table (its house players sit as soon as the person does), the lowest stake first.
      const open = (await practiceRooms())
        .filter((r) => affordable(r) && roomForAPerson(r) && !HAND_RUNNING.has(r.status))
        .sort((a, b) => Number(peopleAt(b) > 0) - Number(peopleAt(a) > 0) || a.minBet - b.minBet);
      if (open[0]) return { roomId: open[0].roomId };
      const created = await rooms.createKept(Math.min(...PRACTICE_STAKES));
      return { roomId: created.id };
    },

    async openTables() {
      return (await practiceRooms())
        .filter((r) => r.status !== 'closed' && peopleAt(r) < MAX_PLAYERS)
        .sort((a, b) => a.minBet - b.minBet || peopleAt(b) - peopleAt(a));
    },

    async keepTablesOpen() {
      const open = await practiceRooms();
      for (const stake of PRACTICE_STAKES) {
        const minBet = centsToDollars(stake);
        if (open.some((r) => r.minBet === minBet && roomForAPerson(r))) continue;
        const room = await rooms.createKept(stake);
        deps.logger.info({ roomId: room.id, stake }, 'practice table opened');
      }
    },

    async ensureHouseUser(id, name) {
      if (houseUsers.has(id)) return;
      await knex.raw(
        `insert into users (telegram_id, username, first_name, is_house) values (?, ?, ?, true)
         on conflict (telegram_id) do nothing`,
        [id, name, name],
      );
      houseUsers.add(id);
    },
  };
}
