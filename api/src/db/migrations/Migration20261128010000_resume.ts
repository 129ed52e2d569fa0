import { Migration } from '@mikro-orm/migrations';

/**
 * Seats survive a restart: who sits where, one row a seat, written when a player sits or stands
 * (realtime/seat-store.ts). A table rebuilt after a restart seats these players again. The unique
 * keys are the guard that holds across processes and nodes: one player per seat, and a player sits
 * at one table at a time (their whole wallet is mirrored at that table). A room's seats go when it
 * closes. The name and avatar shown at the seat are kept as they were at sign-in.
 */
export class Migration20261128010000_resume extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table seats (
        room_id uuid not null references rooms (id) on delete cascade,
        seat integer not null check (seat > 0),
        user_id bigint not null references users (telegram_id),
        username text null,
        avatar text null,
        sat_at timestamptz not null default now(),
        constraint seats_pkey primary key (room_id, seat),
        constraint seats_room_user_unique unique (room_id, user_id),
        constraint seats_user_unique unique (user_id)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table seats;');
  }
}
