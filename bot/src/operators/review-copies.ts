/**
 * Every copy of a withdrawal's review message the bot posted (the notice each operator gets when it
 * enters review, each /withdrawals reply), so that a decision edits all of them: none keeps Approve
 * and Reject once it is decided, whoever decided and however (a press, the admin API).
 */
import { z } from 'zod';
import type { SqlConnection } from '../ports.js';

export interface ReviewCopies {
  remember(orderId: string, chatId: string | number, messageId: number): Promise<void>;
  /** The messages in `chatId` showing `orderId`, oldest first. */
  of(orderId: string, chatId: string | number): Promise<number[]>;
}

const rowsSchema = z.array(z.object({ message_id: z.coerce.number().int() }));

export function reviewCopies(sql: SqlConnection): ReviewCopies {
  return {
    async remember(orderId, chatId, messageId) {
      await sql.execute(
        `insert into review_messages (order_id, chat_id, message_id) values (?, ?, ?) on conflict do nothing`,
        [orderId, String(chatId), messageId],
      );
    },
    async of(orderId, chatId) {
      const rows = rowsSchema.parse(
        await sql.execute(
          `select message_id from review_messages where order_id = ? and chat_id = ? order by message_id`,
          [orderId, String(chatId)],
        ),
      );
      return rows.map((row) => row.message_id);
    },
  };
}
