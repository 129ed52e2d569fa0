import { Migration } from '@mikro-orm/migrations';

/**
 * TON Connect: a withdrawal wallet linked by proof (api/src/users/ton-proof.ts).
 * - ton_proof_payloads: the single-use challenges a player is given to sign; kept in the database so
 *   a restart or another node still knows them. A used one keeps its row (used_at) so that a replay is
 *   told apart from a payload never issued; rows are swept a day after they expire.
 * - users.wallet_source / wallet_verified_at: where the withdrawal address came from ('typed' by the
 *   player, or 'ton_connect' after a valid ton_proof) and when it was proven.
 * - payment_transactions.address_source: the same, as it was when the withdrawal was asked, for the
 *   operators' review card (the player may change the address afterwards).
 */
export class Migration20261204000000_ton_proof extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ton_proof_payloads (
        payload text primary key check (payload ~ '^[0-9a-f]{64}$'),
        user_id bigint not null references users (telegram_id),
        expires_at timestamptz not null,
        used_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index ton_proof_payloads_expires_at on ton_proof_payloads (expires_at);`);
    this.addSql(`
      alter table users
        add column wallet_source text null check (wallet_source in ('typed', 'ton_connect')),
        add column wallet_verified_at timestamptz null;`);
    this.addSql(`update users set wallet_source = 'typed' where wallet_address is not null;`);
    // A row written without a source (older code, fixtures) reads as typed (users.ts, withdrawals.ts).
    this.addSql(`
      alter table users add constraint users_wallet_verified_pair
        check ((wallet_source = 'ton_connect') = (wallet_verified_at is not null));`);
    this.addSql(`
      alter table payment_transactions
        add column address_source text null check (address_source in ('typed', 'ton_connect'));`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table payment_transactions drop column address_source;');
    this.addSql(`
      alter table users drop constraint users_wallet_verified_pair,
        drop column wallet_verified_at, drop column wallet_source;`);
    this.addSql('drop table ton_proof_payloads;');
  }
}
