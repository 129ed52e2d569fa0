/**
 * RULES §6 over sockets: a player below the ante does not hold a table, an away player is dealt no
 * hand until they are back, and a player the server stands up is told why (`stood_up`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState, ServerEventPayload } from '@svara/core';
import { useRealtimeBench, type TestClient } from './test-support/harness.js';
import { finishHand, leaveAll, seatAll, turnOf } from './test-support/table-driver.js';

const bench = useRealtimeBench({ timings: { turnMs: 1_000, svaraMs: 1_500, resultMs: 300, awayMs: 4_000 } });
let nextId = 760_000;

afterEach(async () => {
  await bench.expectLedgerOk();
});

type StoodUp = ServerEventPayload<'stood_up'>;
const playerIn = (s: GameState, p: TestClient) => s.players.find((x) => x.id === p.userId);

/** Takes `cents` out of the player's wallet (as a withdrawal would) and tells the tables. */
async function drain(userId: string, cents: number): Promise<void> {
  const ledger = bench.api.services.ledger;
  await ledger.transfer({
    idempotencyKey: `test-drain:${userId}:${Date.now()}`,
    debitAccountId: await ledger.playerWallet(userId),
    creditAccountId: await ledger.systemAccount('faucet'),
    amount: cents,
    reason: 'faucet',
  });
  await bench.realtime.walletChanged(userId);
}

describe('a balance below the ante', () => {
  it('a $0 player is stood up once someone who can play sits down, is told why, and the seat is free', async () => {
    const broke = await bench.player(nextId++, { funds: 1_000 });
    const other = await bench.player(nextId++);
    const third = await bench.player(nextId++);
    const roomId = await bench.createRoom(other.token, 1);
    await seatAll(roomId, [broke]);
    await drain(broke.userId, 1_000);
    // Alone at the table: no hand could start anyway, the seat stays.
    await broke.frame((s) => playerIn(s, broke)?.balance === 0, 'the $0 seat');

    await seatAll(roomId, [other]);
    await broke.until(() => broke.all('stood_up').length > 0, 'stood_up');
    expect(broke.all<StoodUp>('stood_up')).toEqual([
      {
        roomId,
        code: 'balance_below_ante',
        message: 'You were stood up from the table: your balance is below the ante.',
      },
    ]);
    const s = await other.frame((f) => f.players.length === 1, 'the seat freed');
    expect(s.status).toBe('waiting');
    expect(other.all('stood_up')).toEqual([]);

    // The seat is free: a third player takes it and a hand is dealt.
    await seatAll(roomId, [third]);
    await other.frame((f) => f.status === 'blind_betting', 'the deal');
    await leaveAll(roomId, [other, third, broke]);
  });
});

describe('away and back', () => {
  it('a player whose turn timed out is away, dealt no hand until they say they are back', async () => {
    const players = [
      await bench.player(nextId++),
      await bench.player(nextId++),
      await bench.player(nextId++),
    ];
    const roomId = await bench.createRoom(players[0]!.token, 1);
    await seatAll(roomId, players);
    let s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the deal');
    const away = turnOf(players, s);
    const others = players.filter((p) => p !== away);

    // The turn runs out: folded, and shown as away to everyone.
    s = await others[0]!.frame((f) => playerIn(f, away)?.isAway === true, 'away shown');
    expect(playerIn(s, away)).toMatchObject({ isAway: true, hasFolded: true });
    await finishHand(others, roomId, 10);

    // The next hand is dealt without them: no cards, no ante.
    const balance = playerIn(others[0]!.state!, away)!.balance;
    const first = s.fairness.handNumber;
    s = await others[0]!.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 1,
      'the next deal',
    );
    expect(playerIn(s, away)).toMatchObject({ isAway: true, isActive: false, balance });

    expect(await away.send('game_action', { roomId, action: 'back' })).toEqual({ ok: true });
    s = await others[0]!.frame((f) => playerIn(f, away)?.isAway === false, 'back shown');
    expect(await away.send('game_action', { roomId, action: 'back' })).toMatchObject({
      ok: false,
      code: 'action_not_allowed',
    });
    await finishHand(others, roomId, 10);
    s = await away.frame(
      (f) => f.status === 'blind_betting' && f.fairness.handNumber === first + 2,
      'the hand after',
    );
    expect(playerIn(s, away)).toMatchObject({ isAway: false, isActive: true });
    expect(away.all('stood_up')).toEqual([]);
    await leaveAll(roomId, players);
  });

  it('an away player is stood up after the time away runs out, and told why', async () => {
    const players = [
      await bench.player(nextId++, { language: 'ru' }),
      await bench.player(nextId++, { language: 'ru' }),
    ];
    const roomId = await bench.createRoom(players[0]!.token, 1);
    await seatAll(roomId, players);
    const s = await players[0]!.frame((f) => f.status === 'blind_betting', 'the deal');
    const away = turnOf(players, s);
    const other = players.find((p) => p !== away)!;
    await other.frame((f) => playerIn(f, away)?.isAway === true, 'away shown');
    // Alone, the other player is dealt nothing; after 4 s away the seat is freed.
    await away.until(() => away.all('stood_up').length > 0, 'stood_up', 8_000);
    expect(away.all<StoodUp>('stood_up')).toEqual([
      { roomId, code: 'away_too_long', message: 'Вы больше не за столом: вас слишком долго не было.' },
    ]);
    await other.frame((f) => f.players.length === 1 && f.players[0]!.id === other.userId, 'the seat freed');
    await leaveAll(roomId, players);
  });
});
