/**
 * Test support: plays hands through core and commits every action the way the table runtime does
 * (hand-rows.ts decides what is written, the hand store writes it through table_commit), so the
 * history's triggers see exactly what production writes.
 */
import { applyAction, createTable, legalMoves, type TableAction, type TableState } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { createLedger } from '../ledger/ledger.js';
import { createHandStore, type HandStore } from '../realtime/hand-store.js';
import { handRows, type HandRowCursor } from '../realtime/hand-rows.js';
import { planMoney } from '../realtime/ledger-plan.js';
import { findSeed } from '../realtime/test-support/seeds.js';
import { fundedTestRoom } from '../test-support/funded-room.js';

export type TestTable = {
  roomId: string;
  state: TableState;
  /** Applies `action` at `now` and commits it as the runtime would. */
  act(action: TableAction, now?: number): Promise<TableState>;
  /** Deals with the first test seed whose deal satisfies `wanted`. */
  deal(wanted?: (dealt: TableState) => boolean, now?: number): Promise<TableState>;
  /** The player on turn. */
  turn(): string;
};

export async function openTestTable(knex: Knex, players: string[], store?: HandStore): Promise<TestTable> {
  const ledger = createLedger(knex);
  const hands = store ?? createHandStore(knex, ledger);
  const roomId = await fundedTestRoom(knex, players);
  let state = createTable({ roomId, stake: 100 });
  for (const playerId of players) {
    const r = applyAction(
      state,
      { type: 'sit', playerId, balance: 10_000, username: `u${playerId}`, avatar: null },
      0,
    );
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
  }
  let row: HandRowCursor = { rowStatus: null, steps: 0 };
  let seedFrom = 1;

  const table: TestTable = {
    roomId,
    get state() {
      return state;
    },
    async act(action, now = 1_000) {
      const before = state;
      const r = applyAction(before, action, now);
      if (!r.ok) throw new Error(`${action.type}: ${r.error.code}`);
      const plan = planMoney(roomId, before.pot, before.handNumber, r.events);
      const rows = handRows(row, before, r.state, plan, action, now);
      await hands.commit(roomId, plan, rows);
      for (const written of rows) {
        if (written.handNumber !== r.state.handNumber) continue;
        row = written.step
          ? { rowStatus: row.rowStatus, steps: row.steps + 1 }
          : { rowStatus: written.status, steps: 0 };
      }
      state = r.state;
      return state;
    },
    async deal(wanted = () => true, now = 1_000) {
      const { seed } = findSeed(state, wanted, { from: seedFrom });
      seedFrom = Number.parseInt(seed.slice(0, 8), 16) + 1;
      return table.act({ type: 'start_hand', serverSeed: seed, clientSeed: 'svara' }, now);
    },
    turn() {
      const h = state.hand!;
      return h.players[h.turn]!.playerId;
    },
  };
  return table;
}

/** A deal with no tie (no svara): each hand ends at its showdown or with the last fold. */
export const distinctScores = (s: TableState): boolean =>
  new Set(s.hand!.players.map((p) => p.score)).size === s.hand!.players.length;

/**
 * Plays the betting out: `looker` looks at the first chance, `folder` folds once it may after a
 * look, the others call (or bet blind while they may not call).
 */
export async function playOut(table: TestTable, looker: string | null, folder: string | null): Promise<void> {
  while (['blind_betting', 'betting'].includes(table.state.status)) {
    const id = table.turn();
    const m = legalMoves(table.state, id);
    if (id === looker && m.look && !table.state.hand!.looked) await table.act({ type: 'look', playerId: id });
    else if (id === folder && m.fold && table.state.hand!.looked)
      await table.act({ type: 'fold', playerId: id });
    else if (m.call) await table.act({ type: 'call', playerId: id });
    else if (m.blindBet !== null) await table.act({ type: 'blind_bet', playerId: id });
    else await table.act({ type: 'fold', playerId: id });
  }
}
