import { Migration } from '@mikro-orm/migrations';

/**
 * The bot as payment chat and operators' desk.
 *
 * - `bot_notices`: the outbox. A notice is written in the same transaction as the money change it
 *   tells of; the bot drains it (any node may: rows are claimed with SKIP LOCKED and a lease), and
 *   `dedupe_key` makes a second write of the same notice a no-op.
 * - `users`: who blocked the bot (their notices stop), and suspension by an operator.
 * - `payment_transactions`: the bot chat message showing an invoice, edited when it settles.
 * - `bot_conversations`: grammY conversations' state, so a half-written /news survives a restart.
 * - `bot_leases`: which node polls Telegram (one at a time across nodes).
 */
export class Migration20261127000000_bot_desk extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table bot_notices (
        id bigserial primary key,
        chat_id bigint not null,
        kind text not null,
        params jsonb not null default '{}',
        dedupe_key text not null unique,
        status text not null default 'pending'
          check (status in ('pending', 'sent', 'blocked', 'failed', 'expired')),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        claimed_until timestamptz null,
        last_error text null,
        sent_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(
      `create index bot_notices_due on bot_notices (next_attempt_at, id) where status = 'pending';`,
    );
    this.addSql(`
      alter table users
        add column bot_blocked_at timestamptz null,
        add column suspended_at timestamptz null,
        add column suspended_reason text null,
        add column suspended_by bigint null;`);
    this.addSql(`
      alter table payment_transactions
        add column bot_chat_id bigint null,
        add column bot_message_id bigint null;`);
    this.addSql(`
      create table bot_conversations (
        key text primary key,
        state jsonb not null,
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table bot_leases (
        name text primary key,
        holder text not null,
        expires_at timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table bot_leases;`);
    this.addSql(`drop table bot_conversations;`);
    this.addSql(`alter table payment_transactions drop column bot_chat_id, drop column bot_message_id;`);
    this.addSql(`
      alter table users drop column bot_blocked_at, drop column suspended_at, drop column suspended_reason,
        drop column suspended_by;`);
    this.addSql(`drop table bot_notices;`);
  }
}
