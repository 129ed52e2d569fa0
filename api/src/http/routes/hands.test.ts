/**
 * GET /api/v1/hands and GET /api/v1/hands/:id over hands played through core and committed as the
 * runtime commits them: the history lists what a player was dealt into, newest first, page by page,
 * and shows each viewer exactly what the live table showed them.
 */
import type { Card, TableState } from '@svara/core';
import { describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { distinctScores, openTestTable, playOut } from '../../hands/test-hands.js';
import type { HandDetail, HandSummary } from '../../hands/types.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer();

type Page = { hands: HandSummary[]; nextCursor: string | null };

const cardsOf = (s: TableState, id: string): Card[] =>
  s.hand!.players.find((p) => p.playerId === id)!.cards.map((c) => ({ rank: c.rank, suit: c.suit }));

async function list(token: string, query = ''): Promise<Page> {
  const r = await api.request<Page>('GET', `/hands${query}`, { token });
  expect(r.status).toBe(200);
  return r.body;
}

async function detail(id: string, token?: string, query = ''): Promise<HandDetail> {
  const r = await api.request<HandDetail>('GET', `/hands/${id}${query}`, token ? { token } : {});
  expect(r.status).toBe(200);
  return r.body;
}

describe('hand history', () => {
  it('lists the hands a player was dealt into and shows each viewer only what the table showed them', async () => {
    const ids = ['7001', '7002', '7003'];
    const tokens = Object.fromEntries(
      await Promise.all(ids.map(async (id) => [id, await api.login({ id: Number(id) })])),
    );
    const knex = knexOf(api.services.orm);
    const table = await openTestTable(knex, ids);

    // Hand 1: the second player looks (so every dealt player sees their own cards), the third folds,
    // the other two reach the showdown.
    const dealt = await table.deal(distinctScores);
    const order = dealt.hand!.players.map((p) => p.playerId);
    const [first, looker, folder] = order as [string, string, string];
    expect((await list(tokens[first]!)).hands).toEqual([]); // a running hand is not history yet
    await playOut(table, looker, folder);
    const hand1 = table.state;
    expect(hand1.status).toBe('finished');

    const folderPage = await list(tokens[folder]!);
    expect(folderPage.hands).toHaveLength(1);
    const mineFolded = folderPage.hands[0]!;
    expect(mineFolded.mine).toMatchObject({ cards: cardsOf(hand1, folder), result: 'lost' });
    expect(mineFolded.shown.map((s) => s.playerId).sort()).toEqual([first, looker].sort());
    // People, not the house: a dollar table has no house players (RULES §8).
    expect(mineFolded.shown.map((s) => s.isHouse)).toEqual([false, false]);
    expect(mineFolded).toMatchObject({
      handNumber: 1,
      players: 3,
      stake: 1,
      verifyPath: `/verify?hand=${mineFolded.id}`,
    });

    // The players at the showdown never see the folded hand: not in the list, not in any frame.
    const secret = JSON.stringify(cardsOf(hand1, folder));
    for (const viewer of [first, looker]) {
      const page = await list(tokens[viewer]!);
      expect(JSON.stringify(page)).not.toContain(secret);
      const d = await detail(mineFolded.id, tokens[viewer]!);
      expect(JSON.stringify(d)).not.toContain(secret);
      expect(d.hand.mine!.cards).toEqual(cardsOf(hand1, viewer));
    }
    const winner = hand1.result!.winners[0]!;
    expect((await list(tokens[winner]!)).hands[0]!.mine).toMatchObject({ result: 'won' });

    // The replay: the deal, every action in order, then the end; the folder sees their own cards
    // from the look on, and the public view (a shared link, or no sign-in) shows no unshown card.
    const own = await detail(mineFolded.id, tokens[folder]!);
    expect(own.frames[0]!.move).toBeNull();
    expect(own.frames[0]!.state.pot).toBe(3); // the antes
    const moves = own.frames.slice(1).map((f) => f.move!.type);
    expect(moves[0]).toBe('blind_bet');
    expect(moves).toContain('look');
    expect(moves).toContain('fold');
    const seat = (f: HandDetail['frames'][number], id: string) => f.state.players.find((p) => p.id === id)!;
    expect(seat(own.frames[0]!, folder).cards).toBeNull();
    expect(seat(own.frames.at(-1)!, folder).cards).toEqual(cardsOf(hand1, folder));
    expect(own.frames.at(-1)!.state.status).toBe('finished');
    expect(own.frames.at(-1)!.state.fairness.revealedSeed).toBe(hand1.fairness!.revealedSeed);
    expect(own.frames.every((f) => f.state.allowedActions === null)).toBe(true);
    // No frame before the end carries the seed.
    expect(own.frames.slice(0, -1).every((f) => f.state.fairness.revealedSeed === null)).toBe(true);
    expect(JSON.stringify(own.frames.slice(0, -1))).not.toContain(hand1.fairness!.revealedSeed!);
    for (const publicView of [
      await detail(mineFolded.id, tokens[folder]!, '?view=public'),
      await detail(mineFolded.id),
    ]) {
      expect(publicView.hand.mine).toBeNull();
      expect(JSON.stringify(publicView)).not.toContain(secret);
      expect(publicView.frames).toHaveLength(own.frames.length);
    }

    // Hand 2: nobody looks, two players leave (a fold without a look): nobody's cards are shown.
    const later = hand1.result!.until;
    await table.act({ type: 'tick' }, later);
    const h2 = await table.deal(distinctScores, later);
    const stayer = h2.hand!.players[0]!.playerId;
    await table.act({ type: 'blind_bet', playerId: stayer }, later);
    for (const id of ids) if (id !== stayer) await table.act({ type: 'leave', playerId: id }, later);
    expect(table.state.hand!.looked).toBe(false);
    const latest = (await list(tokens[stayer]!)).hands[0]!;
    // A dollar table's hand says so: its amounts are dollars (a practice hand says 'chips').
    expect(latest).toMatchObject({ handNumber: 2, currency: 'usd', shown: [] });
    expect(latest.mine).toMatchObject({ cards: null, result: 'won' });

    // Pages: newest first, each hand once, the cursor runs out.
    const p1 = await list(tokens[stayer]!, '?limit=1');
    expect(p1.hands.map((h) => h.handNumber)).toEqual([2]);
    const p2 = await list(tokens[stayer]!, `?limit=1&cursor=${p1.nextCursor}`);
    expect(p2.hands.map((h) => h.handNumber)).toEqual([1]);
    expect(p2.nextCursor).toBeNull();
  });

  it('needs a sign-in for the list and refuses a bad cursor, a bad id and an unknown hand', async () => {
    const token = await api.login({ id: 7101 });
    expect((await api.request('GET', '/hands')).status).toBe(401);
    expect((await api.request('GET', '/hands?cursor=nonsense!', { token })).status).toBe(400);
    expect(
      (await api.request('GET', `/hands?cursor=${Buffer.from('["x","y"]').toString('base64url')}`, { token }))
        .status,
    ).toBe(400);
    expect((await api.request('GET', '/hands?limit=500', { token })).status).toBe(400);
    expect((await api.request('GET', '/hands/not-a-uuid', { token })).status).toBe(400);
    expect((await api.request('GET', '/hands/5b0c2b7e-1d2f-4a8e-9c3d-2f1e0a9b8c7d', { token })).status).toBe(
      404,
    );
  });
});
