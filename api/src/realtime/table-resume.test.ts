/**
 * A table brought back by a new runtime on the same database (what a restart, or later a node
 * taking a room over, does): the running hand is rebuilt from its steps and goes on from the same
 * step with its money where it was; seats come back, away until the player's socket returns; a
 * hand that cannot be rebuilt is voided, with the reason logged.
 */
import type { TableState } from '@svara/core';
import { describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { createLogger } from '../logger.js';
import { useTestDatabase } from '../test-support/db.js';
import { createHandStore } from './hand-store.js';
import { escrowReference } from './ledger-plan.js';
import { resolveOptions } from './options.js';
import { createPendingSeedStore } from './pending-seed.js';
import { createSeatStore } from './seat-store.js';
import { TableResumer } from './table-resume.js';
import { TableRuntime } from './table-runtime.js';
import { dealtScores, findSeed } from './test-support/seeds.js';
import { fundedTestRoom } from '../test-support/funded-room.js';
import { Ownership } from './cluster/ownership.js';
import { TableLeases } from './cluster/table-lease.js';

const db = useTestDatabase();
/** Each test's own three players (wallets are not shared between tests). */
let PLAYERS: string[] = [];
let nextPlayer = 7501;

/**
 * A runtime on the test database, wired as attachRealtime wires it. `chosenSeeds`: its deals use
 * test seeds picked at the deal; otherwise, as in production, the seeds it committed ahead.
 */
function runtimeOn(roomId: string, startDelayMs = 100, chosenSeeds = true, ownership?: Ownership) {
  const knex = db.knex;
  const ledger = createLedger(knex);
  // With `ownership`, a node among several, wired as attachRealtime wires one (its writes fenced).
  const unfenced = createHandStore(knex, ledger, undefined, ownership?.fence);
  const store = ownership ? ownership.fencedStore(unfenced) : unfenced;
  const seats = createSeatStore(knex);
  const logger = createLogger({ level: 'silent', pretty: false });
  const options = resolveOptions({
    // Three different scores: the hand cannot end in a svara.
    ...(chosenSeeds
      ? {
          seedSource: ({ state }: { state: TableState }) =>
            findSeed(state, (dealt) => new Set(dealtScores(dealt)).size === 3).seed,
        }
      : {}),
    startDelayMs,
    timings: { turnMs: 60_000, svaraMs: 60_000, resultMs: 60_000 },
  });
  const resume = new TableResumer({
    knex,
    store,
    seats,
    ledger,
    clock: options.clock,
    timings: options.timings,
    logger,
    ...(ownership ? { lease: ownership } : {}),
  });
  const runtime = new TableRuntime({
    store,
    ledger,
    rooms: {
      get: async (id) =>
        id === roomId
          ? {
              id,
              ownerId: null,
              stakeCents: 100,
              type: 'public',
              status: 'open',
              createdAt: new Date(),
              closedAt: null,
            }
          : null,
      hasAccess: async () => true,
      close: async () => undefined,
    },
    options,
    logger,
    seats,
    resume,
    pendingSeeds: createPendingSeedStore(knex),
    ...(ownership ? { lease: ownership } : {}),
  });
  return { runtime, resume, ledger, logger, knex };
}

async function fundedRoom(): Promise<string> {
  PLAYERS = [0, 1, 2].map(() => String(nextPlayer++));
  return fundedTestRoom(db.knex, PLAYERS);
}

/** Three players seated and dealt in, then `moves` of the player on turn. */
async function handInPlay(roomId: string, moves: ('blind_bet' | 'look' | 'call')[]) {
  const a = runtimeOn(roomId);
  for (const id of PLAYERS)
    expect(await a.runtime.sit(roomId, { id, username: `u${id}`, avatar: null })).toEqual({ ok: true });
  const state = () => a.runtime.peek(roomId)!;
  await vi.waitFor(() => expect(state().hand?.players).toHaveLength(3), { timeout: 5_000 });
  for (const type of moves) {
    const playerId = state().hand!.players[state().hand!.turn]!.playerId;
    expect(await a.runtime.act(roomId, { type, playerId })).toEqual({ ok: true });
  }
  // Everything the table published is on record (a crash now loses nothing); its timers stop.
  await a.runtime.shutdown();
  return state();
}

const present = (s: TableState): TableState => ({
  ...s,
  seats: s.seats.map((seat) => ({ ...seat, awaySince: null })),
});

async function steps(roomId: string): Promise<number[]> {
  const r = await db.knex.raw<{ rows: { step: number }[] }>(
    `select step from hand_steps where room_id = ? order by hand_number, step`,
    [roomId],
  );
  return r.rows.map((row) => row.step);
}

describe('TableResumer with the runtime', () => {
  it('rebuilds a running hand in a new runtime from the same step, and it goes on', async () => {
    const roomId = await fundedRoom();
    const live = await handInPlay(roomId, ['blind_bet', 'blind_bet']);
    expect(await steps(roomId)).toEqual([1, 2]);

    const b = runtimeOn(roomId);
    expect(await b.runtime.recover([roomId])).toEqual({ tables: 1 });
    const resumed = b.runtime.peek(roomId)!;
    // The same table, every player away until their socket is back.
    expect(present(resumed)).toEqual(live);
    expect(resumed.seats.every((seat) => seat.awaySince !== null)).toBe(true);
    for (const id of PLAYERS) expect(b.runtime.seatOf(id)).toBe(roomId);
    // The rebuilt table is now the hand's stored state: its steps start again from it.
    expect(await steps(roomId)).toEqual([]);

    await b.runtime.returned(PLAYERS[0]!);
    expect(b.runtime.peek(roomId)!.seats.find((s) => s.playerId === PLAYERS[0])!.awaySince).toBeNull();
    const onTurn = resumed.hand!.players[resumed.hand!.turn]!.playerId;
    expect(await b.runtime.act(roomId, { type: 'blind_bet', playerId: onTurn })).toEqual({ ok: true });
    await b.runtime.shutdown();
    expect(await steps(roomId)).toEqual([1, 2]);

    // And once more: a second restart rebuilds what the second runtime played.
    const c = runtimeOn(roomId);
    await c.runtime.recover([roomId]);
    expect(present(c.runtime.peek(roomId)!)).toEqual(present(b.runtime.peek(roomId)!));
    const escrow = await c.ledger.handEscrow(escrowReference(roomId, live.handNumber));
    expect(await c.ledger.balance(escrow)).toBe(c.runtime.peek(roomId)!.pot);
    await c.runtime.shutdown();
    expect(await checkLedger(db.knex)).toMatchObject({ ok: true, mismatches: [], negatives: [] });
  });

  it('seats the players of a table between hands again, away until they come back', async () => {
    const roomId = await fundedRoom();
    // A long first-deal delay: the table is still waiting when it stops.
    const a = runtimeOn(roomId, 60_000);
    for (const id of PLAYERS.slice(0, 2)) {
      expect(await a.runtime.sit(roomId, { id, username: `u${id}`, avatar: null })).toEqual({ ok: true });
    }
    await a.runtime.shutdown();

    const b = runtimeOn(roomId, 60_000);
    await b.runtime.recover([roomId]);
    const s = b.runtime.peek(roomId)!;
    expect(s.status).toBe('waiting');
    expect(s.seats.map((seat) => [seat.playerId, seat.position, seat.username, seat.balance])).toEqual([
      [PLAYERS[0], 1, `u${PLAYERS[0]}`, 10_000],
      [PLAYERS[1], 2, `u${PLAYERS[1]}`, 10_000],
    ]);
    expect(s.seats.every((seat) => seat.awaySince !== null)).toBe(true);
    // A seat is one row: the same player cannot take a second one in the room.
    expect(await b.runtime.sit(roomId, { id: PLAYERS[0]!, username: null, avatar: null }, 5)).toMatchObject({
      ok: false,
      code: 'already_seated',
    });
    await b.runtime.shutdown();
  });

  it('refuses, through the seats table, a seat or a player another runtime already seated in the room', async () => {
    const roomId = await fundedRoom();
    // Two processes with the same room in memory (what leases will prevent): the rows still guard.
    const a = runtimeOn(roomId, 60_000);
    const b = runtimeOn(roomId, 60_000);
    await b.runtime.open(roomId);
    expect(await a.runtime.sit(roomId, { id: PLAYERS[0]!, username: null, avatar: null }, 1)).toEqual({
      ok: true,
    });
    expect(await b.runtime.sit(roomId, { id: PLAYERS[1]!, username: null, avatar: null }, 1)).toMatchObject({
      ok: false,
      code: 'seat_taken',
    });
    expect(await b.runtime.sit(roomId, { id: PLAYERS[0]!, username: null, avatar: null }, 2)).toMatchObject({
      ok: false,
      code: 'seat_taken',
    });
    // Refused: nothing changed in that table, and the player may sit elsewhere.
    expect(b.runtime.peek(roomId)!.seats).toEqual([]);
    expect(b.runtime.seatOf(PLAYERS[1]!)).toBeUndefined();
    await a.runtime.shutdown();
    await b.runtime.shutdown();
  });

  it('keeps the next hand’s seed across restarts: the hash shown before is the one shown after, and the deal’s', async () => {
    const roomId = await fundedRoom();
    const [p1, p2] = PLAYERS as [string, string];
    // A long first-deal delay: the table still waits when it stops.
    const a = runtimeOn(roomId, 60_000, false);
    for (const id of [p1, p2])
      expect(await a.runtime.sit(roomId, { id, username: null, avatar: null })).toEqual({ ok: true });
    const shown = a.runtime.peek(roomId)!.nextCommitment;
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    await a.runtime.shutdown();

    const b = runtimeOn(roomId, 0, false);
    await b.runtime.recover([roomId]);
    expect(b.runtime.peek(roomId)!.nextCommitment).toBe(shown);
    for (const id of [p1, p2]) await b.runtime.returned(id);
    const state = () => b.runtime.peek(roomId)!;
    await vi.waitFor(() => expect(state().status).toBe('blind_betting'), { timeout: 5_000 });
    expect(state().hand!.commitment).toBe(shown);
    expect(state().nextCommitment).toBeNull();
    // The hand ends (a look and a fold): the hand after it is committed to at once.
    const onTurn = state().hand!.players[state().hand!.turn]!.playerId;
    expect(await b.runtime.act(roomId, { type: 'look', playerId: onTurn })).toEqual({ ok: true });
    expect(await b.runtime.act(roomId, { type: 'fold', playerId: onTurn })).toEqual({ ok: true });
    expect(state().status).toBe('finished');
    const next = state().nextCommitment;
    expect(next).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toBe(shown);
    await b.runtime.shutdown();

    const c = runtimeOn(roomId, 0, false);
    await c.runtime.recover([roomId]);
    expect(c.runtime.peek(roomId)!.nextCommitment).toBe(next);
    await c.runtime.shutdown();
  });

  it('voids a hand that cannot be rebuilt, logs why, and seats its players again', async () => {
    const roomId = await fundedRoom();
    const live = await handInPlay(roomId, ['blind_bet', 'look']);
    // A stored step the reducer refuses (here: a move of nobody at the table).
    await db.knex.raw(
      `update hand_steps set action = '{"type":"call","playerId":"nobody"}' where room_id = ? and step = 2`,
      [roomId],
    );

    const b = runtimeOn(roomId);
    const warn = vi.spyOn(b.logger, 'warn');
    await b.runtime.recover([roomId]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        roomId,
        handNumber: live.handNumber,
        reason: 'step 2 (call) is refused: not_seated',
      }),
      'voided a hand left running: it cannot be rebuilt',
    );
    const row = await db.knex.raw<{ rows: { status: string }[] }>(
      `select status from hands where room_id = ? and hand_number = ?`,
      [roomId, live.handNumber],
    );
    expect(row.rows[0]!.status).toBe('voided');
    // The escrow went back: every wallet is as before the hand.
    for (const id of PLAYERS) expect(await b.ledger.walletBalance(id)).toBe(10_000);
    const s = b.runtime.peek(roomId)!;
    expect(s.status).toBe('waiting');
    expect(s.handNumber).toBe(live.handNumber);
    expect(s.seats.map((seat) => seat.playerId)).toEqual(PLAYERS);
    await b.runtime.shutdown();
    expect(await checkLedger(db.knex)).toMatchObject({ ok: true, mismatches: [], negatives: [] });
  });
});

