import { GrammyError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { createBroadcaster, type BroadcastReport } from './broadcaster.js';
import type { Recipients } from './recipients.js';

/** Recipients from a list; `marked` collects the players reported as having blocked the bot. */
function recipientsOf(ids: string[], marked: string[] = []): Recipients {
  return {
    count: async () => ids.length,
    async *ids() {
      yield* ids;
    },
    markBlocked: async (id) => void marked.push(id),
  };
}

const blocked = new GrammyError(
  "Call to 'sendMessage' failed! (403: Forbidden: bot was blocked by the user)",
  { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
  'sendMessage',
  {},
);

describe('the news broadcaster', () => {
  it('sends to every recipient at the configured pace and reports the outcome', async () => {
    const ids = Array.from({ length: 11 }, (_, i) => String(2000 + i));
    const sentAt: number[] = [];
    const reports: BroadcastReport[] = [];
    // A virtual clock: waiting advances time exactly, so the pace is checked without real timers.
    let clock = 0;
    const broadcaster = createBroadcaster({
      recipients: recipientsOf(ids),
      perSecond: 25,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      send: async (chatId) => {
        sentAt.push(clock);
        if (chatId === '2003') throw blocked;
      },
    });
    const start = await broadcaster.start({ text: 'news' }, async (report) => void reports.push(report));
    expect(start).toEqual({ started: true, recipients: 11 });
    expect(broadcaster.running).toBe(true);
    await broadcaster.idle();

    expect(broadcaster.running).toBe(false);
    expect(sentAt).toHaveLength(11);
    // 25 a second: consecutive sends exactly 40 ms apart.
    const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]!);
    expect(gaps).toEqual(Array.from({ length: 10 }, () => 40));
    expect(reports).toEqual([
      { total: 11, sent: 10, blocked: 1, failed: 0, elapsedMs: expect.any(Number), interrupted: false },
    ]);
    expect(reports[0]!.elapsedMs).toBe(400);
  });

  it('marks who blocked the bot, and goes on when even the marking fails', async () => {
    const marked: string[] = [];
    const errors: unknown[] = [];
    const sent: string[] = [];
    const recipients = recipientsOf(['1', '2', '3', '4'], marked);
    const broadcaster = createBroadcaster({
      recipients: {
        ...recipients,
        markBlocked: async (id) => {
          if (id === '2') throw new Error('database away');
          await recipients.markBlocked(id);
        },
      },
      perSecond: 1000,
      send: async (chatId) => {
        if (chatId === '2' || chatId === '3') throw blocked;
        sent.push(chatId);
      },
      onError: (error) => void errors.push(error),
    });
    const reports: BroadcastReport[] = [];
    await broadcaster.start({ text: 'news' }, async (report) => void reports.push(report));
    await broadcaster.idle();
    expect(sent).toEqual(['1', '4']);
    expect(marked).toEqual(['3']);
    expect(errors).toEqual([new Error('database away')]);
    expect(reports).toEqual([expect.objectContaining({ total: 4, sent: 2, blocked: 2, failed: 0 })]);
  });

  it('runs one broadcast at a time', async () => {
    const broadcaster = createBroadcaster({
      recipients: recipientsOf(['1', '2', '3']),
      perSecond: 100,
      send: async () => undefined,
    });
    const first = await broadcaster.start({ text: 'one' }, async () => undefined);
    const second = await broadcaster.start({ text: 'two' }, async () => undefined);
    expect(first.started).toBe(true);
    expect(second).toEqual({ started: false, reason: 'busy' });
    await broadcaster.idle();
    expect((await broadcaster.start({ text: 'three' }, async () => undefined)).started).toBe(true);
    await broadcaster.idle();
  });

  it('stops early when asked and says so in the report', async () => {
    const sent: string[] = [];
    const reports: BroadcastReport[] = [];
    const broadcaster = createBroadcaster({
      recipients: recipientsOf(Array.from({ length: 50 }, (_, i) => String(i + 1))),
      perSecond: 20,
      send: async (chatId) => void sent.push(chatId),
    });
    await broadcaster.start({ text: 'long' }, async (report) => void reports.push(report));
    await new Promise((resolve) => setTimeout(resolve, 120));
    broadcaster.stop();
    await broadcaster.idle();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(50);
    expect(reports).toEqual([expect.objectContaining({ total: sent.length, interrupted: true })]);
  });
});
