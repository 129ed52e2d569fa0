/**
 * /stats: the operators' numbers of the day, read from the database (days and months in UTC) and the
 * merchants' balances from the payment providers. Coverage is the merchants' balances over
 * everything owed to players (OWED_TO_PLAYERS_KINDS), not just their wallets: a withdrawal in review
 * or a pot in play is still the players' money.
 */
import type { DeskStats, MerchantBalance } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { OWED_TO_PLAYERS_KINDS } from '../db/entities/account.js';

export interface StatsDeps {
  knex: Knex;
  /** The payment providers (services.payments.gateways.all). */
  gateways: readonly { name: string; merchantBalance(): Promise<number | null> }[];
  /** Rooms where the table runtime seats players (ids); the database cannot tell that. */
  seatedRooms?: () => Promise<readonly string[]>;
  now?: () => Date;
  /** How long a provider may take to tell its balance. */
  merchantTimeoutMs?: number;
  onMerchantError?: (provider: string, error: unknown) => void;
}

export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function utcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createStats(deps: StatsDeps) {
  const { knex } = deps;
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.merchantTimeoutMs ?? 5_000;

  async function one(sql: string, bindings: Knex.RawBinding[] = []): Promise<Record<string, unknown>> {
    return (await knex.raw<{ rows: Record<string, unknown>[] }>(sql, bindings)).rows[0] ?? {};
  }

  async function merchants(): Promise<MerchantBalance[]> {
    return Promise.all(
      deps.gateways.map(async (gateway) => {
        try {
          const cents = await withTimeout(gateway.merchantBalance(), timeoutMs);
          return { provider: gateway.name, cents: Number.isFinite(cents) ? cents : null };
        } catch (error) {
          deps.onMerchantError?.(gateway.name, error);
          return { provider: gateway.name, cents: null };
        }
      }),
    );
  }

  async function tablesRunning(): Promise<number> {
    const running = await knex.raw<{ rows: { id: string }[] }>(
      `select distinct r.id from rooms r join hands h on h.room_id = r.id
        where r.status = 'open' and h.status = 'running'`,
    );
    const ids = new Set(running.rows.map((row) => String(row.id)));
    for (const id of (await deps.seatedRooms?.()) ?? []) ids.add(id);
    return ids.size;
  }

  return async function stats(): Promise<DeskStats> {
    const at = now();
    const day = utcDayStart(at);
    const month = utcMonthStart(at);
    const [players, hands, money, house, payments, running, merchantList] = await Promise.all([
      one(
        // Players who paid into a hand today: from today's hands to their escrows (by the accounts'
        // identity index) to the transfers into them (by credit account), never a scan of transfers.
        `select (select count(*) from users) as total,
                (select count(*) from (
                   select telegram_id as id from users where updated_at >= ?
                   union
                   select w.owner_id from hands h
                     join accounts e on e.kind = 'hand_escrow' and coalesce(e.owner_id, 0) = 0
                       and coalesce(e.reference, '') = 'hand:' || h.room_id || ':' || h.hand_number
                     join transfers t on t.credit_account_id = e.id
                     join accounts w on w.id = t.debit_account_id and w.kind = 'player_wallet'
                    where h.started_at >= ?
                 ) as active) as active_today`,
        [day, day],
      ),
      one(`select count(*) as n from hands where started_at >= ? and status <> 'voided'`, [day]),
      // Everything owed to players, by kind (the same sum ledger:check reports as owed to players).
      knex
        .raw<{ rows: { kind: string; cents: string }[] }>(
          `select kind, coalesce(sum(balance), 0) as cents from accounts where kind = any(?) group by kind`,
          [[...OWED_TO_PLAYERS_KINDS]],
        )
        .then((result) => new Map(result.rows.map((row) => [row.kind, Number(row.cents)]))),
      one(
        `select coalesce(sum(t.amount), 0) as month,
                coalesce(sum(t.amount) filter (where t.created_at >= ?), 0) as today,
                coalesce(sum(t.amount) filter (where t.created_at >= ? and t.reason = 'house_share'), 0) as tables_today,
                coalesce(sum(t.amount) filter (where t.created_at >= ? and t.reason = 'deposit_fee'), 0) as fees_today
           from transfers t join accounts h on h.id = t.credit_account_id and h.kind = 'house'
          where t.created_at >= ? and t.reason in ('house_share', 'deposit_fee')`,
        [day, day, day, month],
      ),
      one(
        `select count(*) filter (where type = 'deposit' and status = 'success' and settled_at >= ?) as deposits,
                coalesce(sum(amount_cents) filter (where type = 'deposit' and status = 'success' and settled_at >= ?), 0) as deposited,
                count(*) filter (where type = 'withdrawal' and status = 'success' and settled_at >= ?) as withdrawals,
                coalesce(sum(amount_cents) filter (where type = 'withdrawal' and status = 'success' and settled_at >= ?), 0) as withdrawn,
                count(*) filter (where status = 'review') as reviews
           from payment_transactions where settled_at >= ? or status = 'review'`,
        [day, day, day, day, day],
      ),
      tablesRunning(),
      merchants(),
    ]);
    const liabilities = OWED_TO_PLAYERS_KINDS.map((kind) => ({ kind, cents: money.get(kind) ?? 0 }));
    const liabilitiesCents = liabilities.reduce((sum, liability) => sum + liability.cents, 0);
    const known = merchantList.filter((m) => m.cents !== null);
    const merchantCents = known.length > 0 ? known.reduce((sum, m) => sum + m.cents!, 0) : null;
    return {
      at,
      players: { total: Number(players.total ?? 0), activeToday: Number(players.active_today ?? 0) },
      tablesRunning: running,
      handsToday: Number(hands.n ?? 0),
      onTablesCents: money.get('hand_escrow') ?? 0,
      house: {
        todayCents: Number(house.today ?? 0),
        monthCents: Number(house.month ?? 0),
        tablesTodayCents: Number(house.tables_today ?? 0),
        feesTodayCents: Number(house.fees_today ?? 0),
      },
      depositsToday: { count: Number(payments.deposits ?? 0), cents: Number(payments.deposited ?? 0) },
      withdrawalsToday: { count: Number(payments.withdrawals ?? 0), cents: Number(payments.withdrawn ?? 0) },
      pendingReviews: Number(payments.reviews ?? 0),
      liabilities,
      liabilitiesCents,
      merchants: merchantList,
      merchantCents,
      coverage: merchantCents !== null && liabilitiesCents > 0 ? merchantCents / liabilitiesCents : null,
    };
  };
}
