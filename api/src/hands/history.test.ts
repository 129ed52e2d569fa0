/**
 * The history store on its own: the per-player index is written by the database when a hand row
 * becomes finished (never for a running or voided hand), and the cursor pages through hands that
 * ended at the very same instant without skipping or repeating one.
 */
import { createTable } from '@svara/core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/db.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { createHandHistory } from './history.js';

const db = useTestDatabase();

/** A stored hand row with `players` dealt in (only the fields the index and the summary read). */
function handState(roomId: string, handNumber: number, players: string[]) {
  const base = createTable({ roomId, stake: 100 });
  return {
    ...base,
    handNumber,
    hand: {
      number: handNumber,
      svara: false,
      looked: false,
      basePot: 0,
      log: [],
      players: players.map((playerId, i) => ({
        playerId,
        position: i + 1,
        cards: [],
        score: 0,
        folded: false,
        foldReason: null,
        allIn: false,
        paid: 100,
        lastBet: 100,
        lastAction: null,
        acted: true,
        revealed: false,
      })),
    },
  };
}

describe('the hand history store', () => {
  it('indexes a hand for its dealt players when it finishes, and pages through equal end times', async () => {
    const knex = db.knex;
    const roomId = randomUUID();
    await knex.raw(`insert into rooms (id, stake_cents, type) values (?, 100, 'public')`, [roomId]);
    const insert = (n: number, status: string, players: string[]) =>
      knex.raw(
        `insert into hands (id, room_id, hand_number, state, status, finished_at) values (?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          roomId,
          n,
          JSON.stringify(handState(roomId, n, players)),
          status,
          status === 'running' ? null : '2026-05-01T10:00:00.123456Z',
        ],
      );
    for (let n = 1; n <= 5; n++) await insert(n, 'finished', ['8001', '8002']);
    await insert(6, 'running', ['8001', '8002']);
    await insert(7, 'voided', ['8001', '8002']);
    await insert(8, 'finished', ['8003']);
    const count = async (user: string) =>
      Number((await knex.raw(`select count(*) as n from hand_players where user_id = ?`, [user])).rows[0].n);
    expect(await count('8001')).toBe(5);
    expect(await count('8003')).toBe(1);

    // The running hand ends: it is indexed then, once.
    await knex.raw(
      `update hands set status = 'finished', finished_at = now() where room_id = ? and hand_number = 6`,
      [roomId],
    );
    await knex.raw(`update hands set status = 'finished' where room_id = ? and hand_number = 6`, [roomId]);
    expect(await count('8001')).toBe(6);

    const history = createHandHistory(knex);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await history.list('8002', { cursor, limit: 2 });
      seen.push(...page.hands.map((h) => h.handNumber));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen[0]).toBe(6); // the newest first
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('tells a finished hand’s public summary to anyone, and nothing of a running, unknown or malformed id', async () => {
    const knex = db.knex;
    const roomId = randomUUID();
    await knex.raw(`insert into rooms (id, stake_cents, type) values (?, 100, 'public')`, [roomId]);
    const [finished, running] = [randomUUID(), randomUUID()];
    for (const [id, n, status] of [
      [finished, 1, 'finished'],
      [running, 2, 'running'],
    ] as const) {
      await knex.raw(
        `insert into hands (id, room_id, hand_number, state, status, finished_at) values (?, ?, ?, ?, ?, ?)`,
        [
          id,
          roomId,
          n,
          JSON.stringify(handState(roomId, n, ['8101', '8102'])),
          status,
          status === 'finished' ? '2026-05-01T10:00:00Z' : null,
        ],
      );
    }
    const history = createHandHistory(knex);
    expect(await history.publicSummary(finished)).toMatchObject({
      id: finished,
      roomId,
      handNumber: 1,
      currency: 'usd',
      stake: 1,
      pot: 2,
      players: 2,
      shown: [],
      // No viewer's own cards: the spectator's summary, whoever asks.
      mine: null,
    });
    expect(await history.publicSummary(running)).toBeNull();
    expect(await history.publicSummary(randomUUID())).toBeNull();
    expect(await history.publicSummary('not-a-uuid')).toBeNull();
  });

  it('tells a practice hand’s unit and which of the players shown were the house (RULES §8)', async () => {
    const knex = db.knex;
    const roomId = randomUUID();
    await knex.raw(
      `insert into rooms (id, stake_cents, type, currency) values (?, 5000, 'public', 'chips')`,
      [roomId],
    );
    // A person and two house players shown at the showdown; one house player has since left its seat.
    const base = handState(roomId, 1, ['8201', '-17', '-18']);
    const seat = (playerId: string, position: number, house: boolean) => ({
      playerId,
      position,
      username: playerId === '8201' ? 'ann' : `house${position}`,
      avatar: null,
      balance: 500_000,
      awaySince: null,
      handsAway: 0,
      leaving: false,
      sittingOut: false,
      lastWin: 0,
      ...(house ? { house: true as const } : {}),
    });
    const state = {
      ...base,
      stake: 5_000,
      currency: 'chips' as const,
      seats: [seat('8201', 1, false), seat('-17', 2, true)],
      hand: { ...base.hand, players: base.hand.players.map((p) => ({ ...p, revealed: true })) },
    };
    const id = randomUUID();
    await knex.raw(
      `insert into hands (id, room_id, hand_number, state, status, finished_at) values (?, ?, 1, ?, 'finished', ?)`,
      [id, roomId, JSON.stringify(state), '2026-05-01T10:00:00Z'],
    );
    const history = createHandHistory(knex);
    const summary = await history.publicSummary(id);
    expect(summary).toMatchObject({ currency: 'chips', stake: 50, pot: 3 });
    expect(summary!.shown.map((p) => [p.playerId, p.isHouse])).toEqual([
      ['8201', false],
      ['-17', true],
      ['-18', true],
    ]);
    // The player's own list tells the same.
    const [mine] = (await history.list('8201')).hands;
    expect(mine).toMatchObject({ id, currency: 'chips' });
  });

  it('gives back the cursor it made, and nothing else', () => {
    const c = { finishedAt: '2026-05-01 10:00:00.123456+00', handId: randomUUID() };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(() => decodeCursor('bm9wZQ')).toThrow(/cursor/);
    expect(() =>
      decodeCursor(encodeCursor({ finishedAt: "1'; drop table hands", handId: c.handId })),
    ).toThrow();
  });
});
