import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A user who may sit in a private room: its creator, or someone who gave the right password. */
export const RoomAccessSchema = defineEntity({
  name: 'RoomAccess',
  tableName: 'room_access',
  properties: (p) => ({
    roomId: p.uuid().primary(),
    userId: p.bigint('string').primary().autoincrement(false),
    grantedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
export type RoomAccess = InferEntity<typeof RoomAccessSchema>;
