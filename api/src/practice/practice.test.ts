/**
 * Practice tables (RULES §8) with real sockets: play chips that never touch a dollar account, a top-up
 * that happens once however often it is asked for, Play now that deals a lone newcomer in with house
 * players, and house players who never sit at a dollar table.
 */
import { describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import {
  COOL_OFF_DURATIONS,
  practiceRoomsSchema,
  SELF_EXCLUSION_DURATIONS,
  type RoomSummary,
} from '@svara/core';
import { FAST_TIMINGS, useRealtimeBench } from '../realtime/test-support/harness.js';

const COOL_OFF = COOL_OFF_DURATIONS[0];
const SELF_EXCLUSION = SELF_EXCLUSION_DURATIONS[0];

// A short turn: the newcomer stops acting once she has played her hands, and the table goes on.
const bench = useRealtimeBench({ houseThinkScale: 0.05, timings: { ...FAST_TIMINGS, turnMs: 3_000 } });
let nextId = 910_000;

/** Every dollar account's balance, by kind: practice must leave them as they were. */
async function dollarTotals(): Promise<Record<string, number>> {
  const rows = await knexOf(bench.api.services.orm).raw<{ rows: { kind: string; total: string }[] }>(
    `select kind, sum(balance) as total from accounts where kind not like 'chip\\_%' group by kind`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.kind, Number(r.total)]));
}

type Status = { chips: number; nextTopUpAt: string | null; grant: number; stakes: number[] };

describe('play chips', () => {
  it('a newcomer has 10,000 chips on first open, given once, in no dollar account', async () => {
    const token = await bench.login(nextId++);
    const dollars = await dollarTotals();
    const first = await bench.rest<Status>('GET', '/practice', token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ chips: 10_000, grant: 10_000, stakes: [10, 50, 200] });
    expect((await bench.rest<Status>('GET', '/practice', token)).body.chips).toBe(10_000);
    expect(await dollarTotals()).toEqual(dollars);
    await bench.expectLedgerOk();
  });

  it('tops up once however many taps arrive together, and not again within four hours', async () => {
    const id = nextId++;
    const token = await bench.login(id);
    await bench.rest('GET', '/practice', token);
    // Lose most chips (as at a table): too few to sit anywhere.
    const ledger = bench.api.services.ledger;
    await ledger.transfer({
      idempotencyKey: `test-lose:${id}`,
      debitAccountId: await ledger.walletOf(String(id), 'chips'),
      creditAccountId: await ledger.systemAccount('chip_bank'),
      amount: 999_950,
      reason: 'test',
    });
    const taps = await Promise.all(
      [1, 2, 3].map(() => bench.rest<Status>('POST', '/practice/top-up', token)),
    );
    const ok = taps.filter((t) => t.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const t of taps) expect([200, 429]).toContain(t.status);
    expect(await ledger.walletBalance(String(id), 'chips')).toBe(1_000_000);
    const topUps = await knexOf(bench.api.services.orm)('transfers')
      .where('reason', 'chips_topup')
      .andWhereRaw(`metadata ->> 'userId' = ?`, [String(id)]);
    expect(topUps).toHaveLength(1);

    const again = await bench.rest<{ code: string }>('POST', '/practice/top-up', token);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('chips_topup_too_soon');
    await bench.expectLedgerOk();
  });

  it('a cool-off stops practice as it stops real play', async () => {
    const id = nextId++;
    await bench.login(id);
    await bench.api.services.protection.exclude(String(id), { kind: 'cool_off', duration: COOL_OFF });
    // The break signed the player out everywhere: the app signs in again.
    const token = await bench.login(id);
    const refused = await bench.rest<{ code: string }>('POST', '/practice/play-now', token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('self_excluded');
  });
});

describe('GET /practice/rooms', () => {
  it('lists the public practice tables with a seat for a person, in chips, lowest stake first, and nothing else', async () => {
    const owner = await bench.login(nextId++);
    await bench.fund(String(nextId - 1), 10_000);
    await bench.rest('GET', '/practice', owner);
    await bench.api.services.practice.keepTablesOpen();
    const dollars = await bench.createRoom(owner, 1);
    const secret = await bench.rest<{ roomId: string }>('POST', '/rooms', owner, {
      type: 'private',
      minBet: 20,
      password: '123456',
      currency: 'chips',
    });
    expect(secret.status).toBe(201);
    const own = await bench.rest<{ roomId: string }>('POST', '/rooms', owner, {
      type: 'public',
      minBet: 20,
      currency: 'chips',
    });
    expect(own.status).toBe(201);

    // Open to everyone, like the dollar lobby.
    const listed = await bench.rest<RoomSummary[]>('GET', '/practice/rooms');
    expect(listed.status).toBe(200);
    const rooms = practiceRoomsSchema.parse(listed.body);
    expect(rooms.every((r) => r.currency === 'chips' && r.type === 'public')).toBe(true);
    const ids = rooms.map((r) => r.roomId);
    expect(ids).toContain(own.body.roomId);
    expect(ids).not.toContain(secret.body.roomId);
    expect(ids).not.toContain(dollars);
    for (const stake of [10, 50, 200]) expect(rooms.some((r) => r.minBet === stake)).toBe(true);
    const stakes = rooms.map((r) => r.minBet);
    expect(stakes).toEqual([...stakes].sort((a, b) => a - b));
  });
});

