import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A deposit or withdrawal as the payment provider tracks it (the money itself moves in the ledger). */
export const PaymentTransactionSchema = defineEntity({
  name: 'PaymentTransaction',
  tableName: 'payment_transactions',
  properties: (p) => ({
    id: p.uuid().primary(),
    userId: p.bigint('string'),
    type: p.enum(['deposit', 'withdrawal'] as const),
    trackerId: p.text().unique(),
    amountCents: p.bigint('number'),
    currency: p.enum(['USDTTON', 'TON'] as const),
    status: p.enum(['pending', 'success', 'canceled'] as const).default('pending'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
  indexes: [{ properties: ['userId', 'createdAt'] }],
});
export type PaymentTransaction = InferEntity<typeof PaymentTransactionSchema>;
