import { Migration } from '@mikro-orm/migrations';

/**
 * Payments: deposits and withdrawals through a provider (api/src/payments).
 *
 * - payment_transactions gains what a real order needs: which provider and method, the provider's
 *   own id, the address or pay link shown, when it expires, the fee, the raw amount and asset the
 *   provider reported (TON deposits are credited at the merchant's USDT amount), the operator's
 *   decision on a withdrawal under review, and the key that makes a withdrawal request idempotent.
 *   Statuses: pending, review (a withdrawal waiting for an operator), success, canceled, expired,
 *   below_minimum. A pending deposit has no amount yet.
 * - withdrawal_hold: where a withdrawal's money waits between the request and the provider's answer.
 *   It holds players' money, so it can never go negative, like a wallet (ledger_post checks it).
 * - payment_callbacks: every provider callback id seen once, so a replayed callback changes nothing.
 * - sandbox_orders: the development merchant's own book of orders (payments/sandbox).
 * - users.withdrawal_review: an operator's flag that sends every withdrawal of the account to review.
 */
export class Migration20261125000000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table accounts drop constraint accounts_kind_check;`);
    this.addSql(`
      alter table accounts add constraint accounts_kind_check check (kind in ('player_wallet', 'player_referral',
        'hand_escrow', 'house', 'deposits', 'withdrawals', 'faucet', 'referral_payouts', 'withdrawal_hold'));`);
    this.addSql(`alter table accounts drop constraint accounts_balance_non_negative;`);
    this.addSql(`
      alter table accounts add constraint accounts_balance_non_negative
        check (kind not in ('player_wallet', 'player_referral', 'hand_escrow', 'withdrawal_hold') or balance >= 0);`);
    this.addSql(`
      create or replace function ledger_post(
  p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[]
) returns setof transfers language plpgsql as $$
declare
  v_posted integer;
  v_ids bigint[];
  v_deltas bigint[];
  v_account record;
begin
  return query
    insert into transfers (idempotency_key, debit_account_id, credit_account_id, amount, reason, metadata)
    select * from unnest(p_keys, p_debits, p_credits, p_amounts, p_reasons, p_metadata)
    on conflict (idempotency_key) do nothing
    returning *;
  get diagnostics v_posted = row_count;
  if v_posted <> cardinality(p_keys) then
    raise exception 'idempotency key already posted' using errcode = 'SV001';
  end if;

  select array_agg(id order by id), array_agg(delta order by id) into v_ids, v_deltas
    from (
      select id, sum(delta)::bigint as delta
        from (
          select d.id, -d.amount as delta from unnest(p_debits, p_amounts) as d(id, amount)
          union all
          select c.id, c.amount from unnest(p_credits, p_amounts) as c(id, amount)
        ) as moves
       group by id
    ) as net;

  -- Locked in id order (no deadlocks between posts); the rows come back in that order, so the
  -- first one overdrawn is the lowest id.
  for v_account in
    select id, kind, balance from accounts where id = any(v_ids) order by id for no key update
  loop
    if v_account.kind in ('player_wallet', 'player_referral', 'hand_escrow', 'withdrawal_hold')
       and v_account.balance + v_deltas[array_position(v_ids, v_account.id)] < 0 then
      raise exception 'account % cannot be overdrawn', v_account.id
        using errcode = 'SV002', detail = v_account.id::text;
    end if;
  end loop;

  update accounts a set balance = a.balance + n.delta
    from unnest(v_ids, v_deltas) as n(id, delta)
   where a.id = n.id and a.id = any(v_ids);
end $$;`);

    this.addSql(`alter table payment_transactions drop constraint payment_transactions_status_check;`);
    this.addSql(`
      alter table payment_transactions
        alter column amount_cents drop not null,
        add constraint payment_transactions_status_check
          check (status in ('pending', 'review', 'success', 'canceled', 'expired', 'below_minimum')),
        add column provider text not null default 'none',
        add column method text not null default 'address'
          check (method in ('address', 'invoice', 'cryptobot')),
        add column provider_order_id text null,
        add column provider_status text null,
        add column address text null,
        add column address_raw text null,
        add column memo text null,
        add column pay_url text null,
        add column expires_at timestamptz null,
        add column fee_cents bigint not null default 0 check (fee_cents >= 0),
        add column raw_amount text null,
        add column raw_asset text null,
        add column rate text null,
        add column tx_id text null,
        add column idempotency_key text null,
        add column review_reason text null,
        add column decided_by bigint null,
        add column decided_at timestamptz null,
        add column failure_reason text null,
        add column settled_at timestamptz null;`);
    this.addSql(`alter table payment_transactions alter column provider drop default;`);
    this.addSql(`
      create unique index payment_transactions_provider_order_unique
        on payment_transactions (provider, provider_order_id) where provider_order_id is not null;`);
    this.addSql(`
      create unique index payment_transactions_idempotency_unique
        on payment_transactions (user_id, idempotency_key) where idempotency_key is not null;`);
    // The reconciler and the review queue read the few open orders, never the settled millions.
    this.addSql(`
      create index payment_transactions_open_index
        on payment_transactions (created_at) where status in ('pending', 'review');`);

    this.addSql(`
      create table payment_callbacks (
        provider text not null,
        callback_id text not null,
        received_at timestamptz not null default now(),
        primary key (provider, callback_id)
      );`);

    this.addSql(`
      create table sandbox_orders (
        uid text primary key,
        kind text not null check (kind in ('deposit', 'invoice', 'withdrawal')),
        comment text not null,
        currency text not null,
        address text null,
        amount text null,
        paid_amount text null,
        status text not null,
        callback_url text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index sandbox_orders_comment_index on sandbox_orders (comment);`);

    this.addSql(`alter table users add column withdrawal_review boolean not null default false;`);
  }
}
