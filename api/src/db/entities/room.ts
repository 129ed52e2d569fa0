import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const RoomSchema = defineEntity({
  name: 'Room',
  tableName: 'rooms',
  properties: (p) => ({
    id: p.uuid().primary(),
    ownerId: p.bigint('string').nullable(),
    stakeCents: p.bigint('number'),
    type: p.enum(['public', 'private'] as const),
    /** scrypt hash with its salt (see rooms/password.ts); never the password itself. */
    passwordHash: p.text().nullable(),
    /** The password sealed with AES-256-GCM (rooms/password-box.ts), shown to the creator only. */
    passwordSealed: p.text().nullable(),
    status: p.enum(['open', 'closed'] as const).default('open'),
    /** 'chips' at a practice table (RULES §8). */
    currency: p.enum(['usd', 'chips'] as const).default('usd'),
    /** A public practice table the house keeps open (api/src/practice); never closed for being empty. */
    houseKept: p.boolean().default(false),
    /** Given by the database: the room's own number, from which its house players' ids are made. */
    tableNumber: p.bigint('number').nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    closedAt: p.datetime().nullable(),
  }),
});
export type Room = InferEntity<typeof RoomSchema>;
