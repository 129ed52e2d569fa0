/**
 * With REDIS_URL, socket.io broadcasts go through @socket.io/redis-adapter: the table still plays,
 * and room, user and lobby messages still arrive. Skipped when no Redis answers on 127.0.0.1:6379.
 */
import { describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../test-support/redis.js';
import { useRealtimeBench } from './test-support/harness.js';
import { seatAll } from './test-support/table-driver.js';

const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('with the Redis adapter', () => {
  const bench = useRealtimeBench({ redisUrl: REDIS_URL });

  it('deals, relays chat and pushes balances through Redis', async () => {
    const a = await bench.player(740_001);
    const b = await bench.player(740_002);
    const roomId = await bench.createRoom(a.token, 1);
    await seatAll(roomId, [a, b]);
    const s = await a.frame((f) => f.status === 'blind_betting', 'the deal');
    expect(s.pot).toBe(2);
    await a.until(
      () => a.all<{ balance: number }>('balanceUpdated').some((x) => x.balance === 99),
      'balance',
    );
    expect(await b.send('chat_message', { roomId, phrase: 'phrase7' })).toEqual({ ok: true });
    await a.until(() => a.all('new_chat_message').length === 1, 'chat');
    await a.until(() => a.all<{ sound: string }>('play_sound').some((x) => x.sound === 'deal'), 'sound');
    for (const p of [a, b]) await p.send('leave_room', { roomId });
    await bench.expectLedgerOk();
  });
});
