/**
 * The public fairness api over hands committed as the runtime commits them: a hand's record (only
 * once it has ended) verifies with core's verifier, the records of a table form a hash chain, the
 * chain cannot be rewritten in place, and the daily digest names every chain's head.
 */
import {
  GENESIS_HASH,
  legalMoves,
  verifyHandRecord,
  type PublicHandRecord,
  type TableState,
} from '@svara/core';
import { describe, expect, it } from 'vitest';
import { knexOf } from '../../db/orm.js';
import { createFairnessDigests, dayOf, digestOf, type DailyDigest } from '../../fairness/digest.js';
import { verifyCommand } from '../../fairness/verify-command.js';
import { openTestTable, type TestTable } from '../../hands/test-hands.js';
import { useTestServer } from '../../test-support/http.js';

const api = useTestServer();

type Record = PublicHandRecord;

const distinctScores = (s: TableState) =>
  new Set(s.hand!.players.map((p) => p.score)).size === s.hand!.players.length;

/** Plays betting out: everyone looks at the first chance then calls (`folder` folds once it may). */
async function playOut(table: TestTable, folder: string | null) {
  while (['blind_betting', 'betting'].includes(table.state.status)) {
    const id = table.turn();
    const m = legalMoves(table.state, id);
    if (m.look && !table.state.hand!.looked) await table.act({ type: 'look', playerId: id });
    else if (id === folder && m.fold) await table.act({ type: 'fold', playerId: id });
    else if (m.call) await table.act({ type: 'call', playerId: id });
    else await table.act({ type: 'fold', playerId: id });
  }
}

async function record(id: string, status = 200): Promise<Record> {
  const r = await api.request<Record>('GET', `/fairness/hands/${id}`);
  expect(r.status).toBe(status);
  return r.body;
}

