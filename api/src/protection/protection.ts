/**
 * Player protection: the user agreement, the player's own limits, reality checks,
 * cool-off and self-exclusion, and "my activity". Everything is enforced here, on the server:
 *   - agreement: nothing that puts money in play (a deposit, a room, a seat) works until the current
 *     AGREEMENT_VERSION is accepted; a new version asks again. Withdrawals are never blocked.
 *   - deposit limits (daily / weekly / monthly, UTC calendar periods): an invoice over what remains is
 *     refused with the remaining amount. Deposits of one player are serialized (the users row is locked
 *     `for no key update` while the room is counted and a hold for the invoice is written), so two
 *     deposits at once (two tabs, the app and the bot) cannot both pass the edge. A deposit address
 *     (amount unknown until paid) is handed out only while at least the minimum deposit remains; a
 *     payment that lands above the limit is credited anyway (the money arrived) and recorded in
 *     protection_deposit_overruns.
 *   - loss limits (daily / weekly, net of wins at the tables) and a session limit (minutes of seated
 *     play a UTC day): when reached, the player is refused a seat (and a room) until the period ends;
 *     a seated player finishes the hand and is stood up before the next deal (the table runtime asks
 *     `blockedAmong`).
 *   - limits: lowering (or setting where none) applies at once; raising or removing only after 24
 *     hours (pending, with effectiveAt). A new raise restarts the 24 hours; a lowering drops a pending raise.
 *   - cool-off / self-exclusion: no seat, no room, no deposit, no bot news; withdrawals still work.
 *     It cannot be shortened or lifted; a longer one may be asked for, and an operator may extend it.
 *     The player's tokens are revoked (like a suspension) so every signed-in session sees it at once.
 */
import {
  AGREEMENT_VERSION,
  ACTIVITY_PERIODS_SHOWN,
  centsToDollars,
  DEFAULT_REALITY_CHECK_MINUTES,
  LIMIT_RAISE_DELAY_MS,
  MIN_DEPOSIT_CENTS,
  SvaraError,
  type ActivityItem,
  type ActivityPeriod,
  type Cents,
  type ExclusionRequest,
  type LimitRequest,
  type LimitState,
  type Protection,
  type RealityCheckMinutes,
  type StoodUpCode,
} from '@svara/core';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createListeners } from '../listeners.js';
import type { Logger } from '../logger.js';
import { ProtectionError } from './errors.js';
import {
  ACTIVITY_TO_PERIOD,
  exclusionUntil,
  periodEnd,
  periodStart,
  recentPeriodStarts,
  type Period,
} from './periods.js';

/** How long a hold for an invoice being created counts if its creator never removes it (a crash). */
const HOLD_TTL_MS = 5 * 60_000;

type LimitKind = 'deposit' | 'loss' | 'session' | 'reality_check';
type LimitRow = {
  kind: LimitKind;
  period: Period | 'session';
  amount: string | number | null;
  pending: boolean;
  pending_amount: string | number | null;
  effective_at: Date | string | null;
};

export type Exclusion = { kind: 'cool_off' | 'self_exclusion'; until: Date };

