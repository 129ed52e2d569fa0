import { Migration } from '@mikro-orm/migrations';

/** Users, rooms, referrals, the double-entry ledger, and the hand and payment tables. */
export class Migration20250601000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table users (
        telegram_id bigint primary key,
        username text null,
        first_name text null,
        last_name text null,
        photo_url text null,
        language_code text null,
        is_premium boolean not null default false,
        wallet_address text null,
        wallet_address_raw text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint users_wallet_address_raw_unique unique (wallet_address_raw),
        constraint users_wallet_address_pair check ((wallet_address is null) = (wallet_address_raw is null))
      );`);

    this.addSql(`
      create table rooms (
        id uuid primary key,
        owner_id bigint null references users (telegram_id),
        stake_cents bigint not null check (stake_cents > 0),
        type text not null check (type in ('public', 'private')),
        password_hash text null,
        status text not null default 'open' check (status in ('open', 'closed')),
        created_at timestamptz not null default now(),
        closed_at timestamptz null,
        constraint rooms_private_has_password check ((type = 'private') = (password_hash is not null))
      );`);
    this.addSql(`create index rooms_open_idx on rooms (created_at) where status = 'open';`);

    this.addSql(`
      create table room_access (
        room_id uuid not null references rooms (id) on delete cascade,
        user_id bigint not null references users (telegram_id),
        granted_at timestamptz not null default now(),
        primary key (room_id, user_id)
      );`);

    this.addSql(`
      create table referrals (
        referred_id bigint primary key references users (telegram_id),
        referrer_id bigint not null references users (telegram_id),
        qualified boolean not null default false,
        qualified_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint referrals_not_self check (referrer_id <> referred_id)
      );`);
    this.addSql(`create index referrals_referrer_id_index on referrals (referrer_id);`);

    // The ledger: accounts and append-only transfers (see ledger/ledger.ts).
    this.addSql(`
      create table accounts (
        id bigserial primary key,
        kind text not null check (kind in ('player_wallet', 'player_referral', 'hand_escrow', 'house',
          'deposits', 'withdrawals', 'faucet', 'referral_payouts')),
        owner_id bigint null references users (telegram_id),
        reference text null,
        balance bigint not null default 0,
        created_at timestamptz not null default now(),
        constraint accounts_balance_non_negative
          check (kind not in ('player_wallet', 'player_referral', 'hand_escrow') or balance >= 0),
        constraint accounts_player_has_owner check ((kind in ('player_wallet', 'player_referral')) = (owner_id is not null)),
        constraint accounts_escrow_has_reference check (kind <> 'hand_escrow' or reference is not null)
      );`);
    // One account per (kind, owner, reference); nulls count as equal so system accounts are singletons.
    this.addSql(
      `create unique index accounts_identity_unique on accounts (kind, coalesce(owner_id, 0), coalesce(reference, ''));`,
    );

    this.addSql(`
      create table transfers (
        id bigserial primary key,
        idempotency_key text not null,
        debit_account_id bigint not null references accounts (id),
        credit_account_id bigint not null references accounts (id),
        amount bigint not null check (amount > 0),
        reason text not null,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now(),
        constraint transfers_idempotency_key_unique unique (idempotency_key),
        constraint transfers_distinct_accounts check (debit_account_id <> credit_account_id)
      );`);
    this.addSql(`create index transfers_debit_account_id_index on transfers (debit_account_id);`);
    this.addSql(`create index transfers_credit_account_id_index on transfers (credit_account_id);`);
    this.addSql(`
      create function transfers_are_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'transfers are append-only (% refused)', tg_op using errcode = 'restrict_violation';
      end $$;`);
    this.addSql(`
      create trigger transfers_no_update_delete before update or delete on transfers
        for each row execute function transfers_are_append_only();`);
    this.addSql(`
      create trigger transfers_no_truncate before truncate on transfers
        for each statement execute function transfers_are_append_only();`);

    this.addSql(`
      create table hands (
        id uuid primary key,
        room_id uuid not null references rooms (id),
        hand_number integer not null,
        state jsonb not null,
        status text not null default 'running' check (status in ('running', 'finished', 'voided')),
        started_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        finished_at timestamptz null,
        constraint hands_room_id_hand_number_unique unique (room_id, hand_number)
      );`);
    this.addSql(`create index hands_running_idx on hands (room_id) where status = 'running';`);

    this.addSql(`
      create table payment_transactions (
        id uuid primary key,
        user_id bigint not null references users (telegram_id),
        type text not null check (type in ('deposit', 'withdrawal')),
        tracker_id text not null,
        amount_cents bigint not null check (amount_cents >= 0),
        currency text not null check (currency in ('USDTTON', 'TON')),
        status text not null default 'pending' check (status in ('pending', 'success', 'canceled')),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint payment_transactions_tracker_id_unique unique (tracker_id)
      );`);
    this.addSql(
      `create index payment_transactions_user_id_created_at_index on payment_transactions (user_id, created_at);`,
    );
  }
}
