import { Migration } from '@mikro-orm/migrations';

/**
 * ledger_post: the ledger's write path as one statement (one round trip, its own transaction).
 * It records the transfers, locks the touched accounts in id order, refuses to overdraw an account
 * that holds someone's money, and applies the net balance changes. Refusals are raised with our own
 * SQLSTATEs so nothing of a refused batch stays: SV001 a key was posted before, SV002 overdraw
 * (DETAIL: the account id).
 */
export class Migration20250602000000_ledger_post extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function ledger_post(
        p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[]
      ) returns setof transfers language plpgsql as $$
      declare
        v_posted integer;
        v_ids bigint[];
        v_deltas bigint[];
        v_overdrawn bigint;
      begin
        -- First the rows: a concurrent poster of the same key waits here, then finds it taken.
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

        -- NO KEY UPDATE: the lock a balance change needs, compatible with the KEY SHARE locks that
        -- the transfer rows' foreign keys hold. Taken in id order, so two posts never deadlock here.
        perform 1 from accounts where id = any(v_ids) order by id for no key update;

        select a.id into v_overdrawn
          from accounts a join unnest(v_ids, v_deltas) as n(id, delta) on n.id = a.id
         where a.kind in ('player_wallet', 'player_referral', 'hand_escrow') and a.balance + n.delta < 0
         order by a.id limit 1;
        if v_overdrawn is not null then
          raise exception 'account % cannot be overdrawn', v_overdrawn
            using errcode = 'SV002', detail = v_overdrawn::text;
        end if;

        update accounts a set balance = a.balance + n.delta
          from unnest(v_ids, v_deltas) as n(id, delta)
         where a.id = n.id;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function ledger_post(text[], bigint[], bigint[], bigint[], text[], jsonb[]);');
  }
}
