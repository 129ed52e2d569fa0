import { Migration } from '@mikro-orm/migrations';

/**
 * Practice tables (RULES §8): play chips beside dollars, never mixed with them.
 *
 * - accounts: chip_wallet (a player's chips), chip_escrow (a practice hand's pot), chip_house (the
 *   5 % share taken in chips) and chip_bank (where free chips come from; it goes negative as chips are
 *   handed out, like the faucet). Chip accounts are kinds of their own, so every dollar figure that
 *   reads player_wallet, hand_escrow or house leaves chips out by construction.
 * - ledger_post refuses a transfer between a chip account and a dollar account (SV003), and keeps
 *   chip wallets and escrows from going negative, like their dollar twins.
 * - rooms.currency: 'usd' or 'chips'; rooms.house_kept: a public practice table the house keeps open;
 *   rooms.table_number: a number of its own for every room, from which a practice table's house
 *   players' ids are made (core's housePlayersOf), so no two tables ever seat the same one.
 * - users.is_house: a house player (negative ids, never a Telegram id); users.chips_topped_up_at: the
 *   last top-up, so two taps or two tabs top up once.
 */
export class Migration20261202000000_practice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table accounts drop constraint accounts_kind_check;`);
    this.addSql(`
      alter table accounts add constraint accounts_kind_check check (kind in ('player_wallet', 'player_referral',
        'hand_escrow', 'house', 'deposits', 'withdrawals', 'faucet', 'referral_payouts', 'withdrawal_hold',
        'chip_wallet', 'chip_escrow', 'chip_house', 'chip_bank'));`);
    this.addSql(`alter table accounts drop constraint accounts_balance_non_negative;`);
    this.addSql(`
      alter table accounts add constraint accounts_balance_non_negative
        check (kind not in ('player_wallet', 'player_referral', 'hand_escrow', 'withdrawal_hold',
          'chip_wallet', 'chip_escrow') or balance >= 0);`);
    this.addSql(`alter table accounts drop constraint accounts_player_has_owner;`);
    this.addSql(`
      alter table accounts add constraint accounts_player_has_owner
        check ((kind in ('player_wallet', 'player_referral', 'chip_wallet')) = (owner_id is not null));`);
    this.addSql(`alter table accounts drop constraint accounts_escrow_has_reference;`);
    this.addSql(`
      alter table accounts add constraint accounts_escrow_has_reference
        check (kind not in ('hand_escrow', 'chip_escrow') or reference is not null);`);

    this.addSql(`
      create or replace function ledger_post(
        p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[]
      ) returns setof transfers language plpgsql as $$
      declare
        v_posted integer;
        v_ids bigint[];
        v_deltas bigint[];
        v_chips boolean[];
        v_account record;
        v_i integer;
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
        -- first one overdrawn is the lowest id. Each account's unit is noted on the way.
        v_chips := array_fill(false, array[cardinality(v_ids)]);
        for v_account in
          select id, kind, balance from accounts where id = any(v_ids) order by id for no key update
        loop
          if v_account.kind in ('player_wallet', 'player_referral', 'hand_escrow', 'withdrawal_hold',
                                'chip_wallet', 'chip_escrow')
             and v_account.balance + v_deltas[array_position(v_ids, v_account.id)] < 0 then
            raise exception 'account % cannot be overdrawn', v_account.id
              using errcode = 'SV002', detail = v_account.id::text;
          end if;
          v_chips[array_position(v_ids, v_account.id)] := v_account.kind like 'chip\\_%';
        end loop;

        -- Play chips never become dollars, nor dollars chips (RULES §8).
        for v_i in 1 .. cardinality(p_debits) loop
          if v_chips[array_position(v_ids, p_debits[v_i])] <> v_chips[array_position(v_ids, p_credits[v_i])] then
            raise exception 'transfer % moves between chips and dollars', p_keys[v_i] using errcode = 'SV003';
          end if;
        end loop;

        update accounts a set balance = a.balance + n.delta
          from unnest(v_ids, v_deltas) as n(id, delta)
         where a.id = n.id and a.id = any(v_ids);
      end $$;`);

    this.addSql(`create sequence room_table_numbers;`);
    this.addSql(`
      alter table rooms
        add column table_number bigint not null default nextval('room_table_numbers'),
        add constraint rooms_table_number_unique unique (table_number),
        add column currency text not null default 'usd' check (currency in ('usd', 'chips')),
        add column house_kept boolean not null default false,
        add constraint rooms_house_kept_practice check (not house_kept or currency = 'chips');`);
    this.addSql(`
      alter table users
        add column is_house boolean not null default false,
        add column chips_topped_up_at timestamptz null,
        add constraint users_house_ids_negative check (is_house = (telegram_id < 0));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table users drop column is_house, drop column chips_topped_up_at;`);
    this.addSql(`alter table rooms drop column currency, drop column house_kept, drop column table_number;`);
    this.addSql(`drop sequence room_table_numbers;`);
  }
}
