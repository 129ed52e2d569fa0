/**
 * The double-entry ledger. Every movement of money is a transfer row written in the same database
 * transaction as the two balance changes it causes; a transfer debits one account and credits
 * another, so the sum of all balances stays zero. Amounts are integer cents.
 *
 * Concurrency: the touched accounts are locked in ascending id order (no deadlocks between two
 * transfers), the overdraw check runs on the locked balances, and a CHECK constraint backs it. The
 * write is one call of the ledger_post database function (its migration holds the steps), so a
 * transfer costs one round trip and commits as one statement.
 * Idempotency: the transfer's key is UNIQUE; posting the same key again (even concurrently) moves
 * money once and returns the original transfer.
 */
import { isCents, SvaraError, type Cents, type RoomCurrency } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { PLAYER_KINDS, type AccountKind } from '../db/entities/account.js';
import { preparedStatement } from '../db/prepared-statement.js';

export type { AccountKind };
export type SystemAccountKind = Exclude<
  AccountKind,
  'player_wallet' | 'player_referral' | 'hand_escrow' | 'chip_wallet' | 'chip_escrow'
>;
type OwnedKind = 'player_wallet' | 'player_referral' | 'chip_wallet';

/** The accounts a room's money lives in: dollars, or play chips at a practice table (RULES §8). */
const CURRENCY_KINDS = {
  usd: { wallet: 'player_wallet', escrow: 'hand_escrow', house: 'house' },
  chips: { wallet: 'chip_wallet', escrow: 'chip_escrow', house: 'chip_house' },
} as const satisfies Record<
  RoomCurrency,
  { wallet: OwnedKind; escrow: AccountKind; house: SystemAccountKind }
>;

/** The house's account of a currency: its 5 % share of pots (RULES §4, §8). */
export function houseKind(currency: RoomCurrency): SystemAccountKind {
  return CURRENCY_KINDS[currency].house;
}

export interface TransferRequest {
  /** Unique per intended movement, e.g. `hand:<id>:ante:<user>`; reposting it never moves money twice. */
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: Cents;
  /** Short machine-readable cause, e.g. `ante`, `payout`, `faucet`. */
  reason: string;
  metadata?: Record<string, unknown>;
}

export interface TransferRecord {
  id: number;
  idempotencyKey: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: Cents;
  reason: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface TransferResult {
  transfer: TransferRecord;
  /** True when the key had been posted before and nothing moved this time. */
  replayed: boolean;
}

export interface BatchResult {
  transfers: TransferRecord[];
  replayed: boolean;
}

/** The balance on one side would go below zero; nothing moved. Code `insufficientBalance`. */
export class InsufficientBalanceError extends SvaraError {
  constructor(readonly accountId: number) {
    super('insufficientBalance', `account ${accountId} cannot be overdrawn`);
  }
}

/** The key was already used for a different movement: a programming error in the caller. */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`idempotency key ${idempotencyKey} was already used for a different transfer`);
    this.name = 'IdempotencyConflictError';
  }
}

const MAX_KEY_LENGTH = 200;
/** How many accounts a sharded system kind spreads over (see Ledger.systemShard). */
export const SYSTEM_SHARDS = 16;

/** A key's shard: FNV-1a of its UTF-16 code units, modulo SYSTEM_SHARDS. */
export function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash % SYSTEM_SHARDS;
}
const TRANSFER_COLUMNS =
  'id, idempotency_key, debit_account_id, credit_account_id, amount, reason, metadata, created_at';

interface TransferRow {
  id: string;
  idempotency_key: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  reason: string;
  metadata: Record<string, unknown>;
  created_at: string | Date;
}

function toRecord(row: TransferRow): TransferRecord {
  return {
    id: Number(row.id),
    idempotencyKey: row.idempotency_key,
    debitAccountId: Number(row.debit_account_id),
    creditAccountId: Number(row.credit_account_id),
    amount: Number(row.amount),
    reason: row.reason,
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
  };
}

