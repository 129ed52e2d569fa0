/**
 * Registration for Sit & Go's (RULES §9) and what players and operators read of them. Registering
 * moves the buy-in to the tournament's escrow and the fee to its fee escrow, in the transaction that
 * writes the entry, under a lock on the tournament's row: two taps or two tabs register once, and a
 * full Sit & Go takes nobody more. Unregistering gives both back at once, while it still registers.
 */
import { randomUUID } from 'node:crypto';
import {
  SvaraError,
  type Cents,
  type RoomCurrency,
  type TournamentDetails,
  type TournamentSummary,
  type TournamentTemplate,
  type TournamentTemplateInput,
  centsToDollars,
  dollarsToCents,
  tournamentTemplateInputSchema,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { Ledger } from '../ledger/ledger.js';
import type { Logger } from '../logger.js';
import { postInside } from './ledger-posts.js';
import {
  buyInEscrow,
  feeEscrow,
  openRegistering,
  summaryOf,
  TOURNAMENT_COLUMNS,
  type EntryRow,
  type TournamentRow,
} from './rows.js';

/** How many of a player's own finished or cancelled Sit & Go's GET /tournaments lists. */
const RECENT = 10;

export interface TournamentRegistry {
  /** The Sit & Go's registering, then the player's own running and recent ones. */
  list(userId: string | null): Promise<TournamentSummary[]>;
  details(id: string, userId: string | null): Promise<TournamentDetails>;
  /** `house`: a house player filling a play-chip Sit & Go (no person's gates apply). */
  register(userId: string, id: string, options?: { house?: boolean }): Promise<TournamentSummary>;
  unregister(userId: string, id: string): Promise<TournamentSummary>;
  /** One Sit & Go registering for every active template. */
  ensureOpen(): Promise<void>;
  templates(): Promise<TournamentTemplate[]>;
  saveTemplate(id: string, input: TournamentTemplateInput): Promise<TournamentTemplate>;
  /** The player is registered for, or still playing, a Sit & Go. */
  isEntered(userId: string): Promise<boolean>;
  /** Called (after the commit) when a registration fills a Sit & Go. */
  onFull(listener: (tournamentId: string) => void): void;
  /** Called (after the commit) when a person registers and seats are left. */
  onRegistered(listener: (tournamentId: string, currency: RoomCurrency) => void): void;
}

export type RegistryDeps = {
  knex: Knex;
  ledger: Ledger;
  logger: Logger;
  suspension?: { assertActive(userId: string): Promise<void> };
  protection?: { assertCanPlay(userId: string, atRiskCents?: Cents): Promise<void> };
  /** The room whose table the player sits at (a cash or practice table), if any. */
  seatOf?: (userId: string) => string | null;
  /** A play-chip Sit & Go's entrant gets their first chips (practice's grant) before paying. */
  chips?: { status(userId: string): Promise<unknown> };
};

const UNIQUE_VIOLATION = '23505';

export function createTournamentRegistry(deps: RegistryDeps): TournamentRegistry {
  const { knex, ledger } = deps;
  const fullListeners: ((id: string) => void)[] = [];
  const registeredListeners: ((id: string, currency: RoomCurrency) => void)[] = [];

  async function row(db: Knex | Knex.Transaction, id: string, lock = false): Promise<TournamentRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const r = await db.raw<{ rows: TournamentRow[] }>(
      `select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ?${lock ? ' for update' : ''}`,
      [id],
    );
    return r.rows[0] ?? null;
  }

  async function entries(db: Knex | Knex.Transaction, id: string): Promise<EntryRow[]> {
    const r = await db.raw<{ rows: EntryRow[] }>(
      `select e.*, u.username from tournament_entries e join users u on u.telegram_id = e.user_id
        where e.tournament_id = ? order by e.registered_at`,
      [id],
    );
    return r.rows;
  }

  /** Entrants still counted: registered (or played), not refunded by an unregistration. */
  async function summary(db: Knex | Knex.Transaction, t: TournamentRow, userId: string | null) {
    const list = await entries(db, t.id);
    return summaryOf(t, list.length, list.find((e) => e.user_id === userId) ?? null);
  }

  const ensureOpen = () => openRegistering(knex);

  async function accounts(t: TournamentRow, userId: string) {
    const currency = t.currency;
    const [wallet, escrow, fees] = await Promise.all([
      ledger.walletOf(userId, currency),
      ledger.escrowOf(buyInEscrow(t.id), currency),
      ledger.escrowOf(feeEscrow(t.id), currency),
    ]);
    return { wallet, escrow, fees };
  }

  function templateOf(r: {
    id: string;
    name: string;
    currency: RoomCurrency;
    buy_in: string;
    fee: string;
    size: number;
    active: boolean;
  }): TournamentTemplate {
    return {
      id: r.id,
      name: r.name,
      currency: r.currency,
      buyIn: centsToDollars(Number(r.buy_in)),
      fee: centsToDollars(Number(r.fee)),
      size: r.size === 3 ? 3 : 6,
      active: r.active,
    };
  }

  return {
    async list(userId) {
      await ensureOpen();
      const open = await knex.raw<{ rows: TournamentRow[] }>(
        `select ${TOURNAMENT_COLUMNS} from tournaments t
          where t.status = 'registering' order by t.currency desc, t.buy_in, t.size`,
      );
      const mine =
        userId === null
          ? { rows: [] as TournamentRow[] }
          : await knex.raw<{ rows: TournamentRow[] }>(
              `select ${TOURNAMENT_COLUMNS} from tournaments t join tournament_entries e on e.tournament_id = t.id
                where e.user_id = ? and t.status <> 'registering'
                order by (t.status = 'running') desc, coalesce(t.finished_at, t.started_at, t.created_at) desc
                limit ?`,
              [userId, RECENT],
            );
      return Promise.all([...open.rows, ...mine.rows].map((t) => summary(knex, t, userId)));
    },

    async details(id, userId) {
      const t = await row(knex, id);
      if (!t) throw new SvaraError('not_found', `tournament ${id}`);
      const list = await entries(knex, id);
      const base = summaryOf(t, list.length, list.find((e) => e.user_id === userId) ?? null);
      return {
        ...base,
        players: list.map((e) => ({ playerId: e.user_id, username: e.username ?? null })),
        results: list
          .filter((e) => e.place !== null)
          .sort((a, b) => a.place! - b.place!)
          .map((e) => ({
            place: e.place!,
            playerId: e.user_id,
            username: e.username ?? null,
            prize: centsToDollars(Number(e.prize ?? 0)),
          })),
      };
    },

    async register(userId, id, options = {}) {
      const found = await row(knex, id);
      if (!found) throw new SvaraError('not_found', `tournament ${id}`);
      const house = options.house === true && found.currency === 'chips';
      if (!house) {
        // Registering puts money in play: the same gates as a seat (player protection, suspension).
        await deps.suspension?.assertActive(userId);
        // A dollar Sit & Go's buy-in and fee are the most it can cost: refused if that could pass a
        // loss limit (play chips are not money and count toward none).
        const atRisk = found.currency === 'usd' ? Number(found.buy_in) + Number(found.fee) : 0;
        await deps.protection?.assertCanPlay(userId, atRisk);
        if (deps.seatOf?.(userId)) throw new SvaraError('tournament_elsewhere', 'seated at a table');
        if (found.currency === 'chips') await deps.chips?.status(userId);
      }
      const acc = await accounts(found, userId);
      let filled = false;
      const result = await knex
        .transaction(async (trx) => {
          const t = (await row(trx, id, true))!;
          const list = await entries(trx, id);
          // A second tap, or a second tab: already registered, nothing moves again.
          if (list.some((e) => e.user_id === userId && e.active)) return summary(trx, t, userId);
          if (t.status !== 'registering') throw new SvaraError('tournament_started', t.status);
          if (list.length >= t.size) throw new SvaraError('tournament_full');
          const registration = randomUUID();
          await trx.raw(
            `insert into tournament_entries (tournament_id, user_id, registration_id) values (?, ?, ?)`,
            [id, userId, registration],
          );
          const meta = { tournamentId: id, userId };
          await postInside(trx, [
            {
              idempotencyKey: `tourney:${id}:reg:${registration}:buyin`,
              debitAccountId: acc.wallet,
              creditAccountId: acc.escrow,
              amount: Number(t.buy_in),
              reason: 'tournament_buyin',
              metadata: meta,
            },
            {
              idempotencyKey: `tourney:${id}:reg:${registration}:fee`,
              debitAccountId: acc.wallet,
              creditAccountId: acc.fees,
              amount: Number(t.fee),
              reason: 'tournament_fee',
              metadata: meta,
            },
          ]);
          filled = list.length + 1 === t.size;
          return summary(trx, t, userId);
        })
        .catch((error: unknown) => {
          // The one-active-entry index: registered for another Sit & Go meanwhile (another tab).
          if ((error as { code?: unknown }).code === UNIQUE_VIOLATION)
            throw new SvaraError('tournament_elsewhere', 'registered for another Sit & Go');
          throw error;
        });
      if (filled) for (const listener of fullListeners) listener(id);
      else if (!house) for (const listener of registeredListeners) listener(id, found.currency);
      return result;
    },

    async unregister(userId, id) {
      const found = await row(knex, id);
      if (!found) throw new SvaraError('not_found', `tournament ${id}`);
      const acc = await accounts(found, userId);
      return knex.transaction(async (trx) => {
        const t = (await row(trx, id, true))!;
        const mine = (await entries(trx, id)).find((e) => e.user_id === userId);
        if (!mine) throw new SvaraError('not_registered');
        if (t.status !== 'registering') throw new SvaraError('tournament_started', t.status);
        await trx.raw(`delete from tournament_entries where tournament_id = ? and user_id = ?`, [id, userId]);
        const meta = { tournamentId: id, userId };
        const key = `tourney:${id}:unreg:${mine.registration_id}`;
        await postInside(trx, [
          {
            idempotencyKey: `${key}:buyin`,
            debitAccountId: acc.escrow,
            creditAccountId: acc.wallet,
            amount: Number(t.buy_in),
            reason: 'tournament_unregister',
            metadata: meta,
          },
          {
            idempotencyKey: `${key}:fee`,
            debitAccountId: acc.fees,
            creditAccountId: acc.wallet,
            amount: Number(t.fee),
            reason: 'tournament_unregister',
            metadata: meta,
          },
        ]);
        return summary(trx, t, userId);
      });
    },

    ensureOpen,

    async templates() {
      const r = await knex.raw<{ rows: Parameters<typeof templateOf>[0][] }>(
        `select * from tournament_templates order by currency desc, buy_in, size`,
      );
      return r.rows.map(templateOf);
    },

    async saveTemplate(id, input) {
      if (!/^[a-z0-9-]{1,32}$/.test(id)) throw new SvaraError('validation_failed', 'template id');
      const t = tournamentTemplateInputSchema.parse(input);
      const r = await knex.raw<{ rows: Parameters<typeof templateOf>[0][] }>(
        `insert into tournament_templates (id, name, currency, buy_in, fee, size, active) values (?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update set name = excluded.name, currency = excluded.currency, buy_in = excluded.buy_in,
           fee = excluded.fee, size = excluded.size, active = excluded.active
         returning *`,
        [id, t.name, t.currency, dollarsToCents(t.buyIn), dollarsToCents(t.fee), t.size, t.active],
      );
      // The Sit & Go already registering keeps its terms (its players paid them); the next takes these.
      // A template switched off stops offering: its empty registering Sit & Go goes.
      if (!t.active) {
        await knex.raw(
          `update tournaments set status = 'cancelled', finished_at = now()
            where template_id = ? and status = 'registering'
              and not exists (select 1 from tournament_entries e where e.tournament_id = tournaments.id)`,
          [id],
        );
      }
      await ensureOpen();
      return templateOf(r.rows[0]!);
    },

    async isEntered(userId) {
      const r = await knex.raw<{ rows: unknown[] }>(
        `select 1 from tournament_entries where user_id = ? and active limit 1`,
        [userId],
      );
      return r.rows.length > 0;
    },

    onFull(listener) {
      fullListeners.push(listener);
    },

    onRegistered(listener) {
      registeredListeners.push(listener);
    },
  };
}
