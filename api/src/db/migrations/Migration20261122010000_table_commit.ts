import { Migration } from '@mikro-orm/migrations';

/**
 * table_commit: what several tables' actions write, as one statement and one transaction. The tables
 * each wait for their own write before they go on, so while one write is under way the next ones
 * gather, and a busy server sends them together: one round trip, one commit, one flush of the log
 * for the lot, instead of one each.
 *
 * It posts the transfers through ledger_post (its locking and checks unchanged), checks that every
 * escrow whose hand ended is empty (SV003, DETAIL: the account id), and writes the hand rows:
 * a row with a state is inserted or updated, a row without one only changes its status. With
 * p_lazy the transaction commits without waiting for the log to reach the disk (see hand-store.ts).
 * Any failure leaves nothing of the batch; the caller then writes each part alone.
 *
 * A hand's state is written after every action and read back only after a restart, never queried
 * inside. So it becomes `json` (checked and stored as sent) rather than `jsonb` (rebuilt into a
 * binary tree on every write), compressed with lz4 where the server has it (far cheaper than the
 * default pglz for a few KB written hundreds of times a second).
 *
 * Exported as this migration creates it: the hand_steps migration restores it on the way down.
 */
export const TABLE_COMMIT_WITHOUT_STEPS = `
      create function table_commit(
        p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[],
        p_settled bigint[], p_rows json, p_lazy boolean
      ) returns void language plpgsql as $$
      declare
        v_unsettled bigint;
      begin
        if p_lazy then
          perform set_config('synchronous_commit', 'off', true);
        end if;

        if cardinality(p_keys) > 0 then
          perform 1 from ledger_post(p_keys, p_debits, p_credits, p_amounts, p_reasons, p_metadata);
        end if;

        if cardinality(p_settled) > 0 then
          select id into v_unsettled from accounts where id = any(p_settled) and balance <> 0 order by id limit 1;
          if v_unsettled is not null then
            raise exception 'escrow % is not empty after its hand', v_unsettled
              using errcode = 'SV003', detail = v_unsettled::text;
          end if;
        end if;

        -- The rows are read out of p_rows once (materialized) for both the upsert and the update.
        with r as materialized (
          select * from json_to_recordset(p_rows) as r(room_id uuid, hand_number integer, state json, status text)
        ), written as (
          insert into hands (id, room_id, hand_number, state, status, finished_at)
          select gen_random_uuid(), r.room_id, r.hand_number, r.state, r.status,
                 case when r.status = 'running' then null else now() end
            from r
           where r.state is not null
          on conflict (room_id, hand_number) do update
            set state = excluded.state, status = excluded.status, updated_at = now(),
                finished_at = case when excluded.status = 'running' then null
                                   else coalesce(hands.finished_at, now()) end
        )
        update hands h
           set status = r.status, updated_at = now(),
               finished_at = case when r.status = 'running' then null else coalesce(h.finished_at, now()) end
          from r
         where r.state is null and h.room_id = r.room_id and h.hand_number = r.hand_number;
      end $$;`;

export class Migration20261122010000_table_commit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table hands alter column state type json using state::json;`);
    this.addSql(`
      do $$
      begin
        if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
          alter table hands alter column state set compression lz4;
        end if;
      end $$;`);
    this.addSql(TABLE_COMMIT_WITHOUT_STEPS);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table hands alter column state set compression default;`);
    this.addSql(`alter table hands alter column state type jsonb using state::jsonb;`);
    this.addSql(
      'drop function table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, boolean);',
    );
  }
}
