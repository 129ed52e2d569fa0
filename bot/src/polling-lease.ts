/**
 * One poller across api nodes. Telegram serves getUpdates to one caller at a time (a second gets
 * 409 Conflict), so the nodes sharing a database take turns through a row in `bot_leases`: the
 * holder polls and renews the lease; the others retry now and then and take over once it has
 * expired or been released. A holder that cannot renew stops polling before the lease can run out
 * (its own clock, counted from before the renewal was sent), so two nodes never poll at once.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Bot, Context } from 'grammy';
import { z } from 'zod';
import type { BotLogger, SqlConnection } from './ports.js';

export interface LeaseTiming {
  /** How long a lease lasts from its last renewal (the database's clock). */
  ttlMs: number;
  /** How often the holder renews it. */
  renewEveryMs: number;
  /** How often a node without it (or whose renewal failed) tries again. */
  retryEveryMs: number;
  /** The holder gives up this long before the lease could expire, leaving time to stop polling. */
  safetyMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = {
  ttlMs: 30_000,
  renewEveryMs: 10_000,
  retryEveryMs: 5_000,
  safetyMs: 5_000,
};

/** The lease row guarding Telegram long polling. */
export const POLLING_LEASE_NAME = 'telegram-polling';

/** Who holds a lease: the machine, the process, and a random part (two bots in one process differ). */
export function leaseHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** Takes the lease when it is free or expired, or extends it when it is ours; true when ours now. */
  acquire(): Promise<boolean>;
  /** Gives it up (only when ours), so the next node need not wait for it to expire. */
  release(): Promise<void>;
}

const holderRows = z.array(z.object({ holder: z.string() }));

export function createLease(
  sql: SqlConnection,
  options: { name: string; holder: string; ttlMs: number },
): Lease {
  const { name, holder, ttlMs } = options;
  return {
    name,
    holder,
    async acquire() {
      // One statement decides: a free name is inserted, an expired or own lease is taken over or
      // extended, anyone else's live lease is left alone (no row comes back).
      const rows = holderRows.parse(
        await sql.execute(
          `insert into bot_leases (name, holder, expires_at)
           values (?, ?, now() + ?::double precision * interval '1 millisecond')
           on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
             where bot_leases.expires_at <= now() or bot_leases.holder = excluded.holder
           returning holder`,
          [name, holder, ttlMs],
        ),
      );
      return rows.length === 1 && rows[0]!.holder === holder;
    },
    async release() {
      await sql.execute('delete from bot_leases where name = ? and holder = ?', [name, holder]);
    },
  };
}

export interface LeaseEvents {
  /** The lease became ours: start the work it guards. */
  acquired(): void;
  /** It is no longer (surely) ours: stop the work at once. */
  lost(reason: 'taken' | 'not_renewed'): Promise<void>;
  /** Another node holds it (called when that becomes known, not on every retry). */
  heldElsewhere(): void;
  /** The database did not answer (called on the first failure in a row). */
  failed(error: unknown): void;
}

export interface HeldLease {
  /** Settles after the first attempt to take the lease. */
  readonly firstAttempt: Promise<void>;
  holding(): boolean;
  /** Stops trying, ends the guarded work (`lost`) and releases the lease. */
  stop(): Promise<void>;
}

/** How long stopping waits for a lease query still under way (the database may be away). */
const STOP_WAIT_MS = 3_000;