const failed = (r: ReturnType<typeof verifyHandRecord>) => r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('GET /api/v1/fairness/hands/:id and the hash chain', () => {
  it('gives an ended hand its record, chained to the previous one; a running hand has none', async () => {
    const knex = knexOf(api.services.orm);
    const table = await openTestTable(knex, ['8101', '8102', '8103']);

    // Hand 1: one player folds, two show their cards at the showdown.
    const h1 = await table.deal(distinctScores);
    const folder = h1.hand!.players[2]!.playerId;
    await playOut(table, folder);
    expect(table.state.status).toBe('finished');
    const end1 = table.state;
    const first = await record(`${table.roomId}-1`);
    expect(first).toMatchObject({
      handNumber: 1,
      status: 'finished',
      prevHash: GENESIS_HASH,
    });
    // One link to the previous record, `prevHash`: the answer has no second name for it.
    expect(Object.keys(first)).not.toContain('previousHash');
    expect(first.serverSeed).toBe(end1.fairness!.revealedSeed);
    expect(first.dealOrder).toEqual(end1.hand!.players.map((p) => p.position));
    // Only the cards shown at the showdown leave in the record: the folded hand does not.
    const shownPositions = end1.hand!.players.filter((p) => p.revealed).map((p) => p.position);
    expect(first.shown.map((s) => s.position)).toEqual(shownPositions);
    const folded = end1.hand!.players.find((p) => p.playerId === folder)!;
    expect(JSON.stringify(first)).not.toContain(JSON.stringify(folded.cards));
    expect(failed(verifyHandRecord(first, { previous: null }))).toEqual([]);
    // The same record under the hand's id (the history's verify link).
    expect((await record(first.id)).recordHash).toBe(first.recordHash);

    // Hand 2 ends; hand 3 is dealt and still running.
    await table.act({ type: 'tick' }, end1.result!.until);
    await table.deal(distinctScores, end1.result!.until);
    await playOut(table, null);
    const end2 = table.state;
    await table.act({ type: 'tick' }, end2.result!.until);
    await table.deal(() => true, end2.result!.until);
    expect(table.state.status).toBe('blind_betting');

    const second = await record(`${table.roomId}-2`);
    expect(second.prevHash).toBe(first.recordHash);
    expect(failed(verifyHandRecord(second, { previous: first }))).toEqual([]);
    // A rewritten hand 1 would hash differently, and hand 2 would no longer link to it.
    const rewritten = { ...first, dealHash: 'e'.repeat(64) };
    expect(failed(verifyHandRecord(second, { previous: rewritten }))).toEqual(['chain']);

    // The running hand's seed is secret: no record.
    const running = await api.request<{ code: string }>('GET', `/fairness/hands/${table.roomId}-3`);
    expect(running.status).toBe(404);
    expect(JSON.stringify(running.body)).not.toContain(table.state.hand!.serverSeed);

    const links = await api.request<{
      links: { handNumber: number; prevHash: string; recordHash: string }[];
    }>('GET', `/fairness/chains/${table.roomId}`);
    expect(links.body.links.map((l) => [l.handNumber, l.prevHash, l.recordHash])).toEqual([
      [1, GENESIS_HASH, first.recordHash],
      [2, first.recordHash, second.recordHash],
    ]);

    // Records are append-only: the database refuses to rewrite one.
    await expect(
      knex.raw(`update hand_fairness set deal_hash = ? where room_id = ? and hand_number = 1`, [
        '0'.repeat(64),
        table.roomId,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(knex.raw(`delete from hand_fairness where room_id = ?`, [table.roomId])).rejects.toThrow(
      /append-only/,
    );

    // The day's digest, published once the day is over, names this chain's head (hand 2).
    const today = dayOf(Date.now());
    expect((await api.request('GET', `/fairness/digest/${today}`)).status).toBe(404);
    const digests = createFairnessDigests(knex, api.services.logger);
    expect(await digests.publishDue(new Date())).toEqual([]); // today is not over
    const published = await digests.publishDue(new Date(Date.now() + 86_400_000 + 600_000));
    expect(published.map((d) => d.day)).toContain(today);
    const digest = await api.request<DailyDigest>('GET', `/fairness/digest/${today}`);
    expect(digest.status).toBe(200);
    expect(digest.body.heads).toContainEqual({
      roomId: table.roomId,
      handNumber: 2,
      recordHash: second.recordHash,
    });
    expect(digest.body.digest).toBe(digestOf(today, digest.body.heads));
    expect(digest.body.hands).toBeGreaterThanOrEqual(2);
    // Published once: a second run changes nothing.
    expect(await digests.publishDue(new Date(Date.now() + 86_400_000 + 600_000))).toEqual([]);

    // The CLI (npm run verify) checks the same from the public api alone.
    const cli = await verifyCommand(`${table.roomId}-1`, api.baseUrl);
    expect(cli.ok).toBe(true);
    expect(cli.text).toContain('✓ The hand is fair');
    // Hand 2's link is checked against hand 1's record, fetched and hashed by the CLI itself.
    expect((await verifyCommand(`${table.roomId}-2`, api.baseUrl)).ok).toBe(true);
    const rewrittenFirst: typeof fetch = async (url) => {
      const body = (await (await fetch(url)).json()) as Record;
      return Response.json(body.handNumber === 1 ? { ...body, dealHash: 'f'.repeat(64) } : body);
    };
    const unlinked = await verifyCommand(`${table.roomId}-2`, api.baseUrl, rewrittenFirst);
    expect(unlinked.ok).toBe(false);
    expect(unlinked.text).toContain('✗ the record hashes to its recorded hash, linked');
    expect((await verifyCommand(`${table.roomId}-3`, api.baseUrl)).ok).toBe(false);
    // An answer whose seed was swapped fails the commitment.
    const forged: typeof fetch = async (url) => {
      const body = (await (await fetch(url)).json()) as Record;
      return Response.json({ ...body, serverSeed: 'ab'.repeat(32) });
    };
    const bad = await verifyCommand(`${table.roomId}-1`, api.baseUrl, forged);
    expect(bad.ok).toBe(false);
    expect(bad.text).toContain('✗ the revealed server seed hashes (SHA-256) to the commitment');
  });

  it('refuses a malformed id or day, and answers 404 for an unknown hand', async () => {
    expect((await api.request('GET', '/fairness/hands/not-a-hand')).status).toBe(400);
    expect(
      (await api.request('GET', `/fairness/hands/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).status,
    ).toBe(404);
    expect((await api.request('GET', '/fairness/digest/2026-13-01')).status).toBe(400);
    expect((await api.request('GET', '/fairness/digest/2020-01-01')).status).toBe(404);
    expect((await api.request('GET', '/fairness/chains/nope')).status).toBe(400);
  });
});

describe('digestOf', () => {
  it('is the same whatever the order of the heads, and changes with any head', () => {
    const heads = [
      { roomId: 'b', handNumber: 3, recordHash: '1'.repeat(64) },
      { roomId: 'a', handNumber: 9, recordHash: '2'.repeat(64) },
    ];
    expect(digestOf('2026-11-28', heads)).toBe(digestOf('2026-11-28', [...heads].reverse()));
    expect(digestOf('2026-11-28', heads)).not.toBe(digestOf('2026-11-29', heads));
    expect(digestOf('2026-11-28', [{ ...heads[0]!, handNumber: 4 }, heads[1]!])).not.toBe(
      digestOf('2026-11-28', heads),
    );
  });
});