describe('the protection gates at practice tables', () => {
  it('a suspended player gets neither Play now nor a practice seat', async () => {
    const id = nextId++;
    const token = await bench.login(id);
    const { roomId } = (await bench.rest<{ roomId: string }>('POST', '/practice/play-now', token)).body;
    await bench.api.services.suspension.suspend(String(id), '1', 'fraud');
    // The suspension signed the player out everywhere: the app signs in again.
    const again = await bench.player(id, { funds: 0 });
    const refused = await bench.rest<{ code: string }>('POST', '/practice/play-now', again.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_suspended');
    const join = await bench.rest<{ code: string }>('POST', `/rooms/${roomId}/join`, again.token, {});
    expect(join.body.code).toBe('account_suspended');
    expect(await again.send('sit_down', { roomId })).toMatchObject({ ok: false, code: 'account_suspended' });
    expect(bench.realtime.runtime.seatOf(String(id))).toBeUndefined();
  });

  it('a self-excluded player gets neither Play now nor a practice seat', async () => {
    const id = nextId++;
    const token = await bench.login(id);
    const { roomId } = (await bench.rest<{ roomId: string }>('POST', '/practice/play-now', token)).body;
    await bench.api.services.protection.exclude(String(id), {
      kind: 'self_exclusion',
      duration: SELF_EXCLUSION,
    });
    const again = await bench.player(id, { funds: 0 });
    const refused = await bench.rest<{ code: string }>('POST', '/practice/play-now', again.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('self_excluded');
    const join = await bench.rest<{ code: string }>('POST', `/rooms/${roomId}/join`, again.token, {});
    expect(join.body.code).toBe('self_excluded');
    expect(await again.send('sit_down', { roomId })).toMatchObject({ ok: false, code: 'self_excluded' });
    expect(bench.realtime.runtime.seatOf(String(id))).toBeUndefined();
  });

  it('Play now waits for the accepted agreement', async () => {
    const token = await bench.login(nextId++, { agreement: false });
    const refused = await bench.rest<{ code: string }>('POST', '/practice/play-now', token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('agreement_required');
  });
});

describe('Play now and house players', () => {
  it('deals a lone newcomer in with house players, moves only chips, and seats a second person in a house seat', async () => {
    const dollars = await dollarTotals();
    const alice = await bench.player(nextId++, { funds: 0 });
    const answer = await bench.rest<{ roomId: string }>('POST', '/practice/play-now', alice.token);
    expect(answer.status).toBe(200);
    const { roomId } = answer.body;
    // The dollar lobby does not list it: practice is reached through Play now.
    const listed = await bench.rest<{ roomId: string }[]>('GET', '/rooms');
    expect(listed.body.some((room) => room.roomId === roomId)).toBe(false);
    expect(await alice.send('join_room', { roomId })).toEqual({ ok: true });
    expect(await alice.send('sit_down', { roomId })).toEqual({ ok: true });

    // A hand is dealt with house players within seconds, nobody else online.
    const dealt = await alice.frame(
      (s) => s.status === 'blind_betting' || s.status === 'betting',
      'a deal',
      5_000,
    );
    expect(dealt.currency).toBe('chips');
    expect(dealt.players.filter((p) => p.isHouse).length).toBeGreaterThanOrEqual(1);
    expect(dealt.players.find((p) => p.id === alice.userId)?.isHouse).toBe(false);

    // Alice plays a few hands (she looks and calls); the house fills to four and keeps a seat free.
    let hands = 0;
    let last = dealt.fairness.handNumber;
    while (hands < 3) {
      const s = await alice.frame(
        (f) => f.fairness.handNumber > last || (alice.onTurn && f.allowedActions !== null),
        'a turn or a new hand',
        15_000,
      );
      if (s.fairness.handNumber > last) {
        hands += 1;
        last = s.fairness.handNumber;
        continue;
      }
      const allowed = s.allowedActions!;
      const action = allowed.look
        ? 'look'
        : allowed.call
          ? 'call'
          : allowed.joinSvara
            ? 'join_svara'
            : 'fold';
      await alice.send('game_action', { roomId, action });
    }
    const full = alice.state!;
    expect(full.players.filter((p) => p.isHouse)).toHaveLength(4);
    expect(full.players.length).toBe(5);

    // A second person comes: a house player makes way between hands, one seat stays free.
    const boris = await bench.player(nextId++, { funds: 0 });
    await bench.rest('GET', '/practice', boris.token);
    expect(await boris.send('join_room', { roomId })).toEqual({ ok: true });
    expect(await boris.send('sit_down', { roomId })).toEqual({ ok: true });
    const withBoris = await alice.frame(
      (s) => s.players.some((p) => p.id === boris.userId) && s.players.filter((p) => p.isHouse).length === 3,
      'a house player making way',
      30_000,
    );
    expect(withBoris.players.length).toBeLessThanOrEqual(5);

    await alice.send('leave_room', { roomId });
    await boris.send('leave_room', { roomId });
    // With no people left the house players leave too.
    await expect
      .poll(() => bench.realtime.runtime.peek(roomId)?.seats.length ?? 0, { timeout: 30_000 })
      .toBe(0);

    expect(await dollarTotals()).toEqual(dollars);
    await bench.expectLedgerOk();
  }, 120_000);

  it('a house player never sits at a dollar table, whoever asks', async () => {
    const owner = await bench.player(nextId++);
    const roomId = await bench.createRoom(owner.token, 1);
    await bench.api.services.practice.ensureHouseUser('-1', 'Bella');
    await bench.api.services.practice.chips.fundHousePlayer('-1');
    const result = await bench.realtime.runtime.sit(roomId, { id: '-1', username: 'Bella', avatar: null });
    expect(result).toMatchObject({ ok: false, code: 'forbidden' });
    expect(bench.realtime.runtime.peek(roomId)?.seats ?? []).toEqual([]);
  });
});
