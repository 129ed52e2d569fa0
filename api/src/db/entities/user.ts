import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A player, keyed by the Telegram user id (a decimal string in JavaScript, bigint in the database). */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    telegramId: p.bigint('string').primary().autoincrement(false),
    username: p.text().nullable(),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    photoUrl: p.text().nullable(),
    languageCode: p.text().nullable(),
    isPremium: p.boolean().default(false),
    /** The address as the user spelled it (one of its friendly forms). */
    walletAddress: p.text().nullable(),
    /** The same address in raw form (`0:<hex>`): one address has many spellings, this one is unique. */
    walletAddressRaw: p.text().nullable().unique(),
    /** Where the address came from: typed by the player, or proven with TON Connect (users/ton-proof.ts). */
    walletSource: p.text().nullable(),
    /** When a TON Connect proof showed the player holds the wallet's key; null for a typed address. */
    walletVerifiedAt: p.datetime().nullable(),
    /** Set by an operator: every withdrawal of this account waits for an operator's decision. */
    withdrawalReview: p.boolean().default(false),
    /** When the player blocked the bot: their notices stop until they write to it again. */
    botBlockedAt: p.datetime().nullable(),
    /** Set by an operator: no seat, no new room, no deposit, no withdrawal (see users/suspension.ts). */
    suspendedAt: p.datetime().nullable(),
    suspendedReason: p.text().nullable(),
    /** The operator's Telegram id. */
    suspendedBy: p.bigint('string').nullable(),
    /** A house player of the practice tables (RULES §8): a negative id, never a Telegram account. */
    isHouse: p.boolean().default(false),
    /** The last top-up of play chips (api/src/practice/chips.ts). */
    chipsToppedUpAt: p.datetime().nullable(),
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
});
export type User = InferEntity<typeof UserSchema>;
