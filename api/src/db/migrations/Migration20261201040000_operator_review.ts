import { Migration } from '@mikro-orm/migrations';

/**
 * The operators' review of withdrawals.
 *
 * - `payment_transactions.reject_preset` / `reject_note`: why an operator declined a withdrawal (a
 *   preset reason, the operator's words, or both), which the player reads in the bot's notice and in
 *   their history.
 * - `review_messages`: every copy of a withdrawal's review message the bot posted (a notice to each
 *   operator, /withdrawals' replies), so a decision edits all of them and no copy keeps live buttons.
 */
export class Migration20261201040000_operator_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table payment_transactions
        add column reject_preset text null,
        add column reject_note text null;`);
    this.addSql(`
      create table review_messages (
        order_id uuid not null,
        chat_id bigint not null,
        message_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (order_id, chat_id, message_id)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table review_messages;`);
    this.addSql(`alter table payment_transactions drop column reject_preset, drop column reject_note;`);
  }
}