export interface ProtectionService {
  readonly agreementVersion: string;
  /** GET /protection's body. */
  get(userId: string): Promise<Protection>;
  /** Records the acceptance of `version`; only the current version is accepted (validation_failed). */
  acceptAgreement(userId: string, version: string): Promise<void>;
  setLimit(userId: string, request: LimitRequest): Promise<Protection>;
  setRealityCheck(userId: string, minutes: RealityCheckMinutes): Promise<Protection>;
  /** A cool-off or self-exclusion from now; one already longer stands (self_excluded). */
  exclude(userId: string, request: ExclusionRequest): Promise<Protection>;
  /** An operator extends an exclusion to `until` (never shortens it); not_found without one. */
  extendExclusion(userId: string, operatorId: string, until: Date): Promise<void>;
  activity(userId: string, period: ActivityPeriod): Promise<ActivityItem[]>;
  /** The active exclusion, or null. */
  exclusion(userId: string): Promise<Exclusion | null>;
  /** Those of `userIds` with an active exclusion (the bot sends them no news). */
  excludedAmong(userIds: readonly string[]): Promise<string[]>;
  /** agreement_required unless the current version is accepted. */
  assertAgreement(userId: string): Promise<void>;
  /** self_excluded (with its end) during a cool-off or self-exclusion. */
  assertNotExcluded(userId: string): Promise<void>;
  /** Before a seat or a room: agreement, exclusion, loss and session limits. */
  /**
   * Before money goes into play: agreement, exclusion, limits. `atRiskCents` is a loss fixed in
   * advance (a Sit & Go's buy-in and fee): refused when it could take the player past a loss limit.
   */
  assertCanPlay(userId: string, atRiskCents?: Cents): Promise<void>;
  /** Before a deposit address: agreement, exclusion, and some room left under the deposit limits. */
  assertCanDeposit(userId: string): Promise<void>;
  /**
   * Creates an invoice of `amountCents` through `create` if the deposit limits leave room for it: the
   * check and a hold of the amount are made under the player's lock, so a concurrent deposit sees it.
   */
  guardInvoice<T>(userId: string, amountCents: Cents, create: () => Promise<T>): Promise<T>;
  /** A deposit was credited: one above a limit (an address paid more) is recorded. */
  depositCredited(userId: string): Promise<void>;
  /** The seated players who must stand up before the next deal, and why. */
  blockedAmong(userIds: readonly string[]): Promise<Map<string, StoodUpCode>>;
  /**
   * blockedAmong and the suspended accounts among the same players (users/suspension.ts's
   * suspendedAmong), asked in one statement: the table runtime asks both before every deal.
   */
  standUpsAmong(
    userIds: readonly string[],
  ): Promise<{ blocked: Map<string, StoodUpCode>; suspended: string[] }>;
  /**
   * The player sat down (a session starts; one left open by a crash is closed first), a restart
   * brought their seat back (`restored`: the open session goes on), or they stood up (it ends).
   */
  seatChanged(userId: string, roomId: string, seated: boolean, restored?: boolean): Promise<void>;
  /** The open session: when it started and the table result since (cents), or null. */
  session(userId: string): Promise<{ startedAt: Date; netCents: Cents } | null>;
  realityCheckMinutes(userId: string): Promise<RealityCheckMinutes>;
  /** Called after an exclusion starts or is extended in this process. */
  onExcluded(listener: (userId: string) => void): () => void;
}

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
const date = (v: Date | string | null | undefined): Date | null =>
  v === null || v === undefined ? null : new Date(v);

/** A limit's amount as of `now`: a pending change whose time came is the amount. */
function effective(
  row: LimitRow | undefined,
  now: Date,
): { amount: number | null; pending: { amount: number | null; effectiveAt: Date } | null } {
  if (!row) return { amount: null, pending: null };
  const at = date(row.effective_at);
  if (row.pending && at && at <= now) return { amount: num(row.pending_amount), pending: null };
  return {
    amount: num(row.amount),
    pending: row.pending && at ? { amount: num(row.pending_amount), effectiveAt: at } : null,
  };
}

