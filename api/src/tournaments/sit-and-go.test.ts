/**
 * Sit & Go's end to end (RULES §9) on a real server, PostgreSQL and sockets: registration moves money
 * once, a full Sit & Go starts by itself, a game of random moves is played to the end and pays 65/35
 * to the cent, and an operator's cancel pays the escrow out pro rata.
 */
import { describe, expect, it } from 'vitest';
import {
  decideHouseMove,
  proRata,
  tournamentDetailsSchema,
  tournamentListSchema,
  type TableAction,
  type TournamentList,
  type TournamentSummary,
  viewFor,
} from '@svara/core';
import { mulberry32 } from '../../../core/src/table/test-support.js';
import { knexOf } from '../db/orm.js';
import { noticesFor } from '../notices/outbox.js';
import { useRealtimeBench, type TestClient } from '../realtime/test-support/harness.js';

const bench = useRealtimeBench({ sngHouseFillMs: 200, houseThinkScale: 0.01 });
let nextId = 930_000;

async function open(token: string, templateId: string): Promise<TournamentSummary> {
  const list = await bench.rest<TournamentList>('GET', '/tournaments', token);
  expect(list.status).toBe(200);
  // The answer is the protocol's shape, as the Mini App parses it.
  tournamentListSchema.parse(list.body);
  const t = list.body.tournaments.find((x) => x.templateId === templateId && x.status === 'registering');
  expect(t).toBeDefined();
  return t!;
}

async function players(n: number, funds = 10_000): Promise<TestClient[]> {
  const out: TestClient[] = [];
  for (let i = 0; i < n; i++) out.push(await bench.player(nextId++, { funds }));
  return out;
}

const register = (c: TestClient, id: string) =>
  bench.rest<TournamentSummary & { code?: string }>('POST', `/tournaments/${id}/register`, c.token);

/** Plays the tournament's table with random moves (the house strategy) until it is won. */
async function playOut(roomId: string, seed: number, only?: ReadonlySet<string>): Promise<void> {
  const runtime = bench.realtime.runtime;
  const random = mulberry32(seed);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const s = runtime.peek(roomId);
    if (s?.tournament?.finished) return;
    const h = s?.hand;
    const onTurn =
      s && h && (s.status === 'blind_betting' || s.status === 'betting') && h.turn >= 0
        ? h.players[h.turn]!.playerId
        : null;
    const mine = onTurn !== null && (only === undefined || only.has(onTurn));
    const decision = mine ? decideHouseMove(viewFor(s!, onTurn, Date.now()), random) : null;
    if (mine && decision) {
      const m = decision.move;
      const action: TableAction =
        m.type === 'raise'
          ? { type: 'raise', playerId: onTurn, amount: m.amount }
          : { type: m.type, playerId: onTurn };
      await runtime.act(roomId, action as Parameters<typeof runtime.act>[1]);
    } else await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the Sit & Go did not finish in time');
}

async function statusOf(id: string): Promise<string> {
  const r = await knexOf(bench.api.services.orm).raw<{ rows: { status: string }[] }>(
    `select status from tournaments where id = ?`,
    [id],
  );
  return r.rows[0]!.status;
}

