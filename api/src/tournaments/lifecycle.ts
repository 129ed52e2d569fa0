/**
 * The money of a Sit & Go's life (RULES §9), each step one transaction under a lock on the
 * tournament's row, decided by its status, so a step repeated (a restart, a second node, a double
 * tap) moves nothing twice:
 * - start: the fees go to the house; each player's 1,500 tournament chips come from the chip bank
 *   into their stack; the seats are drawn; the next Sit & Go of the template opens.
 * - finish: the prizes leave the escrow in one transaction; the winner's chips go back to the bank.
 * - cancel: registering — buy-ins and fees back; running — the escrow pro rata to the chips each
 *   player holds, the fees back from the house, the chips back to the bank.
 */
import { randomInt } from 'node:crypto';
import {
  isHousePlayerId,
  payoutsOf,
  proRata,
  tournamentStackReference,
  type Cents,
  type TableTournament,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { houseKind as houseKindOf, type Ledger, type TransferRequest } from '../ledger/ledger.js';
import { enqueueNotices } from '../notices/outbox.js';
import { balanceInside, postInside } from './ledger-posts.js';
import {
  buyInEscrow,
  feeEscrow,
  openRegistering,
  poolOf,
  prizesOf,
  STARTING_ANTE,
  STARTING_STACK,
  TOURNAMENT_COLUMNS,
  type EntryRow,
  type TournamentRow,
} from './rows.js';

export type Started = {
  tournament: TournamentRow;
  players: { userId: string; position: number; username: string | null }[];
};

/** Seats for `size` players, drawn at random: all six, or every other seat for three. */
export function drawSeats(size: number): number[] {
  const seats = size === 3 ? [1, 3, 5] : [1, 2, 3, 4, 5, 6];
  for (let i = seats.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [seats[i], seats[j]] = [seats[j]!, seats[i]!];
  }
  return seats;
}

/** The table's tournament when it opens (nothing dealt yet). */
export function tableTournamentOf(t: TournamentRow): TableTournament {
  return {
    id: t.id,
    size: t.size,
    startingAnte: STARTING_ANTE,
    handsPerLevel: 10,
    prizes: prizesOf(t),
    prizeCurrency: t.currency,
    handsDealt: 0,
    chipsAtStart: [],
    places: [],
    finished: false,
  };
}

export function createLifecycle(knex: Knex, ledger: Ledger) {
  async function locked(trx: Knex.Transaction, id: string): Promise<TournamentRow | null> {
    const r = await trx.raw<{ rows: TournamentRow[] }>(
      `select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ? for update`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  async function entriesOf(trx: Knex.Transaction, id: string): Promise<EntryRow[]> {
    const r = await trx.raw<{ rows: EntryRow[] }>(
      `select e.*, u.username from tournament_entries e join users u on u.telegram_id = e.user_id
        where e.tournament_id = ? order by e.registered_at`,
      [id],
    );
    return r.rows;
  }

  const stackOf = (id: string, userId: string) =>
    ledger.escrowOf(tournamentStackReference(id, userId), 'chips');

  return {
    /**
     * Starts a full Sit & Go at `roomId` (a room made for it). Null when it is not (or no longer)
     * registering and full: the caller closes the room it made.
     */
    async start(id: string, roomId: string): Promise<Started | null> {
      const bank = await ledger.systemAccount('chip_bank');
      return knex.transaction(async (trx) => {
        const t = await locked(trx, id);
        if (!t || t.status !== 'registering') return null;
        const list = await entriesOf(trx, id);
        if (list.length !== t.size) return null;
        const seats = drawSeats(t.size);
        const players = list.map((e, i) => ({
          userId: e.user_id,
          position: seats[i]!,
          username: e.username ?? null,
        }));
        for (const p of players) {
          await trx.raw(`update tournament_entries set seat = ? where tournament_id = ? and user_id = ?`, [
            p.position,
            id,
            p.userId,
          ]);
        }
        const [fees, house] = await Promise.all([
          ledger.escrowOf(feeEscrow(id), t.currency),
          ledger.systemAccount(houseKindOf(t.currency)),
        ]);
        const transfers: TransferRequest[] = [
          {
            idempotencyKey: `tourney:${id}:fees`,
            debitAccountId: fees,
            creditAccountId: house,
            amount: Number(t.fee) * t.size,
            reason: 'tournament_fee',
            metadata: { tournamentId: id },
          },
        ];
        for (const p of players) {
          transfers.push({
            idempotencyKey: `tourney:${id}:chips:${p.userId}`,
            debitAccountId: bank,
            creditAccountId: await stackOf(id, p.userId),
            amount: STARTING_STACK,
            reason: 'tournament_chips',
            metadata: { tournamentId: id, userId: p.userId },
          });
        }
        await postInside(trx, transfers);
        const updated = await trx.raw<{ rows: TournamentRow[] }>(
          `update tournaments t set status = 'running', room_id = ?, started_at = now(), prize_pool = ?
            where id = ? returning ${TOURNAMENT_COLUMNS}`,
          [roomId, poolOf(t), id],
        );
        // Every person registered hears it in the bot too, with a button to the table (written with
        // the start, so the notice exists exactly when the start committed).
        await enqueueNotices(
          trx,
          players
            .filter((p) => !isHousePlayerId(p.userId))
            .map((p) => ({
              chatId: p.userId,
              kind: 'tournament_started' as const,
              params: { tournamentId: id, roomId, name: t.name },
              dedupeKey: `tourney:${id}:started:${p.userId}`,
            })),
        );
        // The next Sit & Go of this offer opens at once.
        await openRegistering(trx, t.template_id);
        return { tournament: updated.rows[0]!, players };
      });
    },

    /** Players out (their places, and prizes once a paid place is settled) recorded as they go. */
    async recordPlaces(
      id: string,
      places: { playerId: string; place: number }[],
      prizes: Map<string, Cents>,
    ) {
      for (const p of places) {
        await knex.raw(
          `update tournament_entries set place = ?, prize = ?, active = false where tournament_id = ? and user_id = ?`,
          [p.place, prizes.get(p.playerId) ?? 0, id, p.playerId],
        );
      }
    },

    /**
     * Pays the prizes by the final places and returns what each player won; null when the
     * tournament is not running (already paid, or cancelled).
     */
    async finish(id: string, table: TableTournament): Promise<Map<string, Cents> | null> {
      const bank = await ledger.systemAccount('chip_bank');
      return knex.transaction(async (trx) => {
        const t = await locked(trx, id);
        if (!t || t.status !== 'running') return null;
        const list = await entriesOf(trx, id);
        const payouts = payoutsOf(prizesOf(t), table.places);
        const escrow = await ledger.escrowOf(buyInEscrow(id), t.currency);
        const transfers: TransferRequest[] = [];
        for (const e of list) {
          transfers.push({
            idempotencyKey: `tourney:${id}:prize:${e.user_id}`,
            debitAccountId: escrow,
            creditAccountId: await ledger.walletOf(e.user_id, t.currency),
            amount: payouts.get(e.user_id) ?? 0,
            reason: 'tournament_prize',
            metadata: { tournamentId: id, userId: e.user_id },
          });
          const stack = await stackOf(id, e.user_id);
          transfers.push({
            idempotencyKey: `tourney:${id}:chips-back:${e.user_id}`,
            debitAccountId: stack,
            creditAccountId: bank,
            amount: await balanceInside(trx, stack),
            reason: 'tournament_chips',
            metadata: { tournamentId: id, userId: e.user_id },
          });
        }
        await postInside(trx, transfers);
        const placeOf = new Map(table.places.map((p) => [p.playerId, p.place]));
        for (const e of list) {
          await trx.raw(
            `update tournament_entries set place = ?, prize = ?, active = false where tournament_id = ? and user_id = ?`,
            [placeOf.get(e.user_id) ?? null, payouts.get(e.user_id) ?? 0, id, e.user_id],
          );
        }
        await trx.raw(`update tournaments set status = 'finished', finished_at = now() where id = ?`, [id]);
        return payouts;
      });
    },

    /**
     * An operator's cancel: what each player got back (null when already over). A running one's
     * table must be retired first (its hand voided, the chips in the stacks).
     */
    async cancel(
      id: string,
      operatorId: string,
    ): Promise<{ refunds: Map<string, Cents>; roomId: string | null } | null> {
      const bank = await ledger.systemAccount('chip_bank');
      return knex.transaction(async (trx) => {
        const t = await locked(trx, id);
        if (!t || (t.status !== 'registering' && t.status !== 'running')) return null;
        const list = await entriesOf(trx, id);
        const [escrow, fees, house] = await Promise.all([
          ledger.escrowOf(buyInEscrow(id), t.currency),
          ledger.escrowOf(feeEscrow(id), t.currency),
          ledger.systemAccount(houseKindOf(t.currency)),
        ]);
        const running = t.status === 'running';
        const stacks = new Map<string, { account: number; chips: Cents }>();
        for (const e of list) {
          const account = await stackOf(id, e.user_id);
          stacks.set(e.user_id, { account, chips: running ? await balanceInside(trx, account) : 0 });
        }
        const pool = await balanceInside(trx, escrow);
        const shares = running
          ? proRata(
              pool,
              list.map((e) => ({ playerId: e.user_id, chips: stacks.get(e.user_id)!.chips })),
            )
          : new Map(list.map((e) => [e.user_id, Number(t.buy_in)]));
        const transfers: TransferRequest[] = [];
        const refunds = new Map<string, Cents>();
        for (const e of list) {
          const wallet = await ledger.walletOf(e.user_id, t.currency);
          const meta = { tournamentId: id, userId: e.user_id };
          const share = shares.get(e.user_id) ?? 0;
          transfers.push(
            {
              idempotencyKey: `tourney:${id}:cancel:${e.user_id}:buyin`,
              debitAccountId: escrow,
              creditAccountId: wallet,
              amount: share,
              reason: 'tournament_cancel',
              metadata: meta,
            },
            {
              // Before the start the fee is still held; after it, the house gives it back.
              idempotencyKey: `tourney:${id}:cancel:${e.user_id}:fee`,
              debitAccountId: running ? house : fees,
              creditAccountId: wallet,
              amount: Number(t.fee),
              reason: 'tournament_cancel',
              metadata: meta,
            },
            {
              idempotencyKey: `tourney:${id}:cancel:${e.user_id}:chips`,
              debitAccountId: stacks.get(e.user_id)!.account,
              creditAccountId: bank,
              amount: stacks.get(e.user_id)!.chips,
              reason: 'tournament_chips',
              metadata: meta,
            },
          );
          refunds.set(e.user_id, share + Number(t.fee));
          await trx.raw(
            `update tournament_entries set refund = ?, active = false where tournament_id = ? and user_id = ?`,
            [share + Number(t.fee), id, e.user_id],
          );
        }
        await postInside(trx, transfers);
        await trx.raw(
          `update tournaments set status = 'cancelled', finished_at = now(), cancelled_by = ? where id = ?`,
          [operatorId, id],
        );
        await openRegistering(trx, t.template_id);
        return { refunds, roomId: t.room_id };
      });
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