/** Waits for `work` at most `ms`; true when it finished (a failure still throws). */
async function atMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps trying to take `lease`, renews it while held, and tells `events` when that changes. */
export function holdLease(lease: Lease, timing: LeaseTiming, events: LeaseEvents): HeldLease {
  let held = false;
  let stopped = false;
  let otherKnown = false;
  let failing = false;
  let next: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();
  let losing: Promise<void> = Promise.resolve();

  const lose = (reason: 'taken' | 'not_renewed') => {
    if (!held) return;
    held = false;
    clearTimeout(deadline);
    losing = events.lost(reason).catch(() => undefined);
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    next = setTimeout(() => {
      attempt = tryOnce();
    }, ms);
  };

  async function tryOnce(): Promise<void> {
    // Work stopped after a loss must have ended before it can be started again.
    await losing;
    const sentAt = Date.now();
    let ours: boolean;
    try {
      ours = await lease.acquire();
      failing = false;
    } catch (error) {
      if (!failing) events.failed(error);
      failing = true;
      // Still ours until the deadline fires; try again sooner than a regular renewal.
      schedule(timing.retryEveryMs);
      return;
    }
    if (stopped) {
      if (ours) await lease.release().catch(() => undefined);
      return;
    }
    // The database extended the lease to (its) now + ttl; counting from when we asked is safe.
    const validFor = sentAt + timing.ttlMs - timing.safetyMs - Date.now();
    if (ours && validFor > 0) {
      otherKnown = false;
      clearTimeout(deadline);
      deadline = setTimeout(() => lose('not_renewed'), validFor);
      if (!held) {
        held = true;
        events.acquired();
      }
      schedule(timing.renewEveryMs);
      return;
    }
    if (ours) {
      // The answer came too late to rely on: treat it as lost and confirm on the next try.
      lose('not_renewed');
      schedule(timing.retryEveryMs);
      return;
    }
    if (held) lose('taken');
    if (!otherKnown) events.heldElsewhere();
    otherKnown = true;
    schedule(timing.retryEveryMs);
  }

  attempt = tryOnce();
  const firstAttempt = attempt;

  return {
    firstAttempt,
    holding: () => held,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(next);
      const wasHeld = held;
      lose('not_renewed');
      await losing;
      await atMost(attempt, STOP_WAIT_MS);
      // A database that is away would hold the release (and shutdown) up; the lease then expires.
      if ((wasHeld || held) && !(await atMost(lease.release(), STOP_WAIT_MS))) {
        throw new Error('the database did not answer');
      }
    },
  };
}

export interface LeasedPolling {
  readonly holder: string;
  /** Settles after the first attempt to take the lease (polling has begun, or another node polls). */
  readonly firstAttempt: Promise<void>;
  stop(): Promise<void>;
}

type AllowedUpdates = NonNullable<Parameters<Bot['start']>[0]>['allowed_updates'];

/** How long stopping polling waits for Telegram to confirm the last update. */
const STOP_POLLING_GRACE_MS = 3_000;

/**
 * Long polling on this node only while it holds the polling lease. Polling that ends on its own
 * while the lease is held (Telegram answered 409 or 401) starts again after a pause.
 */
export function pollWhileLeased<C extends Context>(options: {
  bot: Bot<C>;
  sql: SqlConnection;
  logger: BotLogger;
  allowedUpdates: AllowedUpdates;
  timing?: LeaseTiming;
  holder?: string;
}): LeasedPolling {
  const { bot, logger } = options;
  const timing = options.timing ?? DEFAULT_LEASE_TIMING;
  const holder = options.holder ?? leaseHolderId();
  let wanted = false;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const startPolling = () => {
    if (!wanted || bot.isRunning()) return;
    bot
      .start({ allowed_updates: options.allowedUpdates, drop_pending_updates: false })
      .catch((error: unknown) => logger.error({ err: error }, 'bot polling stopped'))
      .finally(() => {
        if (wanted) restart = setTimeout(startPolling, timing.retryEveryMs);
      });
  };

  const stopPolling = async () => {
    wanted = false;
    clearTimeout(restart);
    if (!bot.isRunning()) return;
    // Polling ends either way; a failure only leaves the last updates unconfirmed (sent again).
    await atMost(bot.stop(), STOP_POLLING_GRACE_MS).catch((error: unknown) =>
      logger.warn({ err: error }, 'Telegram did not confirm the last updates'),
    );
  };

  const lease = createLease(options.sql, { name: POLLING_LEASE_NAME, holder, ttlMs: timing.ttlMs });
  const held = holdLease(lease, timing, {
    acquired() {
      wanted = true;
      logger.info({ username: bot.botInfo.username, holder }, 'Telegram bot polling');
      startPolling();
    },
    async lost(reason) {
      await stopPolling();
      if (reason === 'taken') logger.warn({ holder }, 'another node took the polling lease; polling stopped');
      // On shutdown the lease is given up too; that is not worth a warning.
      else if (!stopping)
        logger.warn({ holder }, 'could not renew the polling lease in time; polling stopped');
    },
    heldElsewhere() {
      logger.info({ holder }, 'another node polls Telegram; this one stands by');
    },
    failed(error) {
      logger.warn({ err: error, holder }, 'the polling lease could not be checked; trying again');
    },
  });

  return {
    holder,
    firstAttempt: held.firstAttempt,
    async stop() {
      stopping = true;
      await held
        .stop()
        .catch((error: unknown) =>
          logger.warn({ err: error, holder }, 'the polling lease could not be released; it expires'),
        );
      await stopPolling();
    },
  };
}