/** JSON with sorted keys, so two metadata objects compare equal regardless of key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function samePayload(existing: TransferRecord, request: TransferRequest): boolean {
  return (
    existing.debitAccountId === request.debitAccountId &&
    existing.creditAccountId === request.creditAccountId &&
    existing.amount === request.amount &&
    existing.reason === request.reason &&
    canonical(existing.metadata) === canonical(request.metadata ?? {})
  );
}

function validate(request: TransferRequest): void {
  const { idempotencyKey, debitAccountId, creditAccountId, amount, reason } = request;
  if (!idempotencyKey || idempotencyKey.length > MAX_KEY_LENGTH) throw new RangeError('bad idempotency key');
  if (!Number.isSafeInteger(debitAccountId) || !Number.isSafeInteger(creditAccountId)) {
    throw new RangeError('account ids must be integers');
  }
  if (debitAccountId === creditAccountId) throw new RangeError('a transfer needs two different accounts');
  if (!isCents(amount) || amount <= 0)
    throw new RangeError(`transfer amount must be positive cents: ${amount}`);
  if (!reason) throw new RangeError('a transfer needs a reason');
}

/** SQLSTATEs raised by ledger_post, and PostgreSQL's deadlock. */
const KEYS_TAKEN = 'SV001';
const OVERDRAWN = 'SV002';
const DEADLOCK = '40P01';

function sqlStateOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A batch as ledger_post's six array arguments (keys, debits, credits, amounts, reasons, metadata),
 * typed text[], bigint[], bigint[], bigint[], text[], jsonb[] where they are bound.
 */
export function ledgerPostArguments(
  requests: readonly TransferRequest[],
): [string[], number[], number[], number[], string[], string[]] {
  return [
    requests.map((r) => r.idempotencyKey),
    requests.map((r) => r.debitAccountId),
    requests.map((r) => r.creditAccountId),
    requests.map((r) => r.amount),
    requests.map((r) => r.reason),
    requests.map((r) => JSON.stringify(r.metadata ?? {})),
  ];
}

export interface Ledger {
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Applies every transfer or none, in one transaction; balances are checked after the whole batch. */
  transferBatch(requests: TransferRequest[]): Promise<BatchResult>;
  /**
   * Posts `requests` through the caller's own statement: `run` executes one statement (one
   * transaction) that calls ledger_post with ledgerPostArguments(requests) and writes whatever must
   * commit exactly with them (the table runtime's hand rows). The ledger's answers are the same as
   * transferBatch's: keys posted before are checked to be these same transfers and reported as a
   * replay (nothing of `run` was written: write the rest again without them); an overdraw is an
   * InsufficientBalanceError; a deadlock is tried again.
   */
  postThrough(requests: TransferRequest[], run: () => Promise<unknown>): Promise<{ replayed: boolean }>;
  /** The user's game wallet account id (created on first use). The user must exist. */
  playerWallet(userId: string): Promise<number>;
  /** The user's referral earnings account id (created on first use). */
  playerReferral(userId: string): Promise<number>;
  /** The escrow account holding a hand's pot, keyed by the hand (or any) reference. */
  handEscrow(reference: string): Promise<number>;
  /** A player's account in a currency: the dollar wallet, or their play chips (created on first use). */
  walletOf(userId: string, currency: RoomCurrency): Promise<number>;
  /** A hand's escrow in its room's currency. */
  escrowOf(reference: string, currency: RoomCurrency): Promise<number>;
  /**
   * Creates a hand's escrow ahead of its deal, in the background: escrows asked for within
   * ESCROW_GATHER_MS of each other are created together, in one statement. Asking escrowOf for one
   * still waiting creates them at once.
   */
  prepareEscrow(reference: string, currency: RoomCurrency): void;
  /** A singleton system account: house, deposits, withdrawals, faucet, referral_payouts. */
  systemAccount(kind: SystemAccountKind): Promise<number>;
  /**
   * One of SYSTEM_SHARDS accounts of a system kind, always the same for the same `key`. A transfer
   * locks its accounts' rows until it commits, so one account that every payment touches would let
   * payments commit only one after another; spread over shards, they commit side by side. The kind's
   * total is the sum over its accounts.
   */
  systemShard(kind: SystemAccountKind, key: string): Promise<number>;
  balance(accountId: number): Promise<Cents>;
  /** The user's wallet balance in cents (or their chips); 0 when the user has no such account yet. */
  walletBalance(userId: string, currency?: RoomCurrency): Promise<Cents>;
  /** Balance of an owned account kind for a user without creating it; 0 when absent. */
  ownedBalance(userId: string, kind: OwnedKind): Promise<Cents>;
  /** The transfer posted under a key, or null. */
  findTransfer(idempotencyKey: string): Promise<TransferRecord | null>;
  /** Transfers touching an account, newest first. */
  transfersOf(accountId: number, limit?: number): Promise<TransferRecord[]>;
}

