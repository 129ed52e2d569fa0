/**
 * The chain kept up as hands end: pokes from many tables are chained together in batches, each
 * table's records in hand order and linked to the one before, and a hand still running holds back
 * the hands after it until it ends.
 */
import { GENESIS_HASH, legalMoves, type TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { distinctScores, openTestTable, type TestTable } from '../hands/test-hands.js';
import { useTestServer } from '../test-support/http.js';
import { createFairnessChain } from './chain.js';

const api = useTestServer();

/** Deals the next hand unless one is dealt, and plays it out (everyone calls). */
async function playHand(table: TestTable): Promise<TableState> {
  const at = table.state.result?.until ?? 1_000;
  if (table.state.status === 'finished') await table.act({ type: 'tick' }, at);
  if (table.state.status === 'waiting') await table.deal(distinctScores, at);
  while (['blind_betting', 'betting'].includes(table.state.status)) {
    const id = table.turn();
    const m = legalMoves(table.state, id);
    if (m.look && !table.state.hand!.looked) await table.act({ type: 'look', playerId: id }, at);
    else await table.act(m.call ? { type: 'call', playerId: id } : { type: 'fold', playerId: id }, at);
  }
  return table.state;
}

describe('the fairness chain', () => {
  it("chains the hands of every poked table in one batch, each table's records linked in order", async () => {
    const knex = knexOf(api.services.orm);
    const chain = createFairnessChain(knex, api.services.logger);
    const a = await openTestTable(knex, ['8301', '8302']);
    const b = await openTestTable(knex, ['8303', '8304', '8305']);
    for (const table of [a, b, a, b, a]) await playHand(table);
    // Pokes as the runtime sends them: one per ended hand, in any order, some twice.
    for (const roomId of [a.roomId, b.roomId, a.roomId, a.roomId, b.roomId]) chain.poke(roomId);
    await chain.idle();

    const linksOf = async (roomId: string) => chain.links(roomId, 0, 10);
    const la = await linksOf(a.roomId);
    const lb = await linksOf(b.roomId);
    expect(la.map((l) => l.handNumber)).toEqual([1, 2, 3]);
    expect(lb.map((l) => l.handNumber)).toEqual([1, 2]);
    for (const links of [la, lb]) {
      expect(links[0]!.prevHash).toBe(GENESIS_HASH);
      for (let i = 1; i < links.length; i++) expect(links[i]!.prevHash).toBe(links[i - 1]!.recordHash);
    }
    // Nothing new: a poke adds nothing and rewrites nothing.
    chain.poke(a.roomId);
    await chain.idle();
    expect(await linksOf(a.roomId)).toEqual(la);
  });

  it('waits for a running hand: the hands after it are chained once it has ended', async () => {
    const knex = knexOf(api.services.orm);
    const chain = createFairnessChain(knex, api.services.logger);
    const table = await openTestTable(knex, ['8311', '8312']);
    await playHand(table);
    const until = table.state.result!.until;
    await table.act({ type: 'tick' }, until);
    await table.deal(distinctScores, until);
    expect(table.state.status).toBe('blind_betting');
    chain.poke(table.roomId);
    await chain.idle();
    expect((await chain.links(table.roomId, 0, 10)).map((l) => l.handNumber)).toEqual([1]);

    await playHand(table);
    chain.poke(table.roomId);
    await chain.idle();
    const links = await chain.links(table.roomId, 0, 10);
    expect(links.map((l) => l.handNumber)).toEqual([1, 2]);
    expect(links[1]!.prevHash).toBe(links[0]!.recordHash);
  });
});
