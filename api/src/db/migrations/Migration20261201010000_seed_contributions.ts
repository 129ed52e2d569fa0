import { Migration } from '@mikro-orm/migrations';

/**
 * The players' contributions to each table's next client seed (RULES §7, FAIRNESS.md §6,
 * realtime/seed-contributions.ts): taken only while the table shows that hand's commitment, and kept
 * here so that a restart, another node taking the room over, or the player standing up and sitting
 * down again before the deal still mixes them in. One row a player a hand; a room's rows for hands
 * before the one being contributed to are removed as the next ones come in.
 */
export class Migration20261201010000_seed_contributions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table seed_contributions (
        room_id uuid not null references rooms (id) on delete cascade,
        hand_number integer not null check (hand_number > 0),
        user_id bigint not null,
        seed text not null check (seed ~ '^[\\x21-\\x39\\x3b-\\x7e]{1,64}$'),
        commitment text null check (commitment ~ '^[0-9a-f]{64}$'),
        received_at timestamptz not null default now(),
        constraint seed_contributions_pkey primary key (room_id, hand_number, user_id)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table seed_contributions;');
  }
}
