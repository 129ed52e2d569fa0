import { Migration } from '@mikro-orm/migrations';

/**
 * Player protection (api/src/protection): one table per concern.
 *   protection_agreements   every acceptance of the user agreement: the version and when (history kept)
 *   protection_limits       the player's own limits (deposit daily/weekly/monthly, loss daily/weekly,
 *                           session minutes a day, reality-check minutes), each with a pending raise
 *   protection_deposit_holds room taken by an invoice being created (a deposit in flight), so two
 *                           deposits at once cannot both pass the limit; gone once the order exists
 *   protection_deposit_overruns a payment credited above the deposit limit (the money arrived): recorded
 *   protection_exclusions   cool-offs and self-exclusions (history kept; operators only extend them)
 *   protection_sessions     seated play: from sit-down to stand-up, for the session limit and reality checks
 */
export class Migration20261129000000_protection extends Migration {
  override up(): void {
    this.addSql(`
      create table protection_agreements (
        user_id bigint not null references users (telegram_id),
        version text not null,
        accepted_at timestamptz not null default now(),
        constraint protection_agreements_pkey primary key (user_id, version)
      );`);
    this.addSql(`
      create table protection_limits (
        user_id bigint not null references users (telegram_id),
        kind text not null check (kind in ('deposit', 'loss', 'session', 'reality_check')),
        period text not null check (period in ('daily', 'weekly', 'monthly', 'session')),
        amount bigint null check (amount is null or amount >= 0),
        pending boolean not null default false,
        pending_amount bigint null check (pending_amount is null or pending_amount >= 0),
        effective_at timestamptz null,
        updated_at timestamptz not null default now(),
        constraint protection_limits_pkey primary key (user_id, kind, period),
        constraint protection_limits_pending_has_time check (not pending or effective_at is not null)
      );`);
    this.addSql(`
      create table protection_deposit_holds (
        id uuid primary key,
        user_id bigint not null references users (telegram_id),
        amount_cents bigint not null check (amount_cents > 0),
        expires_at timestamptz not null
      );`);
    this.addSql(`create index protection_deposit_holds_user on protection_deposit_holds (user_id);`);
    this.addSql(`
      create table protection_deposit_overruns (
        id bigserial primary key,
        user_id bigint not null references users (telegram_id),
        period text not null,
        limit_cents bigint not null,
        deposited_cents bigint not null,
        recorded_at timestamptz not null default now()
      );`);
    this.addSql(`create index protection_deposit_overruns_user on protection_deposit_overruns (user_id);`);
    this.addSql(`
      create table protection_exclusions (
        id bigserial primary key,
        user_id bigint not null references users (telegram_id),
        kind text not null check (kind in ('cool_off', 'self_exclusion')),
        starts_at timestamptz not null default now(),
        until timestamptz not null,
        created_by bigint not null,
        created_at timestamptz not null default now(),
        constraint protection_exclusions_ends_later check (until > starts_at)
      );`);
    this.addSql(`create index protection_exclusions_user_until on protection_exclusions (user_id, until);`);
    this.addSql(`
      create table protection_sessions (
        id bigserial primary key,
        user_id bigint not null references users (telegram_id),
        room_id uuid null,
        started_at timestamptz not null default now(),
        ended_at timestamptz null,
        constraint protection_sessions_ends_later check (ended_at is null or ended_at >= started_at)
      );`);
    this.addSql(`create index protection_sessions_user on protection_sessions (user_id, started_at);`);
    this.addSql(
      `create unique index protection_sessions_one_open on protection_sessions (user_id) where ended_at is null;`,
    );
    // The period sums of deposits read credited deposits by their settling time.
    this.addSql(
      `create index payment_transactions_user_settled on payment_transactions (user_id, settled_at) where type = 'deposit' and status = 'success';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists payment_transactions_user_settled;`);
    this.addSql(`drop table if exists protection_sessions;`);
    this.addSql(`drop table if exists protection_exclusions;`);
    this.addSql(`drop table if exists protection_deposit_overruns;`);
    this.addSql(`drop table if exists protection_deposit_holds;`);
    this.addSql(`drop table if exists protection_limits;`);
    this.addSql(`drop table if exists protection_agreements;`);
  }
}
