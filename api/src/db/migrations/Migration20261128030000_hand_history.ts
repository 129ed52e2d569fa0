import { Migration } from '@mikro-orm/migrations';

/**
 * Hand history: what "My hands", GET /api/v1/hands and the replay read.
 *
 * The hand store keeps a running hand as its first state plus steps, and when the hand ends writes
 * the final state over the first one and deletes the steps (hand_steps migration). A replay needs
 * both, so they are kept here by triggers rather than by new arguments to table_commit: the runtime's
 * write path (table_commit, hand-store.ts, hand-rows.ts) stays exactly as it is, whoever changes it
 * next, and each trigger costs one small insert per hand (or per step, once, when the hand ends).
 *
 * - hands.start_state: the state the row was first inserted with (the deal: start_hand's result).
 *   A later upsert of the same hand never names this column, so it keeps the deal.
 * - hand_step_log: every step the store deletes (the hand ended, or its state was written whole
 *   again), in the order they were applied (seq). The replay applies them onto start_state.
 * - hand_players: one row per dealt player of each finished hand, the per-player index "My hands"
 *   pages through: primary key (user_id, finished_at, hand_id) serves `where user_id = ? and
 *   (finished_at, hand_id) < cursor order by finished_at desc, hand_id desc limit n` as one backward
 *   index range scan, whatever the number of hands. No foreign key to users: the players of a hand
 *   are users already (they sat through the ledger), and the check would cost every finished hand a
 *   lookup per player.
 */
export class Migration20261128030000_hand_history extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table hands add column start_state json null;`);
    this.addSql(`
      do $$
      begin
        if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
          alter table hands alter column start_state set compression lz4;
        end if;
      end $$;`);
    this.addSql(`
      create function hand_history_keep_start() returns trigger language plpgsql as $$
      begin
        new.start_state := new.state;
        return new;
      end $$;`);
    this.addSql(`
      create trigger hands_keep_start before insert on hands
        for each row execute function hand_history_keep_start();`);

    this.addSql(`
      create table hand_step_log (
        room_id uuid not null,
        hand_number integer not null,
        seq bigint generated always as identity,
        step integer not null,
        action json not null,
        at bigint not null,
        constraint hand_step_log_pkey primary key (room_id, hand_number, seq),
        constraint hand_step_log_hand_fkey foreign key (room_id, hand_number)
          references hands (room_id, hand_number) on delete cascade
      );`);
    this.addSql(`
      create function hand_history_log_steps() returns trigger language plpgsql as $$
      begin
        -- Steps deleted with their hand (a cascade) have no hand left to belong to.
        insert into hand_step_log (room_id, hand_number, step, action, at)
        select g.room_id, g.hand_number, g.step, g.action, g.at
          from gone g
         where exists (select 1 from hands h where h.room_id = g.room_id and h.hand_number = g.hand_number)
         order by g.room_id, g.hand_number, g.step;
        return null;
      end $$;`);
    this.addSql(`
      create trigger hand_steps_log after delete on hand_steps
        referencing old table as gone
        for each statement execute function hand_history_log_steps();`);

    this.addSql(`
      create table hand_players (
        user_id bigint not null,
        hand_id uuid not null references hands (id) on delete cascade,
        finished_at timestamptz not null,
        constraint hand_players_pkey primary key (user_id, finished_at, hand_id)
      );`);
    this.addSql(`create index hand_players_hand_idx on hand_players (hand_id);`);
    this.addSql(`
      create function hand_history_index_players() returns trigger language plpgsql as $$
      begin
        insert into hand_players (user_id, hand_id, finished_at)
        select (p ->> 'playerId')::bigint, new.id, coalesce(new.finished_at, now())
          from json_array_elements(coalesce(new.state -> 'hand' -> 'players', '[]'::json)) as p
         where p ->> 'playerId' ~ '^[0-9]{1,18}$'
        on conflict do nothing;
        return null;
      end $$;`);
    this.addSql(`
      create trigger hands_index_players_insert after insert on hands
        for each row when (new.status = 'finished')
        execute function hand_history_index_players();`);
    this.addSql(`
      create trigger hands_index_players_update after update of status on hands
        for each row when (new.status = 'finished' and old.status <> 'finished')
        execute function hand_history_index_players();`);

    // Hands finished before this migration: indexed too (their replay is the final state alone).
    this.addSql(`
      insert into hand_players (user_id, hand_id, finished_at)
      select (p ->> 'playerId')::bigint, h.id, coalesce(h.finished_at, h.updated_at)
        from hands h, json_array_elements(coalesce(h.state -> 'hand' -> 'players', '[]'::json)) as p
       where h.status = 'finished' and p ->> 'playerId' ~ '^[0-9]{1,18}$'
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger hands_index_players_update on hands;');
    this.addSql('drop trigger hands_index_players_insert on hands;');
    this.addSql('drop function hand_history_index_players();');
    this.addSql('drop table hand_players;');
    this.addSql('drop trigger hand_steps_log on hand_steps;');
    this.addSql('drop function hand_history_log_steps();');
    this.addSql('drop table hand_step_log;');
    this.addSql('drop trigger hands_keep_start on hands;');
    this.addSql('drop function hand_history_keep_start();');
    this.addSql('alter table hands drop column start_state;');
  }
}
