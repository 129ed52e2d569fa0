import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A hand played in a room; its state is persisted after every action so a restart can resume or void it. */
export const HandSchema = defineEntity({
  name: 'Hand',
  tableName: 'hands',
  properties: (p) => ({
    id: p.uuid().primary(),
    roomId: p.uuid(),
    handNumber: p.integer(),
    // Plain json: written on every action, read back only after a restart (see its migration).
    state: p.json<Record<string, unknown>>().columnType('json'),
    status: p.enum(['running', 'finished', 'voided'] as const).default('running'),
    startedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  }),
  uniques: [{ properties: ['roomId', 'handNumber'] }],
});
export type Hand = InferEntity<typeof HandSchema>;
