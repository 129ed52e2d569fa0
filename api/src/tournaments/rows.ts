/** What the database holds of Sit & Go's (migration 20261203000000) and how a summary is made of it. */
import {
  centsToDollars,
  prizeTable,
  TOURNAMENT_HANDS_PER_LEVEL,
  TOURNAMENT_STARTING_ANTE,
  TOURNAMENT_STARTING_CHIPS,
  type Cents,
  type RoomCurrency,
  type TournamentStatus,
  type TournamentSummary,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';

/** Tournament chips and antes in minor units (a chip counts like a dollar: 100). */
export const STARTING_STACK: Cents = TOURNAMENT_STARTING_CHIPS * 100;
export const STARTING_ANTE: Cents = TOURNAMENT_STARTING_ANTE * 100;

export type TournamentRow = {
  id: string;
  template_id: string;
  name: string;
  currency: RoomCurrency;
  buy_in: string;
  fee: string;
  size: number;
  status: TournamentStatus;
  room_id: string | null;
  prize_pool: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export type EntryRow = {
  tournament_id: string;
  user_id: string;
  registration_id: string;
  seat: number | null;
  place: number | null;
  prize: string | null;
  refund: string | null;
  active: boolean;
  username?: string | null;
};

export const TOURNAMENT_COLUMNS = `t.id, t.template_id, t.name, t.currency, t.buy_in, t.fee, t.size, t.status,
  t.room_id, t.prize_pool, t.created_at, t.started_at, t.finished_at`;

/** The escrow holding a Sit & Go's buy-ins (dollars: a hand_escrow; chips: a chip_escrow). */
export const buyInEscrow = (id: string) => `tourney:${id}`;
/** The escrow holding the fees until the start (then they are the house's). */
export const feeEscrow = (id: string) => `tourney-fee:${id}`;

/** The sum of the buy-ins once full: what the prizes are paid from (RULES §9). */
export function poolOf(t: Pick<TournamentRow, 'buy_in' | 'size'>): Cents {
  return Number(t.buy_in) * t.size;
}

export function prizesOf(t: Pick<TournamentRow, 'buy_in' | 'size'>): Cents[] {
  return prizeTable(poolOf(t), t.size);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function summaryOf(t: TournamentRow, registered: number, mine: EntryRow | null): TournamentSummary {
  const $ = centsToDollars;
  return {
    id: t.id,
    templateId: t.template_id,
    kind: 'sit_and_go',
    name: t.name,
    currency: t.currency,
    buyIn: $(Number(t.buy_in)),
    fee: $(Number(t.fee)),
    size: t.size === 3 ? 3 : 6,
    registeredCount: registered,
    registered: mine !== null,
    status: t.status,
    prizePool: $(poolOf(t)),
    prizes: prizesOf(t).map($),
    anteSchedule: { start: TOURNAMENT_STARTING_ANTE, handsPerLevel: TOURNAMENT_HANDS_PER_LEVEL },
    startingChips: TOURNAMENT_STARTING_CHIPS,
    roomId: t.room_id,
    myPlace: mine?.place ?? null,
    myPrize: mine?.place == null ? null : $(Number(mine.prize ?? 0)),
    createdAt: iso(t.created_at)!,
    startedAt: iso(t.started_at),
    finishedAt: iso(t.finished_at),
  };
}

/**
 * Opens a registering Sit & Go for each active offer that has none (or only for `templateId`): the
 * next one opens as soon as the last starts or is cancelled. A second one is never made (the
 * partial unique key on a template's registering row).
 */
export async function openRegistering(db: Knex | Knex.Transaction, templateId?: string): Promise<void> {
  await db.raw(
    `insert into tournaments (id, template_id, name, currency, buy_in, fee, size)
     select gen_random_uuid(), id, name, currency, buy_in, fee, size from tournament_templates
      where active${templateId === undefined ? '' : ' and id = ?'}
     on conflict (template_id) where status = 'registering' do nothing`,
    templateId === undefined ? [] : [templateId],
  );
}
