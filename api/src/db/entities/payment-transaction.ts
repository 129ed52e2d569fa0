import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const PAYMENT_STATUSES = [
  'pending',
  'review',
  'success',
  'canceled',
  'expired',
  'below_minimum',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['address', 'invoice', 'cryptobot'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A deposit or withdrawal as the payment provider tracks it (the money itself moves in the ledger).
 * `trackerId` is what the player sees: the provider's id of a deposit, our own id of a withdrawal.
 */
export const PaymentTransactionSchema = defineEntity({
  name: 'PaymentTransaction',
  tableName: 'payment_transactions',
  properties: (p) => ({
    id: p.uuid().primary(),
    userId: p.bigint('string'),
    type: p.enum(['deposit', 'withdrawal'] as const),
    trackerId: p.text().unique(),
    /** A deposit: the gross amount received (null until paid); a withdrawal: the amount sent. */
    amountCents: p.bigint('number').nullable(),
    currency: p.enum(['USDTTON', 'TON'] as const),
    status: p.enum([...PAYMENT_STATUSES]).default('pending'),
    provider: p.text(),
    method: p.enum([...PAYMENT_METHODS]).default('address'),
    providerOrderId: p.text().nullable(),
    providerStatus: p.text().nullable(),
    address: p.text().nullable(),
    addressRaw: p.text().nullable(),
    /** A deposit address's memo tag, where the provider needs one. */
    memo: p.text().nullable(),
    payUrl: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    feeCents: p.bigint('number').default(0),
    rawAmount: p.text().nullable(),
    rawAsset: p.text().nullable(),
    rate: p.text().nullable(),
    txId: p.text().nullable(),
    idempotencyKey: p.text().nullable(),
    reviewReason: p.text().nullable(),
    decidedBy: p.bigint('string').nullable(),
    decidedAt: p.datetime().nullable(),
    failureReason: p.text().nullable(),
    /** Why an operator declined the withdrawal (REJECTION_PRESETS, and/or their note). */
    rejectPreset: p.text().nullable(),
    rejectNote: p.text().nullable(),
    settledAt: p.datetime().nullable(),
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
