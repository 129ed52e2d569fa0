import { Migration } from '@mikro-orm/migrations';

/**
 * Sit & Go tournaments (RULES §9).
 *
 * - tournament_templates: the offers operators configure (buy-in and fee in minor units of the
 *   currency, size 3 or 6, 'usd' or play 'chips'); an active template always has one Sit & Go
 *   registering. Seeded with $1 + $0.10, $5 + $0.50, $20 + $2 and a free one in play chips.
 * - tournaments: one Sit & Go, its copy of the template's terms, status, table (room_id) and times.
 *   At most one registering per template.
 * - tournament_entries: who registered (their registration id names its ledger transfers), their seat,
 *   and their place and prize. `active` holds while the player is registered or still playing: one
 *   active entry per player (a player is in one Sit & Go at a time).
 *
 * Money (ledger accounts, created on first use): the buy-ins in the escrow `tourney:<id>`, the fees in
 * `tourney-fee:<id>` until the start (then the house's), each player's tournament chips in the play-chip
 * escrow `tstack:<id>:<player>` from the chip bank. Dollars sit in hand_escrow accounts, chips in
 * chip_escrow ones, so the loss-limit and owed-to-players figures count them as they count a hand's.
 */
export class Migration20261203000000_tournaments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table tournament_templates (
        id text primary key,
        name text not null,
        currency text not null check (currency in ('usd', 'chips')),
        buy_in bigint not null check (buy_in >= 0),
        fee bigint not null check (fee >= 0),
        size int not null check (size in (3, 6)),
        active boolean not null default true,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      insert into tournament_templates (id, name, currency, buy_in, fee, size) values
        ('usd-1', 'Sit & Go Bronze', 'usd', 100, 10, 6),
        ('usd-5', 'Sit & Go Silver', 'usd', 500, 50, 6),
        ('usd-20', 'Sit & Go Gold', 'usd', 2000, 200, 6),
        ('chips-free', 'Free Sit & Go', 'chips', 10000, 0, 3);`);
    this.addSql(`
      create table tournaments (
        id uuid primary key,
        template_id text not null references tournament_templates (id),
        name text not null,
        currency text not null check (currency in ('usd', 'chips')),
        buy_in bigint not null,
        fee bigint not null,
        size int not null check (size in (3, 6)),
        status text not null default 'registering'
          check (status in ('registering', 'running', 'finished', 'cancelled')),
        room_id uuid null unique references rooms (id),
        prize_pool bigint not null default 0,
        created_at timestamptz not null default now(),
        started_at timestamptz null,
        finished_at timestamptz null,
        cancelled_by text null
      );`);
    this.addSql(`
      create unique index tournaments_one_registering on tournaments (template_id)
        where status = 'registering';`);
    this.addSql(`create index tournaments_status on tournaments (status, created_at);`);
    this.addSql(`
      create table tournament_entries (
        tournament_id uuid not null references tournaments (id),
        user_id bigint not null references users (telegram_id),
        registration_id uuid not null unique,
        registered_at timestamptz not null default now(),
        seat int null,
        place int null,
        prize bigint null,
        refund bigint null,
        active boolean not null default true,
        primary key (tournament_id, user_id)
      );`);
    this.addSql(
      `create unique index tournament_entries_one_active on tournament_entries (user_id) where active;`,
    );
    this.addSql(`create index tournament_entries_user on tournament_entries (user_id, registered_at desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table tournament_entries;`);
    this.addSql(`drop table tournaments;`);
    this.addSql(`drop table tournament_templates;`);
  }
}
