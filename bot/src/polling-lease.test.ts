import { setTimeout as delay } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { launchBot, type RunningBot } from './launch.js';
import { createLease, holdLease, leaseHolderId, pollWhileLeased, type LeaseTiming } from './polling-lease.js';
import type { SqlConnection } from './ports.js';
import { FakeTelegram } from './test-support/fake-telegram.js';
import { MINIAPP_URL, recordingLogger, useBotHarness, type LogEntry } from './test-support/harness.js';

const harness = useBotHarness();
const sql = (): SqlConnection => harness.services.orm.em.getConnection();

/** Short enough for tests; the same proportions as the defaults (renew at a third of the ttl). */
const FAST: LeaseTiming = { ttlMs: 600, renewEveryMs: 200, retryEveryMs: 50, safetyMs: 150 };

/** Polls `check` until it holds or `ms` pass. */
async function eventually(check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await delay(10);
  }
}

/** A connection that can be cut off, as when the database goes away: queries then hang. */
function cuttableConnection(inner: SqlConnection) {
  let cut = false;
  return {
    cut: () => void (cut = true),
    connection: {
      execute: (query: string, params?: unknown[]) =>
        cut ? new Promise<never>(() => undefined) : inner.execute(query, params),
    } satisfies SqlConnection,
  };
}