/** A node among several: its leases in the test database, renewed and watched only by hand. */
const nodeNamed = (name: string) =>
  new Ownership(
    new TableLeases(db.knex, name, 60_000),
    { ttlMs: 60_000, renewEveryMs: 60_000, watchEveryMs: 60_000 },
    createLogger({ level: 'silent', pretty: false }),
  );

/** Every open room of the test database, as a node's start-up reads them. */
async function openRooms(): Promise<string[]> {
  const rows: { id: string }[] = await db.knex('rooms').where({ status: 'open' }).select('id');
  return rows.map((r) => r.id);
}

async function handStatus(roomId: string, handNumber: number): Promise<string | undefined> {
  const row = await db.knex('hands').where({ room_id: roomId, hand_number: handNumber }).first();
  return (row as { status: string } | undefined)?.status;
}

describe('TableResumer with several nodes', () => {
  it('leaves the running hand of an open room another live node owns alone at start-up', async () => {
    const roomId = await fundedRoom();
    const live = await handInPlay(roomId, ['blind_bet', 'blind_bet']);
    const owner = nodeNamed('node-owner');
    expect(await owner.acquire(roomId)).toBe(true);

    // The room is open but not this node's to run: it is neither resumed nor voided here.
    const b = runtimeOn(roomId, 100, true, nodeNamed('node-starting'));
    expect(await b.runtime.recover(await openRooms(), [])).toEqual({ tables: 0 });
    expect(b.runtime.peek(roomId)).toBeNull();
    expect(b.resume.stats).toMatchObject({ voided: 0, leftToOwner: 0 });
    expect(await handStatus(roomId, live.handNumber)).toBe('running');
    const escrow = await b.ledger.handEscrow(escrowReference(roomId, live.handNumber));
    expect(await b.ledger.balance(escrow)).toBe(live.pot);
    await b.runtime.shutdown();
    await owner.stop();
  });

  it('voids a hand left in a closed room only under the room’s lease: never while a live node holds it', async () => {
    const roomId = await fundedRoom();
    const live = await handInPlay(roomId, ['blind_bet', 'blind_bet']);
    const before = await Promise.all(PLAYERS.map((id) => createLedger(db.knex).walletBalance(id)));
    await db.knex('rooms').where({ id: roomId }).update({ status: 'closed' });
    const owner = nodeNamed('node-owner');
    expect(await owner.acquire(roomId)).toBe(true);

    // The room reads as closed, yet a live node holds its lease: the hand is that node's.
    const b = runtimeOn(roomId, 100, true, nodeNamed('node-b'));
    const warn = vi.spyOn(b.logger, 'warn');
    expect(await b.runtime.recover(await openRooms(), [])).toEqual({ tables: 0 });
    expect(b.resume.stats).toMatchObject({ voided: 0, leftToOwner: 1 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ roomId, handNumber: live.handNumber, reason: 'the room is closed' }),
      'a hand left running was not voided: a live node runs its table',
    );
    expect(await handStatus(roomId, live.handNumber)).toBe('running');
    expect(await Promise.all(PLAYERS.map((id) => b.ledger.walletBalance(id)))).toEqual(before);
    await b.runtime.shutdown();

    // Its node gone (the lease given up), the next start voids it, under the lease, then lets it go.
    await owner.stop();
    const c = runtimeOn(roomId, 100, true, nodeNamed('node-c'));
    await c.runtime.recover(await openRooms(), []);
    expect(c.resume.stats).toMatchObject({ voided: 1, leftToOwner: 0 });
    expect(await handStatus(roomId, live.handNumber)).toBe('voided');
    for (const id of PLAYERS) expect(await c.ledger.walletBalance(id)).toBe(10_000);
    expect(await db.knex('table_leases').where({ room_id: roomId }).first()).toBeUndefined();
    await c.runtime.shutdown();
    expect(await checkLedger(db.knex)).toMatchObject({ ok: true, mismatches: [], negatives: [] });
  });
});
