/**
 * Suspension at the tables: a suspended account takes no seat; a seated player who is suspended
 * plays the hand in progress out and is stood up when it ends, told why (`stood_up` with
 * account_suspended) — also when the suspension was not signalled to this process (it is checked
 * again before every deal).
 */
import type { GameState, ServerEventPayload } from '@svara/core';
import { afterEach, describe, expect, it } from 'vitest';
import { knexOf } from '../db/orm.js';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import { act, finishHand, leaveAll, seatAll, sync, threeDealt, turnOf } from './test-support/table-driver.js';

const bench = useRealtimeBench();
let nextId = 780_000;
const SUSPENDED_TEXT =
  'Your account is suspended: playing, deposits and withdrawals are unavailable. Contact support.';

afterEach(async () => {
  await bench.expectLedgerOk();
});

type StoodUp = ServerEventPayload<'stood_up'>;
const seatOf = (s: GameState, p: TestClient) => s.players.find((x) => x.id === p.userId);

describe('a suspended account at the tables', () => {
  it('cannot sit down: account_suspended, and the table is unchanged', async () => {
    const owner = await bench.player(nextId++);
    const suspended = await bench.player(nextId++);
    const roomId = await bench.createRoom(owner.token, 1);
    await bench.api.services.suspension.suspend(suspended.userId, '1', 'fraud');

    expect(await suspended.send('join_room', { roomId })).toEqual({ ok: true });
    expect(await suspended.send('sit_down', { roomId })).toEqual({
      ok: false,
      code: 'account_suspended',
      message: SUSPENDED_TEXT,
    });
    expect(bench.realtime.runtime.seatOf(suspended.userId)).toBeUndefined();
    expect(bench.realtime.runtime.peek(roomId)?.seats ?? []).toEqual([]);

    await bench.api.services.suspension.unsuspend(suspended.userId, '1');
    expect(await suspended.send('sit_down', { roomId })).toEqual({ ok: true });
    await leaveAll(roomId, [suspended]);
  });

  it('a player alone at a waiting table is stood up at once', async () => {
    const alone = await bench.player(nextId++);
    const roomId = await bench.createRoom(alone.token, 1);
    await seatAll(roomId, [alone]);
    await bench.api.services.suspension.suspend(alone.userId, '1', 'fraud');
    await alone.until(() => alone.all('stood_up').length > 0, 'stood_up');
    expect(alone.all<StoodUp>('stood_up')).toEqual([
      { roomId, code: 'account_suspended', message: SUSPENDED_TEXT },
    ]);
    expect(bench.realtime.runtime.seatOf(alone.userId)).toBeUndefined();
  });

  it('a seated player plays the hand in progress out, then is stood up and told why', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    let s = dealt.state;
    const first = s.fairness.handNumber;
    // The player on turn is suspended: the hand goes on with them in it.
    const target = turnOf(players, s);
    const others = players.filter((p) => p !== target);
    await bench.api.services.suspension.suspend(target.userId, '1', 'collusion');

    // Still on turn and seated: the suspended player's move is taken, the hand goes on.
    s = await act(target, roomId, { action: 'look' });
    await sync(players, s);
    expect(seatOf(players[0]!.state!, target)).toMatchObject({ hasFolded: false });
    expect(bench.realtime.runtime.seatOf(target.userId)).toBe(roomId);
    expect(target.all('stood_up')).toEqual([]);

    await finishHand(players, roomId);

    await target.until(() => target.all('stood_up').length > 0, 'stood_up');
    expect(target.all<StoodUp>('stood_up')).toEqual([
      { roomId, code: 'account_suspended', message: SUSPENDED_TEXT },
    ]);
    // The next hand is dealt to the two others only.
    s = await others[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 1,
      'the next deal',
    );
    expect(seatOf(s, target)).toBeUndefined();
    expect(s.players.map((p) => p.id).sort()).toEqual(others.map((p) => p.userId).sort());
    expect(others.flatMap((p) => p.all('stood_up'))).toEqual([]);
    expect(await target.send('sit_down', { roomId })).toMatchObject({ ok: false, code: 'account_suspended' });
    await leaveAll(roomId, others);
  });

  it('a suspension this process was not told of still stands the player up before the next deal', async () => {
    const dealt = await threeDealt(bench, () => nextId++);
    const { players, roomId } = dealt;
    let s = dealt.state;
    const first = s.fairness.handNumber;
    const target = players[2]!;
    const others = players.slice(0, 2);
    // Written by another node: the row changes, no signal reaches this runtime.
    await knexOf(bench.api.services.orm)('users')
      .where('telegram_id', target.userId)
      .update({ suspended_at: new Date(), suspended_reason: 'elsewhere', suspended_by: '1' });

    await finishHand(players, roomId);
    s = await others[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 1,
      'the next deal',
    );
    expect(seatOf(s, target)).toBeUndefined();
    await target.until(() => target.all('stood_up').length > 0, 'stood_up');
    expect(target.all<StoodUp>('stood_up')).toEqual([
      { roomId, code: 'account_suspended', message: SUSPENDED_TEXT },
    ]);
    await leaveAll(roomId, others);
  });
});