describe('the lease row', () => {
  let n = 0;
  const leaseName = () => `test-lease-${++n}`;

  it('goes to one holder at a time, and its holder renews it', async () => {
    const name = leaseName();
    const a = createLease(sql(), { name, holder: 'node-a', ttlMs: 10_000 });
    const b = createLease(sql(), { name, holder: 'node-b', ttlMs: 10_000 });
    const both = await Promise.all([a.acquire(), b.acquire()]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const [holder, other] = both[0] ? [a, b] : [b, a];

    const expiry = async () =>
      new Date((await harness.knex('bot_leases').where({ name }).first()).expires_at as string).getTime();
    const before = await expiry();
    await delay(20);
    expect(await holder.acquire()).toBe(true);
    expect(await expiry()).toBeGreaterThan(before);
    expect(await other.acquire()).toBe(false);
    expect(await harness.knex('bot_leases').where({ name }).first()).toMatchObject({
      holder: holder.holder,
    });
  });

  it('passes to another node once it has expired', async () => {
    const name = leaseName();
    const a = createLease(sql(), { name, holder: 'node-a', ttlMs: 150 });
    const b = createLease(sql(), { name, holder: 'node-b', ttlMs: 150 });
    expect(await a.acquire()).toBe(true);
    expect(await b.acquire()).toBe(false);
    await delay(200);
    expect(await b.acquire()).toBe(true);
    expect(await a.acquire()).toBe(false);
  });

  it('is free at once when released, and only its holder can release it', async () => {
    const name = leaseName();
    const a = createLease(sql(), { name, holder: 'node-a', ttlMs: 10_000 });
    const b = createLease(sql(), { name, holder: 'node-b', ttlMs: 10_000 });
    expect(await a.acquire()).toBe(true);
    await b.release();
    expect(await b.acquire()).toBe(false);
    await a.release();
    expect(await b.acquire()).toBe(true);
  });

  it('names its holder by machine, process and a random part', () => {
    const id = leaseHolderId();
    expect(id).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{8}$`));
    expect(leaseHolderId()).not.toBe(id);
  });
});

describe('holding the lease', () => {
  const track = (log: string[], who: string) => ({
    acquired: () => void log.push(`${who} acquired`),
    lost: async (reason: string) => void log.push(`${who} lost (${reason})`),
    heldElsewhere: () => void log.push(`${who} waits`),
    failed: () => void log.push(`${who} failed`),
  });

  it('keeps it renewed, and hands it over when the holder stops', async () => {
    const log: string[] = [];
    const name = 'hold-handover';
    const a = holdLease(createLease(sql(), { name, holder: 'a', ttlMs: FAST.ttlMs }), FAST, track(log, 'a'));
    await a.firstAttempt;
    const b = holdLease(createLease(sql(), { name, holder: 'b', ttlMs: FAST.ttlMs }), FAST, track(log, 'b'));
    await b.firstAttempt;
    // Three ttl's long: without renewals the lease would have gone to b.
    await delay(3 * FAST.ttlMs);
    expect(log).toEqual(['a acquired', 'b waits']);
    expect(a.holding()).toBe(true);

    await a.stop();
    expect(await harness.knex('bot_leases').where({ name }).first()).toBeUndefined();
    await eventually(() => b.holding());
    expect(log).toEqual(['a acquired', 'b waits', 'a lost (not_renewed)', 'b acquired']);
    await b.stop();
  });

  it('gives it up before it expires when the database stops answering, and another node takes over after', async () => {
    const log: string[] = [];
    const name = 'hold-database-away';
    const aSql = cuttableConnection(sql());
    const a = holdLease(
      createLease(aSql.connection, { name, holder: 'a', ttlMs: FAST.ttlMs }),
      FAST,
      track(log, 'a'),
    );
    await a.firstAttempt;
    const b = holdLease(createLease(sql(), { name, holder: 'b', ttlMs: FAST.ttlMs }), FAST, track(log, 'b'));
    await b.firstAttempt;

    const cutAt = Date.now();
    aSql.cut();
    await eventually(() => log.includes('b acquired'));
    // a stopped on its own clock, before the lease could expire in the database and b could take it.
    expect(log).toEqual(['a acquired', 'b waits', 'a lost (not_renewed)', 'b acquired']);
    expect(a.holding()).toBe(false);
    expect(Date.now() - cutAt).toBeLessThan(FAST.ttlMs + FAST.renewEveryMs + 500);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('stops the work when another node has the lease after all', async () => {
    const log: string[] = [];
    const name = 'hold-taken';
    const a = holdLease(createLease(sql(), { name, holder: 'a', ttlMs: FAST.ttlMs }), FAST, track(log, 'a'));
    await a.firstAttempt;
    // As if the lease had expired unseen (a paused process) and another node had taken it.
    await harness.knex('bot_leases').where({ name }).update({ holder: 'intruder' });
    await eventually(() => log.includes('a lost (taken)'));
    expect(a.holding()).toBe(false);
    await a.stop();
    expect(await harness.knex('bot_leases').where({ name }).first()).toMatchObject({ holder: 'intruder' });
  });
});

describe('two api nodes on one database', () => {
  const settings = {
    token: '7000001:AAH-real_token',
    username: 'svara_game_bot',
    miniAppUrl: MINIAPP_URL,
    adminIds: new Set<string>(),
  };

  beforeEach(async () => {
    await harness.knex('bot_leases').delete();
  });

  function node(logs: LogEntry[]) {
    const telegram = new FakeTelegram();
    const running = launchBot(
      { enabled: true, settings },
      {
        services: harness.services,
        logger: recordingLogger(logs),
        client: telegram.client,
        leaseTiming: FAST,
      },
    )!;
    return { telegram, running };
  }

  const polls = (telegram: FakeTelegram) => telegram.callsOf('getUpdates').length;

  it('poll Telegram one at a time: when the poller stops, the other takes over', async () => {
    const firstLogs: LogEntry[] = [];
    const secondLogs: LogEntry[] = [];
    const first = node(firstLogs);
    await first.running.ready;
    const second = node(secondLogs);
    await second.running.ready;

    await eventually(() => polls(first.telegram) >= 2);
    await delay(3 * FAST.ttlMs);
    expect(polls(second.telegram)).toBe(0);
    // The standby never touches Telegram's update queue, not even to delete a webhook.
    expect(second.telegram.callsOf('deleteWebhook')).toEqual([]);
    expect(firstLogs.map((e) => e.message)).toEqual(['Telegram bot polling']);
    expect(secondLogs.map((e) => e.message)).toEqual(['another node polls Telegram; this one stands by']);

    await first.running.stop();
    const stoppedAt = first.telegram.calls.length;
    await eventually(() => polls(second.telegram) >= 1);
    expect(second.telegram.callsOf('deleteWebhook')).toHaveLength(1);
    expect(secondLogs.at(-1)).toMatchObject({ level: 'info', message: 'Telegram bot polling' });
    await delay(100);
    expect(first.telegram.calls.length).toBe(stoppedAt);
    expect([...firstLogs, ...secondLogs].filter((e) => e.level !== 'info')).toEqual([]);
    await second.running.stop();
    expect(await harness.knex('bot_leases').select()).toEqual([]);
  });

  it('both start at once, and still only one polls', async () => {
    const logs: LogEntry[] = [];
    const nodes = [node(logs), node(logs)];
    await Promise.all(nodes.map((n) => n.running.ready));
    await delay(2 * FAST.ttlMs);
    const polling = nodes.filter((n) => polls(n.telegram) > 0);
    expect(polling).toHaveLength(1);
    await Promise.all(nodes.map((n: { running: RunningBot }) => n.running.stop()));
  });
});

describe('polling under the lease', () => {
  it('stops at once when the lease cannot be renewed, before another node could take it', async () => {
    const logs: LogEntry[] = [];
    const away = cuttableConnection(sql());
    const polling = pollWhileLeased({
      bot: harness.svara.bot,
      sql: away.connection,
      logger: recordingLogger(logs),
      allowedUpdates: ['message'],
      timing: FAST,
      holder: 'node-a',
    });
    await polling.firstAttempt;
    await eventually(() => harness.telegram.callsOf('getUpdates').length >= 2);
    expect(harness.svara.bot.isRunning()).toBe(true);

    const cutAt = Date.now();
    away.cut();
    await eventually(() => !harness.svara.bot.isRunning());
    // Within the lease's life: the lease row still names this node, so nobody else polls yet.
    expect(Date.now() - cutAt).toBeLessThan(FAST.ttlMs);
    expect(await harness.knex('bot_leases').where({ holder: 'node-a' }).first()).toBeDefined();
    // Stopping confirms the updates handled so far (limit 1), then no more getUpdates.
    await delay(50);
    const calls = harness.telegram.callsOf('getUpdates');
    expect(calls.at(-1)).toMatchObject({ limit: 1 });
    await delay(200);
    expect(harness.telegram.callsOf('getUpdates')).toHaveLength(calls.length);
    expect(logs.map((e) => [e.level, e.message])).toEqual([
      ['info', 'Telegram bot polling'],
      ['warn', 'could not renew the polling lease in time; polling stopped'],
    ]);
    await polling.stop();
  });
});
