/**
 * The hand store against a real database: an action's transfers and its hand row commit together
 * or not at all, settled escrows must end empty, and a leftover hand is voided back to the wallets.
 */
import { applyAction, createTable, type TableAction, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { checkLedger } from '../ledger/check.js';
import { createLedger } from '../ledger/ledger.js';
import { useTestDatabase } from '../test-support/db.js';
import {
  createHandStore,
  EscrowNotEmptyError,
  replaySteps,
  type HandStep,
  type HandStore,
} from './hand-store.js';
import { escrowReference, planMoney, type MoneyPlan } from './ledger-plan.js';
import { findSeed } from './test-support/seeds.js';
import { fundedTestRoom } from '../test-support/funded-room.js';

const db = useTestDatabase();

async function setup(players: string[]) {
  const knex = knexOf(db.current.orm);
  const ledger = createLedger(knex);
  const store = createHandStore(knex, ledger);
  const roomId = await fundedTestRoom(knex, players);
  let state = createTable({ roomId, stake: 100 });
  for (const playerId of players)
    state = must(state, { type: 'sit', playerId, balance: 10_000, username: null, avatar: null });
  return { knex, ledger, store, roomId, state };
}

function must(s: TableState, action: TableAction): TableState {
  const r = applyAction(s, action, 0);
  if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
  return r.state;
}

/** Applies an action and commits it as the runtime does. */
async function commit(store: HandStore, s: TableState, action: TableAction, isNew = false) {
  const r = applyAction(s, action, 0);
  if (!r.ok) throw new Error(r.error.code);
  const plan = planMoney(s.roomId, s.pot, s.handNumber, r.events);
  const running = r.state.pot > 0 || ['blind_betting', 'betting', 'svara_pending'].includes(r.state.status);
  await store.commit(s.roomId, plan, [
    { handNumber: r.state.handNumber, state: r.state, status: running ? 'running' : 'finished', isNew },
  ]);
  return { state: r.state, plan };
}

/** Deals the first hand and commits it as the runtime does. */
function deal(store: HandStore, s: TableState) {
  return commit(
    store,
    s,
    { type: 'start_hand', serverSeed: findSeed(s, () => true).seed, clientSeed: 'svara' },
    true,
  );
}

async function handRow(knex: ReturnType<typeof knexOf>, roomId: string, n: number) {
  const r = await knex.raw<{ rows: { status: string; state: TableState }[] }>(
    `select status, state from hands where room_id = ? and hand_number = ?`,
    [roomId, n],
  );
  return r.rows[0] ?? null;
}

const turn = (s: TableState) => s.hand!.players[s.hand!.turn]!.playerId;

async function stepCount(knex: ReturnType<typeof knexOf>, roomId: string, n: number) {
  const r = await knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from hand_steps where room_id = ? and hand_number = ?`,
    [roomId, n],
  );
  return r.rows[0]!.n;
}

describe('HandStore', () => {
  it('commits the transfers and the hand row together, and refuses both when the ledger refuses', async () => {
    const { knex, ledger, store, roomId, state } = await setup(['9101', '9102']);
    let { state: s } = await deal(store, state);
    expect((await handRow(knex, roomId, 1))!.status).toBe('running');
    expect(await ledger.balance(await ledger.handEscrow(escrowReference(roomId, 1)))).toBe(200);

    ({ state: s } = await commit(store, s, { type: 'blind_bet', playerId: turn(s) }));
    expect((await handRow(knex, roomId, 1))!.state.pot).toBe(300);

    // The wallet holds less than the table thinks (drained behind its back): nothing is written.
    const bettor = turn(s);
    await ledger.transfer({
      idempotencyKey: `drain:${roomId}`,
      debitAccountId: await ledger.playerWallet(bettor),
      creditAccountId: await ledger.systemAccount('withdrawals'),
      amount: await ledger.walletBalance(bettor),
      reason: 'withdrawal',
    });
    await expect(commit(store, s, { type: 'blind_bet', playerId: bettor })).rejects.toMatchObject({
      code: 'insufficientBalance',
    });
    expect((await handRow(knex, roomId, 1))!.state.pot).toBe(300);
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('refuses to settle a hand whose escrow would not end at zero', async () => {
    const { knex, ledger, store, state } = await setup(['9201', '9202']);
    const { state: s } = await deal(store, state);
    const r = applyAction(s, { type: 'look', playerId: turn(s) }, 0);
    if (!r.ok) throw new Error(r.error.code);
    const bogus: MoneyPlan = { transfers: [], settledEscrows: [escrowReference(s.roomId, 1)] };
    const withMoney: MoneyPlan = {
      ...bogus,
      transfers: [
        {
          idempotencyKey: `hand:${s.roomId}:1:99`,
          from: { kind: 'escrow', reference: escrowReference(s.roomId, 1) },
          to: { kind: 'house' },
          amount: 1,
          reason: 'house_share',
          metadata: { roomId: s.roomId, handNumber: 1, seq: 99 },
        },
      ],
    };
    await expect(store.commit(s.roomId, withMoney, [])).rejects.toBeInstanceOf(EscrowNotEmptyError);
    expect(await ledger.balance(await ledger.handEscrow(escrowReference(s.roomId, 1)))).toBe(200);
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('takes a settlement committed twice (its first answer lost) as one, not as a non-empty escrow', async () => {
    const { knex, ledger, store, roomId, state } = await setup(['9501', '9502']);
    const { state: s } = await deal(store, state);
    const escrow = escrowReference(roomId, 1);
    const settle: MoneyPlan = {
      transfers: [
        {
          idempotencyKey: `hand:${roomId}:1:98`,
          from: { kind: 'escrow', reference: escrow },
          to: { kind: 'house' },
          amount: 200,
          reason: 'house_share',
          metadata: { roomId, handNumber: 1, seq: 98 },
        },
      ],
      settledEscrows: [escrow],
    };
    const row = { handNumber: 1, state: s, status: 'finished' as const };
    const house = await ledger.balance(await ledger.systemAccount('house'));
    await store.commit(roomId, settle, [row]);
    await store.commit(roomId, settle, [row]);
    expect(await ledger.balance(await ledger.handEscrow(escrow))).toBe(0);
    expect(await ledger.balance(await ledger.systemAccount('house'))).toBe(house + 200);
    expect((await handRow(knex, roomId, 1))!.status).toBe('finished');
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('takes a svara hand taking over the tied pot, committed twice (first answer lost), as one', async () => {
    const { knex, ledger, store, roomId, state } = await setup(['9601', '9602']);
    const { state: s } = await deal(store, state);
    const [tied, svara] = [escrowReference(roomId, 1), escrowReference(roomId, 2)];
    const takeOver: MoneyPlan = {
      transfers: [
        {
          idempotencyKey: `hand:${roomId}:1:97`,
          from: { kind: 'escrow', reference: tied },
          to: { kind: 'escrow', reference: svara },
          amount: 200,
          reason: 'svara_carry',
          metadata: { roomId, handNumber: 1, seq: 97 },
        },
      ],
      settledEscrows: [tied],
    };
    // Two rows: the tied hand is over, the svara hand begins.
    const rows = [
      { handNumber: 1, state: s, status: 'finished' as const },
      { handNumber: 2, state: s, status: 'running' as const, isNew: true },
    ];
    await store.commit(roomId, takeOver, rows);
    await store.commit(roomId, takeOver, rows);
    expect(await ledger.balance(await ledger.handEscrow(tied))).toBe(0);
    expect(await ledger.balance(await ledger.handEscrow(svara))).toBe(200);
    expect((await handRow(knex, roomId, 1))!.status).toBe('finished');
    expect((await handRow(knex, roomId, 2))!.status).toBe('running');
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('writes several tables in one call, and a refused table holds back none of the others', async () => {
    const tables = await Promise.all([
      setup(['9401', '9402']),
      setup(['9411', '9412']),
      setup(['9421', '9422']),
      setup(['9431', '9432']),
    ]);
    const { knex, ledger } = tables[0]!;
    const store = createHandStore(knex, ledger, { maxBatch: 64, maxInFlight: 1 });
    // The third table's player has less than the ante in the wallet (drained behind the table's back).
    await ledger.transfer({
      idempotencyKey: `drain:${tables[2]!.roomId}`,
      debitAccountId: await ledger.playerWallet('9421'),
      creditAccountId: await ledger.systemAccount('withdrawals'),
      amount: 10_000,
      reason: 'withdrawal',
    });
    const starts = tables.map(({ state }) => deal(store, state));
    const results = await Promise.allSettled(starts);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficientBalance' });
    // The first went alone; the other three gathered behind it into one call, which the refusal
    // sent back to be written part by part: five table_commit statements in all.
    expect(store.stats).toEqual({ parts: 3, batches: 2, fallbacks: 1, statements: 5 });
    for (const [i, t] of tables.entries()) {
      const escrow = await ledger.balance(await ledger.handEscrow(escrowReference(t.roomId, 1)));
      expect(escrow).toBe(i === 2 ? 0 : 200);
      expect((await handRow(knex, t.roomId, 1))?.status ?? null).toBe(i === 2 ? null : 'running');
    }
    expect((await checkLedger(knex)).ok).toBe(true);

    // Without a refusal the gathered commits go in one call, and all of them are written.
    const playing = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.state] : []));
    const before = { ...store.stats };
    await Promise.all(playing.map((p) => commit(store, p, { type: 'blind_bet', playerId: turn(p) })));
    expect(store.stats).toEqual({
      parts: before.parts + 3,
      batches: before.batches + 2,
      fallbacks: 1,
      statements: before.statements + 2,
    });
    for (const p of playing) expect((await handRow(knex, p.roomId, 1))!.state.pot).toBe(300);
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('holds a commit after a quiet spell gatherMs for others: tables a moment apart share one call', async () => {
    const tables = await Promise.all([
      setup(['9501', '9502']),
      setup(['9511', '9512']),
      setup(['9521', '9522']),
    ]);
    const { knex, ledger } = tables[0]!;
    const store = createHandStore(knex, ledger, { maxBatch: 64, maxInFlight: 2, gatherMs: 1_500 });
    let settled = 0;
    const first = deal(store, tables[0]!.state).then((r) => ((settled += 1), r));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing went yet: the first commit still waits for company.
    expect(settled).toBe(0);
    expect(store.stats.statements).toBe(0);
    const rest = tables.slice(1).map(({ state }) => deal(store, state));
    await Promise.all([first, ...rest]);
    expect(store.stats).toEqual({ parts: 3, batches: 1, fallbacks: 0, statements: 1 });
    for (const t of tables) expect((await handRow(knex, t.roomId, 1))!.status).toBe('running');

    // A full batch does not wait: maxBatch commits go at once.
    const quick = createHandStore(knex, ledger, { maxBatch: 1, maxInFlight: 2, gatherMs: 60_000 });
    const dealt = await Promise.all(tables.map((t) => handRow(knex, t.roomId, 1)));
    const started = performance.now();
    await commit(quick, dealt[0]!.state, { type: 'blind_bet', playerId: turn(dealt[0]!.state) });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(quick.stats.statements).toBe(1);
    expect((await checkLedger(knex)).ok).toBe(true);
  });

  it('keeps a running hand as its first state and its steps, and replays them to void it', async () => {
    const { knex, ledger, store, roomId, state } = await setup(['9801', '9802', '9803']);
    const { state: dealt } = await deal(store, state);
    let s = dealt;
    const steps: HandStep[] = [];
    for (const type of ['blind_bet', 'look', 'call'] as const) {
      const action: TableAction = { type, playerId: turn(s) };
      const step = { step: steps.length + 1, action, at: 1_000 * (steps.length + 1) };
      const r = applyAction(s, action, step.at);
      if (!r.ok) throw new Error(r.error.code);
      await store.commit(roomId, planMoney(roomId, s.pot, s.handNumber, r.events), [{ handNumber: 1, step }]);
      steps.push(step);
      s = r.state;
    }
    // The row still holds the dealt state; the three actions are steps, and replay gives the state now.
    expect((await handRow(knex, roomId, 1))!.state).toEqual(dealt);
    expect(await stepCount(knex, roomId, 1)).toBe(3);
    const running = (await store.runningHands()).find((h) => h.roomId === roomId)!;
    expect(running.state).toEqual(s);

    // Voided, the row keeps the hand as it stopped (replayed), and the state written whole replaces
    // the steps. The bets go back to who made them.
    const refunds = await store.voidHand(running);
    expect(refunds.reduce((a, r) => a + r.amount, 0)).toBe(s.pot);
    expect(await handRow(knex, roomId, 1)).toEqual({ status: 'voided', state: s });
    expect(await stepCount(knex, roomId, 1)).toBe(0);
    for (const id of ['9801', '9802', '9803']) expect(await ledger.walletBalance(id)).toBe(10_000);
  });

  it("finds a written hand's steps through the key, without reading every running hand's steps", async () => {
    const { knex, store, roomId, state } = await setup(['9821', '9822']);
    const { state: dealt } = await deal(store, state);
    const action: TableAction = { type: 'blind_bet', playerId: turn(dealt) };
    const r = applyAction(dealt, action, 1_000);
    if (!r.ok) throw new Error(r.error.code);
    await store.commit(roomId, planMoney(roomId, dealt.pot, 1, r.events), [
      { handNumber: 1, step: { step: 1, action, at: 1_000 } },
    ]);

    // One transaction, rolled back: the other hands' steps below are only there for the planner.
    const trx = await knex.transaction();
    try {
      // Many other tables' running hands: their steps, written without their rooms and hands.
      await trx.raw(`set local session_replication_role = replica`);
      await trx.raw(
        `insert into hand_steps (room_id, hand_number, step, action, at)
         select gen_random_uuid(), 1, s, '{}', 0 from generate_series(1, 1000), generate_series(1, 5) s`,
      );
      await trx.raw(`set local session_replication_role = origin`);
      // Plans this connection cached while the table was small would hide the plan of now.
      await trx.raw(`discard plans`);
      const rows = [{ room_id: roomId, hand_number: 1, state: r.state, status: 'running' }];
      await trx.raw(
        `select table_commit('{}', '{}', '{}', '{}', '{}', '{}', '{}', ?::json, '[]', true, '[]')`,
        [JSON.stringify(rows)],
      );
      const scans = await trx.raw<{ rows: { seq_scan: string }[] }>(
        `select seq_scan from pg_stat_xact_user_tables where relname = 'hand_steps'`,
      );
      const left = await trx.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from hand_steps where room_id = ?`,
        [roomId],
      );
      expect(left.rows[0]!.n).toBe(0);
      expect(Number(scans.rows[0]!.seq_scan)).toBe(0);
    } finally {
      await trx.rollback();
    }
  });

  it('replays steps up to the first gap or refused step', async () => {
    const { state } = await setup(['9811', '9812', '9813']);
    const dealt = must(state, {
      type: 'start_hand',
      serverSeed: findSeed(state, () => true).seed,
      clientSeed: 'svara',
    });
    const bet: TableAction = { type: 'blind_bet', playerId: turn(dealt) };
    const once = must(dealt, bet);
    expect(replaySteps(dealt, [{ step: 1, action: bet, at: 0 }])).toEqual(once);
    expect(replaySteps(dealt, [{ step: 2, action: bet, at: 0 }])).toEqual(dealt);
    // The same player cannot bet again out of turn: the replay keeps the state before that step.
    expect(
      replaySteps(dealt, [
        { step: 1, action: bet, at: 0 },
        { step: 2, action: bet, at: 0 },
      ]),
    ).toEqual(once);
  });

  it('voids a hand left running: the escrow goes back to who paid it, and the row says voided', async () => {
    const { knex, ledger, store, roomId, state } = await setup(['9301', '9302', '9303']);
    let { state: s } = await deal(store, state);
    ({ state: s } = await commit(store, s, { type: 'blind_bet', playerId: turn(s) }));
    ({ state: s } = await commit(store, s, { type: 'blind_bet', playerId: turn(s) }));
    const running = await store.runningHands();
    expect(running.map((h) => [h.roomId, h.handNumber])).toContainEqual([roomId, 1]);
    const refunds = await store.voidHand(running.find((h) => h.roomId === roomId)!);
    expect(refunds.reduce((a, r) => a + r.amount, 0)).toBe(600);
    for (const id of ['9301', '9302', '9303']) expect(await ledger.walletBalance(id)).toBe(10_000);
    expect((await handRow(knex, roomId, 1))!.status).toBe('voided');
    expect(await store.lastHandNumber(roomId)).toBe(1);
    expect((await store.runningHands()).some((h) => h.roomId === roomId)).toBe(false);
    expect((await checkLedger(knex)).ok).toBe(true);
  });
});
