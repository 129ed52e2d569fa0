import { Migration } from '@mikro-orm/migrations';

/**
 * Hardening.
 *
 * - `users.token_version`: every access token carries the version current at sign-in; a sign-out or
 *   a suspension raises it, so tokens issued before stop working at once, on every node
 *   (auth/token-version.ts). Tokens from before this column have no version claim and count as 0.
 * - `room_password_failures`: one row per wrong private-room password, so failed attempts are
 *   limited per player and per room across api nodes (rooms/password-attempts.ts). Rows older than
 *   the window are deleted as new failures are written.
 */
export class Migration20261128000000_hardening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column token_version integer not null default 0;`);
    this.addSql(`
      create table room_password_failures (
        id bigserial primary key,
        room_id uuid not null,
        user_id bigint not null,
        failed_at timestamptz not null
      );`);
    this.addSql(`create index room_password_failures_room on room_password_failures (room_id, failed_at);`);
    this.addSql(`create index room_password_failures_at on room_password_failures (failed_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table room_password_failures;`);
    this.addSql(`alter table users drop column token_version;`);
  }
}
