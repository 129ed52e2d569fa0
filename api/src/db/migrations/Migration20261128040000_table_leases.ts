import { Migration } from '@mikro-orm/migrations';

/**
 * One owner per table across api nodes (realtime/cluster/table-lease.ts). A node runs a room's table
 * only while it holds the room's lease: a row that names the node and expires unless renewed. Every
 * acquisition (a first one, or a takeover of an expired lease) adds one to `token`, the fencing
 * token: the table's writes carry the token they were made under, and table_commit refuses them
 * (SV004) once the lease has a newer one, so a node that lost a table can never write for it again.
 *
 * table_commit takes the tokens as a new argument (p_fences: [{room_id, token}]); the lease rows are
 * locked (share) for the transaction, so a takeover waits for a commit under way and the commit
 * after it sees the new token. Rooms without a fence in the call are not checked (one node, no
 * leases).
 */
const fenceCheck = (lock: FenceLock) => `
    if json_array_length(p_fences) > 0 then
      perform 1 from table_leases l
        where l.room_id in (select f.room_id from json_to_recordset(p_fences) as f(room_id uuid, token bigint))
        order by l.room_id for ${lock};
      select f.room_id into v_lost
        from json_to_recordset(p_fences) as f(room_id uuid, token bigint)
        left join table_leases l on l.room_id = f.room_id
       where l.token is distinct from f.token
       limit 1;
      if v_lost is not null then
        raise exception 'table % is owned by another node', v_lost
          using errcode = 'SV004', detail = v_lost::text;
      end if;
    end if;

`;

/** How table_commit locks the lease rows it checks (Migration20261130010000_lease_key_share). */
export type FenceLock = 'share' | 'key share';

/**
 * How table_commit finds the steps of the hands whose rows it writes: by a join with the call's rows
 * alone, which the planner makes a scan of every running hand's steps, or through the key's index
 * first (Migration20261205000000_steps_by_index).
 */
export type StepsLookup = 'join' | 'index';

const stepsOfRows = (lookup: StepsLookup) =>
  lookup === 'index'
    ? `delete from hand_steps s using r
       where s.room_id = any(array(select r.room_id from r))
         and s.room_id = r.room_id and s.hand_number = r.hand_number;`
    : `delete from hand_steps s using r where s.room_id = r.room_id and s.hand_number = r.hand_number;`;

/** table_commit with the fencing check (`fenced`), or as Migration20261122030000_hand_steps made it. */
export const tableCommit = (fenced: boolean, lock: FenceLock = 'share', steps: StepsLookup = 'join') => `
  create function table_commit(
    p_keys text[], p_debits bigint[], p_credits bigint[], p_amounts bigint[], p_reasons text[], p_metadata jsonb[],
    p_settled bigint[], p_rows json, p_steps json, p_lazy boolean${fenced ? ', p_fences json' : ''}
  ) returns void language plpgsql as $$
  declare
    v_unsettled bigint;
    v_lost uuid;
  begin
    if p_lazy then
      perform set_config('synchronous_commit', 'off', true);
    end if;

${fenced ? fenceCheck(lock) : ''}    if cardinality(p_keys) > 0 then
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
      ${stepsOfRows(steps)}
    end if;
  end $$;`;

export class Migration20261128040000_table_leases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table table_leases (
        room_id uuid primary key references rooms (id) on delete cascade,
        node_id text not null,
        token bigint not null check (token > 0),
        expires_at timestamptz not null
      );`);
    this.addSql('create index table_leases_node_idx on table_leases (node_id);');
    this.addSql(
      'drop function table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, json, boolean);',
    );
    this.addSql(tableCommit(true));
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop function table_commit(text[], bigint[], bigint[], bigint[], text[], jsonb[], bigint[], json, json, boolean, json);',
    );
    this.addSql('drop table table_leases;');
    this.addSql(tableCommit(false));
  }
}
