import { Migration } from '@mikro-orm/migrations';
import { TABLE_COMMIT_WITHOUT_STEPS } from './Migration20261122010000_table_commit.js';

/**
 * A running hand is persisted as its state when it begins plus each action applied since (its
 * steps), instead of its whole state again after every action: a step is ~100 bytes where the state
 * is 3–5 KB (seats, players, the hand's log), which PostgreSQL checked as JSON twice, compressed and
 * rewrote with its indexes for every move. After a restart the steps are replayed onto the stored
 * state (hand-store.ts). The state is written whole when the hand ends, and its steps are deleted
 * then: the final state holds the hand's whole log.
 *
 * table_commit takes the steps as a new argument (p_steps). Every hand row it writes now carries a
 * state (a hand that ends, by a svara too, or is voided is written as it was then), so the update
 * of a row's status alone goes.
 */
export class Migration20261122030000_hand_steps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table hand_steps (
        room_id uuid not null,
        hand_number integer not null,
        step integer not null check (step > 0),
        action json not null,
        at bigint not null,
        constraint hand_steps_pkey primary key (room_id, hand_number, step),
        constraint hand_steps_hand_fkey foreign key (room_id, hand_number)
          references hands (room_id, hand_number) on delete cascade
      );`);
    this.addSql(
      'drop function table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, boolean);',
    );
    this.addSql(`
      create function table_commit(
        p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[],
        p_settled bigint[], p_rows json, p_steps json, p_lazy boolean
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

        -- Steps first: a state of the same hand written in this call comes after them.
        if json_array_length(p_steps) > 0 then
          insert into hand_steps (room_id, hand_number, step, action, at)
          select s.room_id, s.hand_number, s.step, s.action, s.at
            from json_to_recordset(p_steps) as s(room_id uuid, hand_number integer, step integer, action json, at bigint);
        end if;

        if json_array_length(p_rows) > 0 then
          with r as materialized (
            select * from json_to_recordset(p_rows) as r(room_id uuid, hand_number integer, state json, status text)
          ), written as (
            insert into hands (id, room_id, hand_number, state, status, finished_at)
            select gen_random_uuid(), r.room_id, r.hand_number, r.state, r.status,
                   case when r.status = 'running' then null else now() end
              from r
            on conflict (room_id, hand_number) do update
              set state = excluded.state, status = excluded.status, updated_at = now(),
                  finished_at = case when excluded.status = 'running' then null
                                     else coalesce(hands.finished_at, now()) end
          )
          -- A state written whole replaces the hand's steps so far (a hand that ended keeps its
          -- final state, which holds its whole log).
          delete from hand_steps s using r where s.room_id = r.room_id and s.hand_number = r.hand_number;
        end if;

      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop function table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, json, boolean);',
    );
    this.addSql('drop table hand_steps;');
    this.addSql(TABLE_COMMIT_WITHOUT_STEPS);
  }
}
