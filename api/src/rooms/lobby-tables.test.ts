/**
 * The lobby's view of tables this process does not run: with several api nodes a room's table runs
 * on one node only, and the others list its players from the seats table and its running hand's
 * stored status, so every node's lobby shows the same seats.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '../db/statement-counter.js';
import { createLedger } from '../ledger/ledger.js';
import { useTestDatabase } from '../test-support/db.js';
import { createRoomsService } from './rooms.js';
import type { TableDirectory } from './table-directory.js';

const db = useTestDatabase();

/** A node that runs `held` rooms, each with one seated player 1. */
function directory(held: Set<string>): TableDirectory {
  return {
    summary: (roomId) =>
      held.has(roomId)
        ? { players: [{ id: '1' }], handRunning: false, status: 'waiting' }
        : { players: [], handRunning: false, status: 'waiting' },
    seatOf: () => undefined,
    holds: (roomId) => held.has(roomId),
  };
}

describe('open rooms whose table another node runs', () => {
  it('list the stored seats and the running hand’s status; rooms run here list this node’s table', async () => {
    const knex = db.knex;
    await knex.raw(`insert into users (telegram_id) values (1), (8101), (8102) on conflict do nothing`);
    const [remote, local] = [randomUUID(), randomUUID()];
    for (const id of [remote, local]) {
      await knex.raw(`insert into rooms (id, stake_cents, type, status) values (?, 100, 'public', 'open')`, [
        id,
      ]);
    }
    await knex.raw(`insert into seats (room_id, seat, user_id) values (?, 2, 8102), (?, 1, 8101)`, [
      remote,
      remote,
    ]);
    await knex.raw(
      `insert into hands (id, room_id, hand_number, status, state) values (?, ?, 1, 'running', ?::json)`,
      [randomUUID(), remote, JSON.stringify({ status: 'blind_betting' })],
    );
    const rooms = createRoomsService({
      orm: db.current.orm,
      ledger: createLedger(knex),
      tables: directory(new Set([local])),
    });
    const list = await rooms.listOpen();
    expect(list.find((r) => r.roomId === remote)).toMatchObject({
      players: [{ id: '8101' }, { id: '8102' }],
      status: 'blind_betting',
    });
    expect(list.find((r) => r.roomId === local)).toMatchObject({ players: [{ id: '1' }], status: 'waiting' });
  });

  it('are read from the seats only when there are some: a node that runs every open table reads the rooms alone', async () => {
    const knex = db.knex;
    await knex.raw(`update rooms set status = 'closed' where status = 'open'`);
    const [dollars, chips] = [randomUUID(), randomUUID()];
    await knex.raw(
      `insert into rooms (id, stake_cents, type, status, currency, password_hash, created_at) values
         (?, 250, 'private', 'open', 'usd', 'x', now()), (?, 100, 'public', 'open', 'chips', null, now() + interval '1 second')`,
      [dollars, chips],
    );
    const counter = await statementCounter(knex);
    try {
      const rooms = createRoomsService({
        orm: db.current.orm,
        ledger: createLedger(knex),
        tables: directory(new Set([dollars, chips])),
      });
      const before = counter.count;
      const list = await rooms.listOpen();
      expect(counter.count - before).toBe(1);
      // Newest first, each as it was written, with this node's table.
      expect(list).toEqual([
        {
          roomId: chips,
          players: [{ id: '1' }],
          maxPlayers: 6,
          minBet: 1,
          type: 'public',
          status: 'waiting',
          currency: 'chips',
        },
        {
          roomId: dollars,
          players: [{ id: '1' }],
          maxPlayers: 6,
          minBet: 2.5,
          type: 'private',
          status: 'waiting',
        },
      ]);
    } finally {
      counter.stop();
    }
  });
});
