import { Migration } from '@mikro-orm/migrations';

/**
 * ledger_post's overdraw check, planned for a growing accounts table. PL/pgSQL caches a generic plan
 * for it after a few calls; with the touched ids only in a joined unnest(), that plan scanned every
 * owned account (wallets, and an escrow per hand ever played) and hashed them. The check now names
 * the ids directly (`id = any(...)`), so every plan is a primary-key lookup of the few accounts a
 * batch touches. Everything else is as in the first version.
 */
export class Migration20261122000000_ledger_post_plans extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace function ledger_post(
        p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[]
      ) returns setof transfers language plpgsql as $$
      declare
        v_posted integer;
        v_ids bigint[];
        v_deltas bigint[];
        v_overdrawn bigint;
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

        perform 1 from accounts where id = any(v_ids) order by id for no key update;

        select a.id into v_overdrawn
          from accounts a join unnest(v_ids, v_deltas) as n(id, delta) on n.id = a.id
         where a.id = any(v_ids)
           and a.kind in ('player_wallet', 'player_referral', 'hand_escrow') and a.balance + n.delta < 0
         order by a.id limit 1;
        if v_overdrawn is not null then
          raise exception 'account % cannot be overdrawn', v_overdrawn
            using errcode = 'SV002', detail = v_overdrawn::text;
        end if;

        update accounts a set balance = a.balance + n.delta
          from unnest(v_ids, v_deltas) as n(id, delta)
         where a.id = n.id and a.id = any(v_ids);
      end $$;`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the new body does exactly what the old one did, with better plans.
  }
}
