import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One movement of money between two accounts. Append-only: the database refuses UPDATE and DELETE. */
export const TransferSchema = defineEntity({
  name: 'Transfer',
  tableName: 'transfers',
  properties: (p) => ({
    id: p.bigint('number').primary(),
    idempotencyKey: p.text().unique(),
    debitAccountId: p.bigint('number').index(),
    creditAccountId: p.bigint('number').index(),
    amount: p.bigint('number'),
    reason: p.text(),
    metadata: p.json<Record<string, unknown>>().defaultRaw(`'{}'`),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
export type Transfer = InferEntity<typeof TransferSchema>;
