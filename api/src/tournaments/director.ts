/**
 * Runs Sit & Go's at the tables (RULES §9): starts one as soon as it fills (its room, its seats,
 * `tournament_started` to every player), hears its table's places after every hand
 * (`tournament_finished` to each player out, prizes recorded), pays out when one player holds every
 * chip, cancels for an operator, and after a restart finishes what a stop interrupted. The table
 * itself is the ordinary runtime's; this is its organiser.
 */
import {
  centsToDollars,
  housePlayersOf,
  SvaraError,
  payoutsOf,
  type ServerEventName,
  type ServerEventPayload,
  type TableTournament,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import { avatarOf } from '../http/routes/avatars.js';
import type { TableChange, TableListener } from '../realtime/table-types.js';
import type { TournamentTablesPort } from '../realtime/table-resume.js';
import type { RoomsService } from '../rooms/rooms.js';
import { tableTournamentOf, type Lifecycle } from './lifecycle.js';
import type { TournamentRegistry } from './registry.js';
import { STARTING_ANTE, TOURNAMENT_COLUMNS, type TournamentRow } from './rows.js';

export interface TournamentTables {
  seatTournament(
    roomId: string,
    players: { id: string; username: string | null; avatar: string | null; position: number }[],
  ): Promise<{ ok: boolean; code?: string }>;
  /** False when another node runs the table. */
  retireTournament(roomId: string): Promise<boolean>;
}

export type DirectorDeps = {
  knex: Knex;
  logger: Logger;
  rooms: Pick<RoomsService, 'createTournamentRoom' | 'close'>;
  registry: TournamentRegistry;
  lifecycle: Lifecycle;
  tables: TournamentTables;
  /** Sends an event to every socket of the player (on every node). */
  notify<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** A wallet changed (a prize, a refund): the player's balance follows. */
  walletChanged(userId: string): void;
  /** House players who fill a play-chip Sit & Go a person waits in (RULES §8, §9). */
  house?: {
    fillMs: number;
    ensureHouseUser(id: string, name: string): Promise<void>;
    fundHousePlayer(id: string): Promise<void>;
  };
};

export class TournamentDirector implements TournamentTablesPort {
  /** One piece of work at a time per tournament (places, the payout, a cancel). */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly logger: Logger;

  constructor(private readonly deps: DirectorDeps) {
    this.logger = deps.logger.child({ module: 'tournaments' });
    deps.registry.onFull((id) => void this.start(id));
    deps.registry.onRegistered((id, currency) => {
      const house = deps.house;
      if (currency !== 'chips' || !house) return;
      const timer = setTimeout(() => void this.serial(id, () => this.fillWithHouse(id)), house.fillMs);
      timer.unref();
    });
  }

  /**
   * A play-chip Sit & Go that a person waits in gets house players in its free seats: fresh ones,
   * numbered like a new table's so none of them plays anywhere else.
   */
  private async fillWithHouse(id: string): Promise<void> {
    const house = this.deps.house!;
    const r = await this.deps.knex.raw<{ rows: { size: number; status: string; n: string }[] }>(
      `select t.size, t.status, (select count(*) from tournament_entries e where e.tournament_id = t.id) as n
         from tournaments t where t.id = ?`,
      [id],
    );
    const t = r.rows[0];
    if (!t || t.status !== 'registering' || Number(t.n) === 0 || Number(t.n) >= t.size) return;
    const numbered = await this.deps.knex.raw<{ rows: { n: string }[] }>(
      `select nextval('room_table_numbers') as n`,
    );
    const players = housePlayersOf(Number(numbered.rows[0]!.n)).slice(0, t.size - Number(t.n));
    for (const p of players) {
      await house.ensureHouseUser(p.id, p.name);
      await house.fundHousePlayer(p.id);
      await this.deps.registry.register(p.id, id, { house: true });
    }
    this.logger.info({ tournamentId: id, house: players.length }, 'house players fill a Sit & Go');
  }

  private serial(id: string, work: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      this.logger.error({ tournamentId: id, err: error }, 'tournament step failed');
    });
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  private async byRoom(roomId: string): Promise<TournamentRow | null> {
    const r = await this.deps.knex.raw<{ rows: TournamentRow[] }>(
      `select ${TOURNAMENT_COLUMNS} from tournaments t where t.room_id = ?`,
      [roomId],
    );
    return r.rows[0] ?? null;
  }

  /** The tournament as the room's last hand left it (none dealt yet: as it starts). */
  private async lastTableState(t: TournamentRow): Promise<TableTournament> {
    const r = await this.deps.knex.raw<{ rows: { t: TableTournament | null }[] }>(
      `select state->'tournament' as t from hands where room_id = ? order by hand_number desc limit 1`,
      [t.room_id],
    );
    return r.rows[0]?.t ?? tableTournamentOf(t);
  }

  isEntered(userId: string): Promise<boolean> {
    return this.deps.registry.isEntered(userId);
  }

  async tournamentOf(roomId: string): Promise<TableTournament | null> {
    const t = await this.byRoom(roomId);
    return t ? this.lastTableState(t) : null;
  }

  /** A full Sit & Go starts: its room opens, its players are seated and told. */
  start(id: string): Promise<void> {
    return this.serial(id, async () => {
      const room = await this.deps.rooms.createTournamentRoom(STARTING_ANTE);
      const started = await this.deps.lifecycle.start(id, room.id);
      if (!started) {
        await this.deps.rooms.close(room.id);
        return;
      }
      this.logger.info({ tournamentId: id, roomId: room.id }, 'Sit & Go started');
      await this.seat(started.tournament);
      for (const p of started.players) {
        this.deps.notify(p.userId, 'tournament_started', { tournamentId: id, roomId: room.id });
      }
    });
  }

  private async seat(t: TournamentRow): Promise<void> {
    const r = await this.deps.knex.raw<{
      rows: { user_id: string; seat: number; username: string | null; photo_url: string | null }[];
    }>(
      `select e.user_id, e.seat, u.username, u.photo_url from tournament_entries e
         join users u on u.telegram_id = e.user_id where e.tournament_id = ? and e.active`,
      [t.id],
    );
    const result = await this.deps.tables.seatTournament(
      t.room_id!,
      r.rows.map((e) => ({
        id: e.user_id,
        username: e.username,
        avatar: avatarOf(e.user_id, e.photo_url),
        position: e.seat,
      })),
    );
    if (!result.ok) this.logger.error({ tournamentId: t.id, code: result.code }, 'seating a Sit & Go failed');
  }

  /** Wraps the tables' listener: a Sit & Go's table tells its places to this director. */
  listener(inner: TableListener): TableListener {
    return {
      changed: (change) => {
        inner.changed(change);
        this.changed(change);
      },
      closed: (roomId) => inner.closed(roomId),
      stoodUp: (userId, roomId, code) => inner.stoodUp?.(userId, roomId, code),
    };
  }

  private changed(change: TableChange): void {
    const t = change.state.tournament;
    if (!t) return;
    for (const e of change.events) {
      if (e.type !== 'tournament_places') continue;
      void this.serial(t.id, () => this.placesDecided(t, e.places, e.finished));
    }
  }

  private async placesDecided(
    t: TableTournament,
    places: { playerId: string; place: number }[],
    finished: boolean,
  ): Promise<void> {
    // A shared place's prizes are known once its players are out together (RULES §9).
    const prizes = payoutsOf(t.prizes, t.places);
    const out = places.filter((p) => p.place !== 1);
    await this.deps.lifecycle.recordPlaces(t.id, out, prizes);
    for (const p of out) {
      this.deps.notify(p.playerId, 'tournament_finished', {
        tournamentId: t.id,
        place: p.place,
        prize: centsToDollars(prizes.get(p.playerId) ?? 0),
      });
    }
    if (finished) await this.finish(t);
  }

  private async finish(t: TableTournament): Promise<void> {
    const paid = await this.deps.lifecycle.finish(t.id, t);
    if (!paid) return;
    this.logger.info({ tournamentId: t.id, places: t.places }, 'Sit & Go finished');
    const winner = t.places.find((p) => p.place === 1);
    if (winner) {
      this.deps.notify(winner.playerId, 'tournament_finished', {
        tournamentId: t.id,
        place: 1,
        prize: centsToDollars(paid.get(winner.playerId) ?? 0),
      });
    }
    for (const [userId, amount] of paid) if (amount > 0) this.deps.walletChanged(userId);
  }

  /** An operator's cancel; false when the Sit & Go is already over (or unknown). */
  async cancel(id: string, operatorId: string): Promise<boolean> {
    let done = false;
    let refused: unknown = null;
    await this.serial(id, async () => {
      try {
        done = await this.cancelNow(id, operatorId);
      } catch (error) {
        refused = error;
      }
    });
    if (refused) throw refused;
    return done;
  }

  private async cancelNow(id: string, operatorId: string): Promise<boolean> {
    const r = await this.deps.knex.raw<{ rows: TournamentRow[] }>(
      `select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ?`,
      [id],
    );
    const t = r.rows[0];
    if (!t || (t.status !== 'registering' && t.status !== 'running')) return false;
    // The table stops first: a hand in play is voided, its pot back in the players' chips.
    if (t.status === 'running' && t.room_id && !(await this.deps.tables.retireTournament(t.room_id))) {
      throw new SvaraError('not_available', 'the node running the table did not answer: try again');
    }
    const result = await this.deps.lifecycle.cancel(id, operatorId);
    if (!result) return false;
    this.logger.warn({ tournamentId: id, operatorId }, 'Sit & Go cancelled');
    for (const [userId, refund] of result.refunds) {
      this.deps.notify(userId, 'tournament_cancelled', { tournamentId: id, refund: centsToDollars(refund) });
      this.deps.walletChanged(userId);
    }
    return true;
  }

  /**
   * After a start: a Sit & Go that filled but did not start starts; one whose last hand ended it is
   * paid; one started but never seated is seated (a seated one's table came back with the others').
   */
  async resume(): Promise<void> {
    await this.deps.registry.ensureOpen();
    const full = await this.deps.knex.raw<{ rows: { id: string }[] }>(
      `select t.id from tournaments t where t.status = 'registering'
          and (select count(*) from tournament_entries e where e.tournament_id = t.id) = t.size`,
    );
    for (const { id } of full.rows) await this.start(id);
    const running = await this.deps.knex.raw<{ rows: TournamentRow[] }>(
      `select ${TOURNAMENT_COLUMNS} from tournaments t where t.status = 'running'`,
    );
    for (const t of running.rows) {
      const table = await this.lastTableState(t);
      if (table.finished) await this.serial(t.id, () => this.finish(table));
      else if (table.handsDealt === 0) await this.seat(t);
    }
  }
}
