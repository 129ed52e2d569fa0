import { Migration } from '@mikro-orm/migrations';

/**
 * The server seed each table has committed to for its next hand (RULES §7, realtime/pending-seed.ts):
 * its SHA-256 is shown before the hand is dealt, so the seed is stored before it is first shown and
 * a restart, or another node taking the room over, deals that hand with it. One row a room: a
 * seed for a later hand replaces it, one for the same hand never does.
 */
export class Migration20261130000000_pending_seeds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table pending_seeds (
        room_id uuid primary key references rooms (id) on delete cascade,
        hand_number integer not null check (hand_number > 0),
        server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
        committed_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table pending_seeds;');
  }
}