/** `kind`, checked to be a system kind (the type says so; callers in plain JavaScript may not). */
function systemKind(kind: SystemAccountKind): SystemAccountKind {
  const owned = (PLAYER_KINDS as readonly string[]).includes(kind);
  if (owned || kind === ('hand_escrow' as string) || kind === ('chip_escrow' as string)) {
    throw new RangeError(`${kind} is not a system account`);
  }
  return kind;
}

/** How long an escrow made ahead (the next hand's, as a hand is dealt) waits for others. */
export const ESCROW_GATHER_MS = 1_000;

export function createLedger(knex: Knex, escrowGatherMs = ESCROW_GATHER_MS): Ledger {
  // Account ids never change, so lookups are cached, and a lookup under way is shared: the antes of
  // a new hand all name its new escrow at once, and should create it once. Escrows come and go, so
  // the cache is bounded; the oldest entries leave first.
  const accountIds = new Map<string, Promise<number>>();
  const MAX_CACHED_ACCOUNTS = 50_000;
  // Every new hand creates its escrow: prepared, this statement skips knex on a hot path.
  const insertAccount = preparedStatement<{ id: string }>(
    knex,
    'svara_insert_account',
    `with lazy as (select set_config('synchronous_commit', 'off', true))
     insert into accounts (kind, owner_id, reference) select $1, $2::bigint, $3::text from lazy
     on conflict (kind, coalesce(owner_id, 0), coalesce(reference, '')) do nothing returning id`,
  );

  const cacheKeyOf = (kind: AccountKind, ownerId: string | null, reference: string | null) =>
    `${kind}\u0000${ownerId ?? ''}\u0000${reference ?? ''}`;

  function remember(cacheKey: string, lookup: Promise<number>): void {
    accountIds.set(cacheKey, lookup);
    lookup.catch(() => {
      if (accountIds.get(cacheKey) === lookup) accountIds.delete(cacheKey);
    });
    if (accountIds.size > MAX_CACHED_ACCOUNTS) accountIds.delete(accountIds.keys().next().value!);
  }

  function accountId(kind: AccountKind, ownerId: string | null, reference: string | null): Promise<number> {
    const cacheKey = cacheKeyOf(kind, ownerId, reference);
    const cached = accountIds.get(cacheKey);
    if (cached !== undefined) {
      // Made ahead and still waiting for company: it is needed now.
      if (ahead.has(cacheKey)) createAhead();
      return cached;
    }
    const lookup = findOrCreateAccount(kind, ownerId, reference);
    remember(cacheKey, lookup);
    return lookup;
  }

  /** Escrows waiting to be created together (prepareEscrow), by cache key. */
  let ahead = new Map<
    string,
    { kind: AccountKind; reference: string; settle: (id: Promise<number>) => void }
  >();
  let aheadTimer: NodeJS.Timeout | null = null;

  function prepareEscrow(reference: string, currency: RoomCurrency): void {
    const kind = CURRENCY_KINDS[currency].escrow;
    const cacheKey = cacheKeyOf(kind, null, reference);
    if (accountIds.has(cacheKey)) return;
    let settle!: (id: Promise<number>) => void;
    remember(cacheKey, new Promise<number>((resolve) => (settle = (id) => resolve(id))));
    ahead.set(cacheKey, { kind, reference, settle });
    if (escrowGatherMs <= 0) createAhead();
    else aheadTimer ??= setTimeout(createAhead, escrowGatherMs);
  }

  /** Creates the escrows waiting in `ahead`, in one statement (one per kind, there are two). */
  function createAhead(): void {
    if (aheadTimer) {
      clearTimeout(aheadTimer);
      aheadTimer = null;
    }
    const parts = [...ahead.values()];
    ahead = new Map();
    for (const kind of new Set(parts.map((p) => p.kind))) {
      const same = parts.filter((p) => p.kind === kind);
      const created = createEscrows(
        kind,
        same.map((p) => p.reference),
      );
      for (const p of same) {
        // Should the statement fail, each escrow is made on its own when asked for, as without this.
        p.settle(
          created.then(
            (ids) => ids.get(p.reference) ?? findOrCreateAccount(kind, null, p.reference),
            () => findOrCreateAccount(kind, null, p.reference),
          ),
        );
      }
    }
  }

  async function createEscrows(kind: AccountKind, references: string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const inserted = await knex.raw<{ rows: { id: string; reference: string }[] }>(
      `with lazy as (select set_config('synchronous_commit', 'off', true))
       insert into accounts (kind, owner_id, reference)
       select ?, null, r.reference from unnest(?::text[]) as r(reference), lazy
       on conflict (kind, coalesce(owner_id, 0), coalesce(reference, '')) do nothing returning id, reference`,
      [kind, references],
    );
    for (const row of inserted.rows) ids.set(row.reference, Number(row.id));
    const missing = references.filter((r) => !ids.has(r));
    if (missing.length > 0) {
      const found = await knex.raw<{ rows: { id: string; reference: string }[] }>(
        `select id, reference from accounts
          where kind = ? and coalesce(owner_id, 0) = 0 and coalesce(reference, '') = any(?::text[])`,
        [kind, missing],
      );
      for (const row of found.rows) ids.set(row.reference, Number(row.id));
    }
    return ids;
  }

  async function findOrCreateAccount(
    kind: AccountKind,
    ownerId: string | null,
    reference: string | null,
  ): Promise<number> {
    // An empty account needs no flush to disk of its own: anything that gives it meaning (a
    // transfer) is written after it, and a durable commit flushes the log in order.
    let id = (await insertAccount.run([kind, ownerId, reference]))[0]?.id;
    if (id === undefined) {
      const found = await knex.raw<{ rows: { id: string }[] }>(
        `select id from accounts where kind = ? and coalesce(owner_id, 0) = coalesce(?::bigint, 0)
           and coalesce(reference, '') = coalesce(?::text, '')`,
        [kind, ownerId, reference],
      );
      id = found.rows[0]?.id;
      if (id === undefined) throw new Error(`account ${kind} could not be created`);
    }
    return Number(id);
  }

  async function readByKeys(keys: string[]): Promise<Map<string, TransferRecord>> {
    const result = await knex.raw<{ rows: TransferRow[] }>(
      `select ${TRANSFER_COLUMNS} from transfers where idempotency_key = any(?)`,
      [keys],
    );
    return new Map(result.rows.map((row) => [row.idempotency_key, toRecord(row)]));
  }

  /** The originals behind already-posted keys; a conflict if any differs or any is missing. */
  async function replay(requests: TransferRequest[]): Promise<TransferRecord[]> {
    const existing = await readByKeys(requests.map((r) => r.idempotencyKey));
    return requests.map((request) => {
      const original = existing.get(request.idempotencyKey);
      if (!original || !samePayload(original, request))
        throw new IdempotencyConflictError(request.idempotencyKey);
      return original;
    });
  }

  /** Runs `run`, a statement posting `requests`, with the ledger's answers to its refusals. */
  async function guarded<T>(
    requests: TransferRequest[],
    run: () => Promise<T>,
    replayed: (originals: TransferRecord[]) => T,
  ): Promise<T> {
    requests.forEach(validate);
    if (new Set(requests.map((r) => r.idempotencyKey)).size !== requests.length) {
      throw new RangeError('a batch cannot repeat an idempotency key');
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const code = sqlStateOf(error);
        if (code === KEYS_TAKEN) return replayed(await replay(requests));
        if (code === OVERDRAWN)
          throw new InsufficientBalanceError(Number((error as { detail?: string }).detail));
        // Two batches inserting the same keys in different orders can deadlock; PostgreSQL aborts one.
        if (code === DEADLOCK && attempt < 3) continue;
        throw error;
      }
    }
  }

  function apply(requests: TransferRequest[]): Promise<BatchResult> {
    return guarded(
      requests,
      async (): Promise<BatchResult> => ({ transfers: await post(requests), replayed: false }),
      (transfers) => ({ transfers, replayed: true }),
    );
  }

  /** One statement, one transaction: see the ledger_post migration for the locking and the checks. */
  async function post(requests: TransferRequest[]): Promise<TransferRecord[]> {
    const result = await knex.raw<{ rows: TransferRow[] }>(
      `select ${TRANSFER_COLUMNS} from ledger_post(?::text[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::jsonb[])`,
      ledgerPostArguments(requests),
    );
    const byKey = new Map(result.rows.map((row) => [row.idempotency_key, toRecord(row)]));
    return requests.map((r) => byKey.get(r.idempotencyKey)!);
  }

  async function ownedBalance(userId: string, kind: OwnedKind): Promise<Cents> {
    const result = await knex.raw<{ rows: { balance: string }[] }>(
      // Spelled like the accounts' identity index, so it is a lookup in it rather than a scan.
      `select balance from accounts where kind = ? and coalesce(owner_id, 0) = ?::bigint
         and coalesce(reference, '') = ''`,
      [kind, userId],
    );
    return Number(result.rows[0]?.balance ?? 0);
  }

  return {
    async transfer(request) {
      const { transfers, replayed } = await apply([request]);
      return { transfer: transfers[0]!, replayed };
    },
    transferBatch: apply,
    postThrough: (requests, run) =>
      guarded(
        requests,
        async (): Promise<{ replayed: boolean }> => {
          await run();
          return { replayed: false };
        },
        () => ({ replayed: true }),
      ),
    playerWallet: (userId) => accountId('player_wallet', userId, null),
    playerReferral: (userId) => accountId('player_referral', userId, null),
    handEscrow: (reference) => accountId('hand_escrow', null, reference),
    walletOf: (userId, currency) => accountId(CURRENCY_KINDS[currency].wallet, userId, null),
    escrowOf: (reference, currency) => accountId(CURRENCY_KINDS[currency].escrow, null, reference),
    prepareEscrow,
    systemAccount: (kind) => accountId(systemKind(kind), null, null),
    systemShard: (kind, key) => accountId(systemKind(kind), null, `shard:${shardOf(key)}`),
    async balance(id) {
      const result = await knex.raw<{ rows: { balance: string }[] }>(
        `select balance from accounts where id = ?`,
        [id],
      );
      const row = result.rows[0];
      if (!row) throw new RangeError(`unknown account ${id}`);
      return Number(row.balance);
    },
    walletBalance: (userId, currency = 'usd') => ownedBalance(userId, CURRENCY_KINDS[currency].wallet),
    ownedBalance,
    async findTransfer(key) {
      return (await readByKeys([key])).get(key) ?? null;
    },
    async transfersOf(id, limit = 100) {
      const result = await knex.raw<{ rows: TransferRow[] }>(
        `select ${TRANSFER_COLUMNS} from transfers where debit_account_id = ? or credit_account_id = ?
         order by id desc limit ?`,
        [id, id, limit],
      );
      return result.rows.map(toRecord);
    },
  };
}