describe('registering', () => {
  it('moves the buy-in and fee once for two taps at once, and both back at once on unregister', async () => {
    const [a] = await players(1);
    const t = await open(a!.token, 'usd-5');
    const taps = await Promise.all([register(a!, t.id), register(a!, t.id), register(a!, t.id)]);
    for (const tap of taps) expect(tap.status).toBe(200);
    expect(taps[0]!.body).toMatchObject({ registered: true, registeredCount: 1, buyIn: 5, fee: 0.5 });
    expect(await bench.walletBalance(a!.userId)).toBe(10_000 - 550);
    const offs = await Promise.all(
      [1, 2].map(() => bench.rest<{ code?: string }>('POST', `/tournaments/${t.id}/unregister`, a!.token)),
    );
    expect(offs.map((o) => o.status).sort()).toEqual([200, 409]);
    expect(offs.find((o) => o.status === 409)!.body.code).toBe('not_registered');
    expect(await bench.walletBalance(a!.userId)).toBe(10_000);
    await bench.expectLedgerOk();
  });

  it('refuses a player without the money, and one registered elsewhere (two tabs, two Sit & Go)', async () => {
    const [poor, busy] = [await bench.player(nextId++, { funds: 300 }), await bench.player(nextId++)];
    const five = await open(poor.token, 'usd-5');
    const twenty = await open(busy.token, 'usd-20');
    const refused = await register(poor, five.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('insufficientBalance');
    expect(await bench.walletBalance(poor.userId)).toBe(300);
    const both = await Promise.all([register(busy, five.id), register(busy, twenty.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.code).toBe('tournament_elsewhere');
    // Only one buy-in left the wallet.
    expect([10_000 - 550, 10_000 - 2_200]).toContain(await bench.walletBalance(busy.userId));
    await bench.rest('POST', `/tournaments/${five.id}/unregister`, busy.token);
    await bench.rest('POST', `/tournaments/${twenty.id}/unregister`, busy.token);
    expect(await bench.walletBalance(busy.userId)).toBe(10_000);
    await bench.expectLedgerOk();
  });

  it('keeps a loss limit: a buy-in that could pass it is refused, one taken counts toward it until refunded', async () => {
    const [a] = await players(1);
    const limit = (amount: number) =>
      bench.rest('POST', '/protection/limits', a!.token, { kind: 'loss', period: 'daily', amount });
    expect((await limit(5)).status).toBe(200);
    // $5 + $0.50 could cost more than the $5 left today.
    const five = await open(a!.token, 'usd-5');
    const refused = await register(a!, five.id);
    expect(refused.status).toBe(403);
    expect((refused.body as { code: string }).code).toBe('loss_limit_reached');
    expect(await bench.api.services.ledger.walletBalance(a!.userId)).toBe(10_000);
    // $1 + $0.10 fits; once in play it counts: with the limit lowered to $1 nothing more goes in.
    const one = await open(a!.token, 'usd-1');
    expect((await register(a!, one.id)).status).toBe(200);
    expect((await limit(1)).status).toBe(200);
    const room = () =>
      bench.rest<{ code: string }>('POST', '/rooms', a!.token, { type: 'public', minBet: 1 });
    expect((await room()).body.code).toBe('loss_limit_reached');
    expect((await bench.rest('POST', `/tournaments/${one.id}/unregister`, a!.token)).status).toBe(200);
    // Given back, it no longer counts.
    expect((await room()).status).toBe(201);
  });

  it('refuses a player who has not accepted the agreement', async () => {
    const c = await bench.player(nextId++, { agreement: false });
    const t = await open(c.token, 'usd-1');
    const r = await register(c, t.id);
    expect(r.body.code).toBe('agreement_required');
  });
});

describe('a 6-player Sit & Go played to the end', () => {
  it('starts when full, pays 65 % and 35 % of the pool exactly and conserves every cent', async () => {
    const six = await players(6);
    const t = await open(six[0]!.token, 'usd-1');
    for (const c of six) expect((await register(c, t.id)).status).toBe(200);
    for (const c of six)
      await c.until(() => c.all('tournament_started').length > 0, 'tournament_started', 5_000);
    const started = six[0]!.all<{ tournamentId: string; roomId: string }>('tournament_started')[0]!;
    expect(started.tournamentId).toBe(t.id);
    // Each player is told in the bot as well, once, with the table to open.
    for (const c of six) {
      const told = (await noticesFor(knexOf(bench.api.services.orm), c.userId)).filter(
        (n) => n.kind === 'tournament_started',
      );
      expect(told.map((n) => n.params)).toEqual([
        { tournamentId: t.id, roomId: started.roomId, name: t.name },
      ]);
    }
    const table = bench.realtime.runtime.peek(started.roomId)!;
    expect(table.seats.map((s) => s.balance)).toEqual(Array(6).fill(150_000));
    // The fees are the house's from the start; a new $1 Sit & Go is open already.
    expect((await open(six[0]!.token, 'usd-1')).id).not.toBe(t.id);

    await playOut(started.roomId, 42);
    for (let i = 0; i < 200 && (await statusOf(t.id)) !== 'finished'; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await statusOf(t.id)).toBe('finished');

    const balances = await Promise.all(six.map((c) => bench.walletBalance(c.userId)));
    const won = balances.map((b) => b - (10_000 - 110));
    // Pool $6.00: 35 % = $2.10, the winner $3.90; nobody else is paid.
    expect([...won].sort((a, b) => b - a)).toEqual([390, 210, 0, 0, 0, 0]);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(6 * 10_000 - 6 * 10);
    const details = await bench.rest<{ results: { place: number; prize: number }[] }>(
      'GET',
      `/tournaments/${t.id}`,
    );
    tournamentDetailsSchema.parse(details.body);
    expect(details.body.results.filter((r) => r.prize > 0).map((r) => [r.place, r.prize])).toEqual([
      [1, 3.9],
      [2, 2.1],
    ]);
    for (const c of six)
      await c.until(() => c.all('tournament_finished').length > 0, 'tournament_finished', 5_000);
    await bench.expectLedgerOk();
  }, 180_000);
});

describe("an operator's cancel", () => {
  it('pays a running Sit & Go out in proportion to the chips held and returns the fees', async () => {
    const three = [await bench.player(nextId++), await bench.player(nextId++), await bench.player(nextId++)];
    const services = bench.api.services;
    await services.tournaments.saveTemplate('usd-3x', {
      name: '$3 trio',
      currency: 'usd',
      buyIn: 3,
      fee: 0.3,
      size: 3,
    });
    const t = await open(three[0]!.token, 'usd-3x');
    for (const c of three) expect((await register(c, t.id)).status).toBe(200);
    await three[0]!.until(() => three[0]!.all('tournament_started').length > 0, 'tournament_started', 5_000);
    const { roomId } = three[0]!.all<{ roomId: string }>('tournament_started')[0]!;
    // A hand or two is played, then the operator calls it off, maybe mid-hand.
    const runtime = bench.realtime.runtime;
    for (let i = 0; i < 400 && (runtime.peek(roomId)?.handNumber ?? 0) < 2; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await services.tournaments.cancel(t.id, '1')).toBe(true);
    expect(await statusOf(t.id)).toBe('cancelled');
    // The chips each player held (a hand in play voided) are what went back to the chip bank.
    const knex = knexOf(services.orm);
    const held = await knex.raw<{ rows: { key: string; amount: string }[] }>(
      `select idempotency_key as key, amount from transfers where idempotency_key like ?`,
      [`tourney:${t.id}:cancel:%:chips`],
    );
    const chips = three.map((c) => ({
      playerId: c.userId,
      chips: Number(held.rows.find((r) => r.key.includes(`:${c.userId}:`))?.amount ?? 0),
    }));
    expect(chips.reduce((a, c) => a + c.chips, 0)).toBe(3 * 150_000);
    const shares = proRata(900, chips);
    const balances = await Promise.all(three.map((c) => bench.walletBalance(c.userId)));
    // Each got their share of the $9 pool by chips held, and their fee back from the house.
    three.forEach((c, i) => expect(balances[i]).toBe(10_000 - 330 + shares.get(c.userId)! + 30));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(3 * 10_000);
    const cancelled = await bench.rest<{ code: string }>(
      'POST',
      `/tournaments/${t.id}/register`,
      three[0]!.token,
    );
    expect(cancelled.body.code).toBe('tournament_started');
    for (const c of three)
      await c.until(() => c.all('tournament_cancelled').length > 0, 'tournament_cancelled', 5_000);
    await bench.expectLedgerOk();
  }, 60_000);
});

describe('a free Sit & Go in play chips', () => {
  it('fills with house players when a person waits, and is played to the end in chips', async () => {
    const [person] = await players(1);
    const t = await open(person!.token, 'chips-free');
    expect(t).toMatchObject({ currency: 'chips', buyIn: 100, fee: 0, size: 3 });
    const dollars = await bench.walletBalance(person!.userId);
    expect((await register(person!, t.id)).status).toBe(200);
    await person!.until(() => person!.all('tournament_started').length > 0, 'tournament_started', 5_000);
    const { roomId } = person!.all<{ roomId: string }>('tournament_started')[0]!;
    const seats = bench.realtime.runtime.peek(roomId)!.seats;
    expect(seats.filter((s) => s.house)).toHaveLength(2);
    await playOut(roomId, 7, new Set([person!.userId]));
    for (let i = 0; i < 200 && (await statusOf(t.id)) !== 'finished'; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await statusOf(t.id)).toBe('finished');
    const chips = await bench.api.services.ledger.walletBalance(person!.userId, 'chips');
    // ◎10,000 granted, ◎100 paid in: ◎9,900, or ◎10,200 with the ◎300 prize.
    expect([990_000, 1_020_000]).toContain(chips);
    expect(await bench.walletBalance(person!.userId)).toBe(dollars);
    await bench.expectLedgerOk();
  }, 180_000);
});
