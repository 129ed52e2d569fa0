import { Migration } from '@mikro-orm/migrations';

/**
 * The creator of a private room may see its password again (GET /rooms/{id}). The hash stays the one
 * that checks a password; `password_sealed` holds the password encrypted with AES-256-GCM under a key
 * derived from the JWT secret (rooms/password-box.ts), never in plain text. Rooms created before
 * have none: their creator is shown no password.
 *
 * Rooms are also found by the 8 characters the lobby shows (rooms.ts resolveId): a left-anchored
 * LIKE on the id's text among open rooms, served by a partial index.
 */
export class Migration20261126000000_room_password_sealed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table rooms add column password_sealed text null;`);
    this.addSql(`
      alter table rooms add constraint rooms_sealed_only_private
        check (password_sealed is null or type = 'private');`);
    this.addSql(`
      create index rooms_open_id_prefix on rooms ((id::text) text_pattern_ops) where status = 'open';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index rooms_open_id_prefix;`);
    this.addSql(`alter table rooms drop column password_sealed;`);
  }
}
