import { Migration } from '@mikro-orm/migrations';

/**
 * ledger_post checks for an overdraw on the rows its lock statement returns, instead of in a query
 * of its own. That query filtered on `kind` as well as on the ids, and with statistics taken while
 * the table held only system accounts (a young database, before autovacuum catches up) its plan
 * read the identity index for every owned account: a hand escrow is added per hand, so each post
 * got slower with every hand ever played (about 18 ms a post at 78,000 accounts). Now the only
 * predicate is the primary key; the check itself is unchanged (the lowest overdrawn id, SV002).
 */
export class Migration20261122020000_ledger_post_lock_check extends Migration {
  override async up(): Promise<void> {
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
          if v_account.kind in ('player_wallet', 'player_referral', 'hand_escrow')
             and v_account.balance + v_deltas[array_position(v_ids, v_account.id)] < 0 then
            raise exception 'account % cannot be overdrawn', v_account.id
              using errcode = 'SV002', detail = v_account.id::text;
          end if;
        end loop;

        update accounts a set balance = a.balance + n.delta
          from unnest(v_ids, v_deltas) as n(id, delta)
         where a.id = n.id and a.id = any(v_ids);
      end $$;`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the new body does what the previous one did, with one statement less.
  }
}