export function createProtection(deps: {
  knex: Knex;
  logger: Logger;
  now?: () => Date;
  agreementVersion?: string;
  /** Revokes the player's tokens (auth/token-version.ts): an exclusion reaches every session at once. */
  revokeTokens?: (userId: string) => Promise<void>;
}): ProtectionService {
  const { knex } = deps;
  const logger = deps.logger.child({ module: 'protection' });
  const now = deps.now ?? (() => new Date());
  const agreementVersion = deps.agreementVersion ?? AGREEMENT_VERSION;
  const excludedListeners = createListeners<[userId: string]>((error) =>
    logger.error({ err: error }, 'exclusion listener failed'),
  );
  /** Session writes of one player, in order (a sit and a stand-up right after it). */
  const sessionWrites = new Map<string, Promise<void>>();

  async function limitRows(db: Knex | Knex.Transaction, userId: string): Promise<LimitRow[]> {
    return (await db('protection_limits')
      .where('user_id', userId)
      .select('kind', 'period', 'amount', 'pending', 'pending_amount', 'effective_at')) as LimitRow[];
  }

  const rowOf = (rows: LimitRow[], kind: LimitKind, period: string) =>
    rows.find((r) => r.kind === kind && r.period === period);

  async function walletId(userId: string): Promise<number | null> {
    const row = (await knex('accounts')
      .where('kind', 'player_wallet')
      .whereRaw('coalesce(owner_id, 0) = ?', [userId])
      .whereRaw(`coalesce(reference, '') = ''`)
      .first('id')) as { id: string } | undefined;
    return row ? Number(row.id) : null;
  }

  /** The table result (won − staked, cents) of the player since `since`: transfers with hand escrows. */
  async function tableNet(userId: string, since: Date, until?: Date): Promise<Cents> {
    const wallet = await walletId(userId);
    if (wallet === null) return 0;
    const end = until ?? new Date('9999-12-31T00:00:00Z');
    const result = await knex.raw<{ rows: { net: string | null }[] }>(
      `select coalesce(sum(x.amount), 0) as net from (
         select t.amount from transfers t join accounts o on o.id = t.debit_account_id
          where t.credit_account_id = ? and o.kind = 'hand_escrow' and t.created_at >= ? and t.created_at < ?
         union all
         select -t.amount from transfers t join accounts o on o.id = t.credit_account_id
          where t.debit_account_id = ? and o.kind = 'hand_escrow' and t.created_at >= ? and t.created_at < ?
       ) x`,
      [wallet, since, end, wallet, since, end],
    );
    return Number(result.rows[0]?.net ?? 0);
  }

  /** Cents deposited since `since`: credited deposits, open invoices and holds (deposits in flight). */
  async function depositedSince(
    db: Knex | Knex.Transaction,
    userId: string,
    since: Date,
    at: Date,
  ): Promise<Cents> {
    const result = await db.raw<{ rows: { total: string | null }[] }>(
      `select
         (select coalesce(sum(amount_cents), 0) from payment_transactions
           where user_id = ? and type = 'deposit' and status = 'success' and coalesce(settled_at, updated_at) >= ?)
       + (select coalesce(sum(amount_cents), 0) from payment_transactions
           where user_id = ? and type = 'deposit' and method = 'invoice' and status = 'pending' and expires_at > ?)
       + (select coalesce(sum(amount_cents), 0) from protection_deposit_holds where user_id = ? and expires_at > ?)
         as total`,
      [userId, since, userId, at, userId, at],
    );
    return Number(result.rows[0]?.total ?? 0);
  }

  /** Credited deposits only (usage shown, overruns). */
  async function creditedSince(userId: string, since: Date): Promise<Cents> {
    const result = await knex.raw<{ rows: { total: string | null }[] }>(
      `select coalesce(sum(amount_cents), 0) as total from payment_transactions
        where user_id = ? and type = 'deposit' and status = 'success' and coalesce(settled_at, updated_at) >= ?`,
      [userId, since],
    );
    return Number(result.rows[0]?.total ?? 0);
  }

  /** Minutes of seated play within [from, to). */
  async function playedMinutes(userId: string, from: Date, to: Date): Promise<number> {
    const result = await knex.raw<{ rows: { seconds: string | null }[] }>(
      `select coalesce(sum(extract(epoch from (least(coalesce(ended_at, ?::timestamptz), ?::timestamptz)
                                              - greatest(started_at, ?::timestamptz)))), 0) as seconds
         from protection_sessions
        where user_id = ? and started_at < ? and coalesce(ended_at, ?::timestamptz) > ?`,
      [to, to, from, userId, to, to, from],
    );
    return Math.max(0, Math.floor(Number(result.rows[0]?.seconds ?? 0) / 60));
  }

  async function exclusion(userId: string): Promise<Exclusion | null> {
    const row = (await knex('protection_exclusions')
      .where('user_id', userId)
      .andWhere('until', '>', now())
      .andWhere('starts_at', '<=', now())
      .orderBy('until', 'desc')
      .first('kind', 'until')) as { kind: Exclusion['kind']; until: Date | string } | undefined;
    return row ? { kind: row.kind, until: new Date(row.until) } : null;
  }

  async function acceptedVersion(userId: string): Promise<{ version: string; at: Date } | null> {
    const rows = (await knex('protection_agreements')
      .where('user_id', userId)
      .orderBy('accepted_at', 'desc')
      .select('version', 'accepted_at')) as { version: string; accepted_at: Date | string }[];
    const row = rows.find((r) => r.version === agreementVersion) ?? rows[0];
    return row ? { version: row.version, at: new Date(row.accepted_at) } : null;
  }

  async function assertAgreement(userId: string): Promise<void> {
    const accepted = await knex('protection_agreements')
      .where({ user_id: userId, version: agreementVersion })
      .first('version');
    if (!accepted)
      throw new ProtectionError(
        'agreement_required',
        `agreement ${agreementVersion} not accepted by ${userId}`,
      );
  }

  async function assertNotExcluded(userId: string): Promise<void> {
    const active = await exclusion(userId);
    if (active)
      throw new ProtectionError('self_excluded', `${userId} is excluded (${active.kind})`, {
        until: active.until,
      });
  }

  /** Why the player may not play now (loss or session limit) and until when, else null. */
  /**
   * One statement before every deal: who is excluded, the loss and session limits of the rest, and
   * (`withSuspended`) whose account is suspended (users.suspended_at set, as suspension.ts reads it).
   */
  async function standUps(
    userIds: readonly string[],
    withSuspended: boolean,
  ): Promise<{ blocked: Map<string, StoodUpCode>; suspended: string[] }> {
    const blocked = new Map<string, StoodUpCode>();
    const suspended: string[] = [];
    if (userIds.length === 0) return { blocked, suspended };
    const at = now();
    const found = await knex.raw<{
      rows: { user_id: string; excluded: boolean; limits: LimitRow[] | null; suspended: boolean }[];
    }>(
      `select u.id::text as user_id,
              exists (select 1 from protection_exclusions e
                       where e.user_id = u.id and e.until > ? and e.starts_at <= ?) as excluded,
              (select json_agg(json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount,
                        'pending', l.pending, 'pending_amount', l.pending_amount, 'effective_at', l.effective_at))
                 from protection_limits l where l.user_id = u.id and l.kind in ('loss', 'session')) as limits,
              ${withSuspended ? `exists (select 1 from users s where s.telegram_id = u.id and s.suspended_at is not null)` : 'false'} as suspended
         from unnest(?::bigint[]) as u(id)`,
      [at, at, [...userIds]],
    );
    const byUser = new Map<string, LimitRow[]>();
    for (const r of found.rows) {
      if (r.suspended) suspended.push(r.user_id);
      if (r.excluded) blocked.set(r.user_id, 'self_excluded');
      else if (r.limits) byUser.set(r.user_id, r.limits);
    }
    for (const [id, own] of byUser) {
      const reached = await limitReached(id, own);
      if (reached) blocked.set(id, reached.code);
    }
    return { blocked, suspended };
  }

  async function limitReached(
    userId: string,
    rows: LimitRow[],
    atRiskCents: Cents = 0,
  ): Promise<{ code: 'loss_limit_reached' | 'session_limit_reached'; until: Date } | null> {
    const at = now();
    for (const period of ['weekly', 'daily'] as const) {
      const limit = effective(rowOf(rows, 'loss', period), at).amount;
      if (limit === null) continue;
      const lost = -(await tableNet(userId, periodStart(period, at)));
      if (lost >= limit || lost + atRiskCents > limit)
        return { code: 'loss_limit_reached', until: periodEnd(period, at) };
    }
    const minutes = effective(rowOf(rows, 'session', 'daily'), at).amount;
    if (minutes !== null && (await playedMinutes(userId, periodStart('daily', at), at)) >= minutes)
      return { code: 'session_limit_reached', until: periodEnd('daily', at) };
    return null;
  }

  async function excludedAmong(userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const at = now();
    const rows = (await knex('protection_exclusions')
      .whereIn('user_id', [...userIds])
      .andWhere('until', '>', at)
      .andWhere('starts_at', '<=', at)
      .distinct('user_id')) as { user_id: string }[];
    return rows.map((r) => String(r.user_id));
  }

  /** Cents that may still be deposited under every set deposit limit (null: no limit set). */
  async function remainingDeposit(db: Knex | Knex.Transaction, userId: string): Promise<Cents | null> {
    const at = now();
    const rows = await limitRows(db, userId);
    let remaining: number | null = null;
    for (const period of ['daily', 'weekly', 'monthly'] as const) {
      const limit = effective(rowOf(rows, 'deposit', period), at).amount;
      if (limit === null) continue;
      const left = Math.max(0, limit - (await depositedSince(db, userId, periodStart(period, at), at)));
      remaining = remaining === null ? left : Math.min(remaining, left);
    }
    return remaining;
  }

  async function get(userId: string): Promise<Protection> {
    const at = now();
    const [agreement, rows, active, open] = await Promise.all([
      acceptedVersion(userId),
      limitRows(knex, userId),
      exclusion(userId),
      knex('protection_sessions')
        .where('user_id', userId)
        .whereNull('ended_at')
        .first('started_at') as Promise<{ started_at: Date | string } | undefined>,
    ]);
    const state = (kind: LimitKind, period: string, dollars: boolean): LimitState => {
      const e = effective(rowOf(rows, kind, period), at);
      const show = (v: number | null) => (v === null ? null : dollars ? centsToDollars(v) : v);
      return {
        amount: show(e.amount),
        pending: e.pending
          ? { amount: show(e.pending.amount), effectiveAt: e.pending.effectiveAt.toISOString() }
          : null,
      };
    };
    const reality = effective(rowOf(rows, 'reality_check', 'session'), at).amount;
    const [dDay, dWeek, dMonth, nDay, nWeek, minutes] = await Promise.all([
      creditedSince(userId, periodStart('daily', at)),
      creditedSince(userId, periodStart('weekly', at)),
      creditedSince(userId, periodStart('monthly', at)),
      tableNet(userId, periodStart('daily', at)),
      tableNet(userId, periodStart('weekly', at)),
      playedMinutes(userId, periodStart('daily', at), at),
    ]);
    return {
      agreement: {
        currentVersion: agreementVersion,
        acceptedVersion: agreement?.version ?? null,
        acceptedAt: agreement?.at.toISOString() ?? null,
      },
      limits: {
        deposit: {
          daily: state('deposit', 'daily', true),
          weekly: state('deposit', 'weekly', true),
          monthly: state('deposit', 'monthly', true),
        },
        loss: { daily: state('loss', 'daily', true), weekly: state('loss', 'weekly', true) },
        sessionMinutes: state('session', 'daily', false),
        realityCheckMinutes: (reality ?? DEFAULT_REALITY_CHECK_MINUTES) as RealityCheckMinutes,
      },
      usage: {
        deposited: {
          daily: centsToDollars(dDay),
          weekly: centsToDollars(dWeek),
          monthly: centsToDollars(dMonth),
        },
        lost: { daily: centsToDollars(Math.max(0, -nDay)), weekly: centsToDollars(Math.max(0, -nWeek)) },
        sessionStartedAt: open ? new Date(open.started_at).toISOString() : null,
        playedMinutes: minutes,
      },
      exclusion: active ? { kind: active.kind, until: active.until.toISOString() } : null,
    };
  }

  /** Sets one limit row under its lock: lowering at once, raising or removing after 24 hours. */
  async function writeLimit(
    userId: string,
    kind: LimitKind,
    period: string,
    amount: number | null,
    immediate = false,
  ) {
    await knex.transaction(async (trx) => {
      await trx.raw(
        `insert into protection_limits (user_id, kind, period) values (?, ?, ?) on conflict do nothing`,
        [userId, kind, period],
      );
      const row = (await trx('protection_limits')
        .where({ user_id: userId, kind, period })
        .forUpdate()
        .first('kind', 'period', 'amount', 'pending', 'pending_amount', 'effective_at')) as LimitRow;
      const at = now();
      const current = effective(row, at).amount;
      const tighter = amount !== null && (current === null || amount <= current);
      if (immediate || tighter) {
        await trx('protection_limits')
          .where({ user_id: userId, kind, period })
          .update({ amount, pending: false, pending_amount: null, effective_at: null, updated_at: at });
      } else {
        await trx('protection_limits')
          .where({ user_id: userId, kind, period })
          .update({
            // A raise whose time had come is the amount now; the new one waits its own 24 hours.
            amount: current,
            pending: true,
            pending_amount: amount,
            effective_at: new Date(at.getTime() + LIMIT_RAISE_DELAY_MS),
            updated_at: at,
          });
      }
    });
  }

  async function ensureUser(userId: string): Promise<void> {
    const user = await knex('users').where('telegram_id', userId).first('telegram_id');
    if (!user) throw new SvaraError('not_found', `user ${userId} does not exist`);
  }

  return {
    agreementVersion,
    get,

    async acceptAgreement(userId, version) {
      if (version !== agreementVersion)
        throw new SvaraError(
          'validation_failed',
          `agreement version ${version} is not the current ${agreementVersion}`,
        );
      await ensureUser(userId);
      await knex.raw(
        `insert into protection_agreements (user_id, version, accepted_at) values (?, ?, ?) on conflict do nothing`,
        [userId, version, now()],
      );
    },

    async setLimit(userId, request) {
      await ensureUser(userId);
      if (request.kind === 'session') await writeLimit(userId, 'session', 'daily', request.amount);
      else
        await writeLimit(
          userId,
          request.kind,
          request.period,
          request.amount === null ? null : Math.round(request.amount * 100),
        );
      logger.info({ userId, ...request }, 'limit set');
      return get(userId);
    },

    async setRealityCheck(userId, minutes) {
      await ensureUser(userId);
      // A reminder, not a limit: any change applies at once.
      await writeLimit(userId, 'reality_check', 'session', minutes, true);
      return get(userId);
    },

    async exclude(userId, request) {
      await ensureUser(userId);
      const until = await knex.transaction(async (trx) => {
        await trx.raw(`select 1 from users where telegram_id = ? for no key update`, [userId]);
        const at = now();
        const wanted = exclusionUntil(request.duration, at);
        const longest = (await trx('protection_exclusions')
          .where('user_id', userId)
          .andWhere('until', '>', at)
          .max('until as until')
          .first()) as { until: Date | string | null } | undefined;
        const standing = longest?.until ? new Date(longest.until) : null;
        // Never shortened: an exclusion already lasting longer stands as it is.
        if (standing && standing >= wanted)
          throw new ProtectionError('self_excluded', `${userId} already excluded past the asked end`, {
            until: standing,
          });
        await trx('protection_exclusions').insert({
          user_id: userId,
          kind: request.kind,
          starts_at: at,
          until: wanted,
          created_by: userId,
        });
        return wanted;
      });
      logger.info({ userId, kind: request.kind, until }, 'player excluded themselves');
      await deps.revokeTokens?.(userId);
      excludedListeners.call(userId);
      return get(userId);
    },

    async extendExclusion(userId, operatorId, until) {
      const active = await exclusion(userId);
      if (!active) throw new SvaraError('not_found', `${userId} has no exclusion to extend`);
      if (until <= active.until)
        throw new SvaraError('validation_failed', 'an exclusion is only ever extended');
      await knex('protection_exclusions').insert({
        user_id: userId,
        kind: active.kind,
        starts_at: now(),
        until,
        created_by: operatorId,
      });
      logger.info({ userId, operatorId, until }, 'exclusion extended by an operator');
      excludedListeners.call(userId);
    },

    async activity(userId, period) {
      const p = ACTIVITY_TO_PERIOD[period];
      const at = now();
      const starts = recentPeriodStarts(p, at, ACTIVITY_PERIODS_SHOWN);
      const oldest = starts.at(-1)!;
      const bucket = p === 'daily' ? 'day' : p === 'weekly' ? 'week' : 'month';
      // date_trunc in UTC: weeks start on Monday (ISO), like periods.ts.
      const money = await knex.raw<{
        rows: { start: Date | string; deposited: string; withdrawn: string }[];
      }>(
        `select date_trunc('${bucket}', coalesce(case when type = 'deposit' then settled_at end, created_at) at time zone 'UTC') at time zone 'UTC' as start,
                coalesce(sum(amount_cents) filter (where type = 'deposit' and status = 'success'), 0) as deposited,
                coalesce(sum(amount_cents) filter (where type = 'withdrawal' and status in ('pending', 'review', 'success')), 0) as withdrawn
           from payment_transactions
          where user_id = ? and coalesce(case when type = 'deposit' then settled_at end, created_at) >= ?
          group by 1`,
        [userId, oldest],
      );
      const wallet = await walletId(userId);
      const net =
        wallet === null
          ? { rows: [] as { start: Date | string; net: string }[] }
          : await knex.raw<{ rows: { start: Date | string; net: string }[] }>(
              `select date_trunc('${bucket}', x.created_at at time zone 'UTC') at time zone 'UTC' as start,
                    sum(x.amount) as net from (
               select t.amount, t.created_at from transfers t join accounts o on o.id = t.debit_account_id
                where t.credit_account_id = ? and o.kind = 'hand_escrow' and t.created_at >= ?
               union all
               select -t.amount, t.created_at from transfers t join accounts o on o.id = t.credit_account_id
                where t.debit_account_id = ? and o.kind = 'hand_escrow' and t.created_at >= ?
             ) x group by 1`,
              [wallet, oldest, wallet, oldest],
            );
      const key = (d: Date | string) => new Date(d).getTime();
      const moneyBy = new Map(money.rows.map((r) => [key(r.start), r]));
      const netBy = new Map(net.rows.map((r) => [key(r.start), Number(r.net)]));
      return starts.map((start) => {
        const m = moneyBy.get(start.getTime());
        return {
          start: start.toISOString(),
          deposited: centsToDollars(Number(m?.deposited ?? 0)),
          withdrawn: centsToDollars(Number(m?.withdrawn ?? 0)),
          net: centsToDollars(netBy.get(start.getTime()) ?? 0),
        };
      });
    },

    exclusion,

    excludedAmong,

    assertAgreement,
    assertNotExcluded,

    async assertCanPlay(userId, atRiskCents = 0) {
      await assertAgreement(userId);
      await assertNotExcluded(userId);
      const reached = await limitReached(userId, await limitRows(knex, userId), atRiskCents);
      if (reached)
        throw new ProtectionError(reached.code, `${userId}: ${reached.code}`, { until: reached.until });
    },

    async assertCanDeposit(userId) {
      await assertAgreement(userId);
      await assertNotExcluded(userId);
      const remaining = await remainingDeposit(knex, userId);
      if (remaining !== null && remaining < MIN_DEPOSIT_CENTS)
        throw new ProtectionError(
          'deposit_limit_exceeded',
          `${userId}: ${remaining} cents left under the deposit limit`,
          {
            remainingCents: remaining,
          },
        );
    },

    async guardInvoice(userId, amountCents, create) {
      await assertAgreement(userId);
      await assertNotExcluded(userId);
      const holdId = randomUUID();
      // Under the player's lock: the room left is counted with every open invoice and hold, and this
      // invoice's hold written before the lock goes, so a deposit made at the same time sees it.
      await knex.transaction(async (trx) => {
        await trx.raw(`select 1 from users where telegram_id = ? for no key update`, [userId]);
        const remaining = await remainingDeposit(trx, userId);
        if (remaining !== null && amountCents > remaining)
          throw new ProtectionError(
            'deposit_limit_exceeded',
            `${userId}: ${amountCents} over ${remaining} left`,
            {
              remainingCents: remaining,
            },
          );
        if (remaining !== null)
          await trx('protection_deposit_holds').insert({
            id: holdId,
            user_id: userId,
            amount_cents: amountCents,
            expires_at: new Date(now().getTime() + HOLD_TTL_MS),
          });
      });
      try {
        // The invoice row (status pending) counts from now on; the hold made way for it.
        return await create();
      } finally {
        await knex('protection_deposit_holds').where('id', holdId).delete();
      }
    },

    async depositCredited(userId) {
      const at = now();
      const rows = await limitRows(knex, userId);
      for (const period of ['daily', 'weekly', 'monthly'] as const) {
        const limit = effective(rowOf(rows, 'deposit', period), at).amount;
        if (limit === null) continue;
        const deposited = await creditedSince(userId, periodStart(period, at));
        if (deposited <= limit) continue;
        await knex('protection_deposit_overruns').insert({
          user_id: userId,
          period,
          limit_cents: limit,
          deposited_cents: deposited,
        });
        logger.warn({ userId, period, limit, deposited }, 'a deposit landed above the deposit limit');
      }
    },

    async blockedAmong(userIds) {
      return (await standUps(userIds, false)).blocked;
    },

    standUpsAmong: (userIds) => standUps(userIds, true),

    seatChanged(userId, roomId, seated, restored = false) {
      const previous = sessionWrites.get(userId) ?? Promise.resolve();
      const write = previous.then(async () => {
        if (seated) {
          if (!restored)
            await knex('protection_sessions')
              .where('user_id', userId)
              .whereNull('ended_at')
              .update({ ended_at: now() });
          await knex.raw(
            `insert into protection_sessions (user_id, room_id, started_at) values (?, ?, ?)
             on conflict (user_id) where ended_at is null do nothing`,
            [userId, roomId, now()],
          );
        } else {
          await knex('protection_sessions')
            .where('user_id', userId)
            .whereNull('ended_at')
            .update({ ended_at: now() });
        }
      });
      const settled = write.catch((error: unknown) =>
        logger.error({ err: error, userId, roomId, seated }, 'recording a play session failed'),
      );
      sessionWrites.set(userId, settled);
      void settled.finally(() => {
        if (sessionWrites.get(userId) === settled) sessionWrites.delete(userId);
      });
      return settled;
    },

    async session(userId) {
      const open = (await knex('protection_sessions')
        .where('user_id', userId)
        .whereNull('ended_at')
        .first('started_at')) as { started_at: Date | string } | undefined;
      if (!open) return null;
      const startedAt = new Date(open.started_at);
      return { startedAt, netCents: await tableNet(userId, startedAt) };
    },

    async realityCheckMinutes(userId) {
      const row = rowOf(await limitRows(knex, userId), 'reality_check', 'session');
      return (effective(row, now()).amount ?? DEFAULT_REALITY_CHECK_MINUTES) as RealityCheckMinutes;
    },

    onExcluded: (listener) => excludedListeners.add(listener),
  };
}
