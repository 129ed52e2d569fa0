import { Migration } from '@mikro-orm/migrations';

/**
 * Provable fairness (RULES §7). `hand_fairness`: one record a finished (or voided) hand,
 * built from its committed final state (api/src/fairness/chain.ts): the revealed seed, the client
 * seeds mixed in, the deal's hash and the hash chain (each record names the hash of its room's
 * previous one). Append-only: a trigger refuses updates and deletes, so a record is never rewritten
 * in place. `fairness_digests`: one digest a day of every chain's head, published (logged and served)
 * once the day is over.
 */
export class Migration20261128020000_fairness extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table hand_fairness (
        hand_id uuid primary key references hands (id),
        room_id uuid not null,
        hand_number integer not null,
        status text not null check (status in ('finished', 'voided')),
        svara boolean not null,
        commitment text not null,
        server_seed text not null,
        client_seed text not null,
        player_seeds jsonb not null,
        deal_order jsonb not null,
        deal_hash text not null,
        shown jsonb not null,
        prev_hash text not null,
        record_hash text not null,
        finished_at timestamptz not null,
        recorded_at timestamptz not null default now(),
        constraint hand_fairness_room_hand_unique unique (room_id, hand_number)
      );`);
    this.addSql('create index hand_fairness_recorded_idx on hand_fairness (recorded_at);');
    // The sweep (fairness/chain.ts) looks for hands ended lately and not chained: without this it
    // would read the whole hands table every round.
    this.addSql(`create index hands_ended_at_idx on hands (finished_at) where status <> 'running';`);
    this.addSql(`
      create function hand_fairness_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'hand_fairness is append-only';
      end $$;`);
    this.addSql(`
      create trigger hand_fairness_append_only before update or delete on hand_fairness
        for each row execute function hand_fairness_append_only();`);
    this.addSql(`
      create table fairness_digests (
        day date primary key,
        digest text not null,
        chains integer not null,
        hands integer not null,
        heads jsonb not null,
        published_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table fairness_digests;');
    this.addSql('drop table hand_fairness;');
    this.addSql('drop index hands_ended_at_idx;');
    this.addSql('drop function hand_fairness_append_only();');
  }
}
