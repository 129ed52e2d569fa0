import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * Who brought whom. One row per referred user (the primary key), so a referrer is set once and never
 * changes. `qualified` turns true when the referred user's deposits reach the threshold (SPEC §9).
 */
export const ReferralSchema = defineEntity({
  name: 'Referral',
  tableName: 'referrals',
  properties: (p) => ({
    referredId: p.bigint('string').primary().autoincrement(false),
    referrerId: p.bigint('string').index(),
    qualified: p.boolean().default(false),
    qualifiedAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
export type Referral = InferEntity<typeof ReferralSchema>;
