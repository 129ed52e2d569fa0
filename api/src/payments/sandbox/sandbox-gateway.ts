/**
 * The sandbox: a simulated merchant inside the api's own process, for development, the tests and the
 * end-to-end tests. It keeps its own book (sandbox_orders) and behaves like a real provider wherever
 * the payments service could tell the difference: temporary addresses and invoices that expire,
 * signed callbacks over real HTTP that are retried, withdrawals that settle later, and failures and
 * lost answers on demand. It pays whoever asks (pay()), so it never runs in production (config.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import type { Cents } from '@svara/core';
import { Address } from '@ton/core';
import { z } from 'zod';
import type { PaymentsConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import {
  CallbackRejectedError,
  centsToDecimal,
  PaymentProviderError,
  usdCentsAt,
  type CallbackRequest,
  type DepositAddress,
  type DepositAddressRequest,
  type GatewayCapabilities,
  type Invoice,
  type InvoiceRequest,
  type OrderSnapshot,
  type OrderStatus,
  type PaymentGateway,
  type VerifiedCallback,
  type WithdrawalAccepted,
  type WithdrawalRequest,
} from '../gateway.js';

/** The sandbox's fixed TON price in USD: a TON deposit is credited at this rate, rounded down to cents. */
export const SANDBOX_TON_USD_RATE = '5.00';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A callback older than this is refused: a replay of a captured one, or a clock gone wrong. */
export const SANDBOX_CALLBACK_MAX_AGE_MS = 10 * 60_000;
/** Tolerated skew the other way (a callback "sent" in the future). */
const CALLBACK_MAX_FUTURE_MS = 60_000;
/** Waits between delivery attempts of one callback: 5 tries over ~7.5 s, as a real provider would. */
export const SANDBOX_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000];
const CALLBACK_TIMEOUT_MS = 10_000;
/**
 * The merchant's opening balance: what the sandbox "funded" before the first deposit, so faucet money
 * can be withdrawn without the reported balance going below zero.
 */
const OPENING_FLOAT_CENTS = 100_000_000;

export type SandboxOrderKind = 'deposit' | 'invoice' | 'withdrawal';
type StoredStatus = 'pending' | 'paid' | 'failed';

/** One order of the sandbox's book, as the pay page and the tests see it. */
export interface SandboxOrder {
  uid: string;
  kind: SandboxOrderKind;
  /** Our id of the order (the comment the service sent). */
  orderId: string;
  /** USDTTON or TON for a deposit address, USDT for an invoice or a @CryptoBot withdrawal. */
  currency: string;
  /** What the payer sends (deposits) or the sandbox sends (withdrawals). */
  asset: 'USDT' | 'TON';
  /** A deposit address, a withdrawal's destination (`telegram:<id>` for @CryptoBot). */
  address: string | null;
  /** An invoice's or a withdrawal's amount (decimal); null for a deposit address (any amount). */
  amount: string | null;
  paidAmount: string | null;
  /** `expired`: an unpaid address or invoice past its time (computed when read). */
  status: OrderStatus;
  callbackUrl: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/** Why pay() refused: the route turns these into not_found / validation_failed. */
export class SandboxPayError extends Error {
  constructor(
    readonly reason: 'not_found' | 'not_payable' | 'already_paid' | 'expired' | 'wrong_amount' | 'bad_amount',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxPayError';
  }
}

export interface SandboxGateway extends PaymentGateway {
  /**
   * A payer sends `amount` (decimal, in the order's asset: USDT, or TON for a TON address) to a
   * deposit address, or pays an invoice (its exact amount; omitted: the whole invoice). Marks the
   * order paid and sends the signed callback. An expired address still receives (money that arrives
   * is money); an expired invoice cannot be paid. Throws SandboxPayError.
   */
  pay(uid: string, amount?: string): Promise<OrderSnapshot>;
  /** The order behind a tracker id, or null (the pay page). */
  findOrder(uid: string): Promise<SandboxOrder | null>;
  /** Stops the timers and waits for the callbacks in flight; call it before the database closes. */
  close(): Promise<void>;
  /** Hex HMAC-SHA-256 of a raw body with the gateway's secret (tests, the bench). */
  signature(rawBody: string | Buffer): string;
}

export interface SandboxGatewayDeps {
  knex: Knex;
  settings: PaymentsConfig['sandbox'];
  logger: Logger;
  /** The page where an invoice is paid (the api's GET /sandbox/invoice/:uid). */
  publicPayUrl: (uid: string) => string;
  now?: () => Date;
  /** Draws for failures and lost answers; tests make them deterministic. */
  random?: () => number;
  fetch?: typeof fetch;
  /** Waits between callback attempts (default SANDBOX_RETRY_DELAYS_MS); tests shorten them. */
  retryDelaysMs?: readonly number[];
}

interface OrderRow {
  uid: string;
  kind: SandboxOrderKind;
  comment: string;
  currency: string;
  address: string | null;
  amount: string | null;
  paid_amount: string | null;
  status: StoredStatus;
  callback_url: string;
  created_at: Date | string;
  expires_at: Date | string | null;
}

/** What a callback says; signed, so its order can be trusted as it stands. */
const callbackBodySchema = z.object({
  callbackId: z.string().min(1).max(100),
  uid: z.string().min(1).max(100),
  kind: z.enum(['deposit', 'invoice', 'withdrawal']),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  comment: z.string(),
  currency: z.string(),
  amount: z.string().nullable(),
  paidAmount: z.string().nullable(),
  asset: z.enum(['USDT', 'TON']),
  rate: z.string(),
  txId: z.string().nullable(),
  sentAt: z.string(),
});
export type SandboxCallbackBody = z.infer<typeof callbackBodySchema>;

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,9}))?$/;

/** A positive decimal in canonical form ("010.50" → "10.5"), or null. */
function canonicalAmount(text: string): string | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (!/[1-9]/.test(whole + fraction)) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

function assetOf(currency: string): 'USDT' | 'TON' {
  return currency === 'TON' ? 'TON' : 'USDT';
}

function rateOf(asset: 'USDT' | 'TON'): string {
  return asset === 'TON' ? SANDBOX_TON_USD_RATE : '1';
}

/** A stable fake transaction hash per paid order, so every read reports the same one. */
function txIdOf(uid: string): string {
  return createHash('sha256').update(`sandbox-tx:${uid}`).digest('hex');
}

function newUid(): string {
  return `sbx_${randomBytes(12).toString('hex')}`;
}

/** A user-friendly TON address that no wallet owns (a random account hash). */
function newTonAddress(): string {
  return new Address(0, randomBytes(32)).toString({ bounceable: false });
}

/** The order in the service's words, from the book or from a signed callback. */
function snapshotOf(order: {
  uid: string;
  kind: SandboxOrderKind;
  status: OrderStatus;
  comment: string;
  asset: 'USDT' | 'TON';
  amount: string | null;
  paidAmount: string | null;
  rate: string;
  txId: string | null;
}): OrderSnapshot {
  // A deposit reports what arrived; a withdrawal what is (being) sent.
  const moved = order.kind === 'withdrawal' ? order.amount : order.paidAmount;
  return {
    providerOrderId: order.uid,
    orderId: order.comment,
    kind: order.kind === 'withdrawal' ? 'withdrawal' : 'deposit',
    status: order.status,
    providerStatus: order.status,
    amountCents: moved === null ? null : usdCentsAt(moved, order.rate),
    rawAmount: moved,
    rawAsset: moved === null ? null : order.asset,
    rate: moved === null ? null : order.rate,
    txId: order.txId,
  };
}

export function createSandboxGateway(deps: SandboxGatewayDeps): SandboxGateway {
  const { knex, settings, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const retryDelays = deps.retryDelaysMs ?? SANDBOX_RETRY_DELAYS_MS;
  // Without a configured secret each start signs with its own: nothing outside this process needs it.
  const secret = settings.secret ?? randomBytes(32).toString('hex');

  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  const sleepers = new Set<() => void>();
  const inFlight = new Set<Promise<unknown>>();

  const capabilities: GatewayCapabilities = {
    depositCurrencies: ['USDTTON', 'TON'],
    invoice: true,
    withdrawToAddress: true,
    withdrawToCryptobot: true,
  };

  function signature(rawBody: string | Buffer): string {
    return createHmac('sha256', secret).update(rawBody).digest('hex');
  }

  function track<T>(work: Promise<T>): void {
    const tracked = work.then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'sandbox background work failed'),
    );
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  /** A wait that close() cuts short, so shutting down never waits out a backoff. */
  function sleep(ms: number): Promise<void> {
    if (closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        timers.delete(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      timers.add(timer);
      sleepers.add(wake);
    });
  }

  function toOrder(row: OrderRow): SandboxOrder {
    const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
    const expired =
      row.status === 'pending' &&
      row.kind !== 'withdrawal' &&
      expiresAt !== null &&
      expiresAt.getTime() <= now().getTime();
    return {
      uid: row.uid,
      kind: row.kind,
      orderId: row.comment,
      currency: row.currency,
      asset: assetOf(row.currency),
      address: row.address,
      amount: row.amount,
      paidAmount: row.paid_amount,
      status: expired ? 'expired' : row.status,
      callbackUrl: row.callback_url,
      createdAt: new Date(row.created_at),
      expiresAt,
    };
  }

  function orderSnapshot(order: SandboxOrder): OrderSnapshot {
    return snapshotOf({
      ...order,
      comment: order.orderId,
      rate: rateOf(order.asset),
      txId: order.status === 'paid' ? txIdOf(order.uid) : null,
    });
  }

  async function loadRow(uid: string): Promise<OrderRow | null> {
    const result = await knex.raw<{ rows: OrderRow[] }>(`select * from sandbox_orders where uid = ?`, [uid]);
    return result.rows[0] ?? null;
  }

  async function insert(
    row: Omit<OrderRow, 'created_at' | 'paid_amount' | 'status'>,
    db: Knex = knex,
  ): Promise<OrderRow> {
    const at = now();
    const result = await db.raw<{ rows: OrderRow[] }>(
      `insert into sandbox_orders
         (uid, kind, comment, currency, address, amount, status, callback_url, created_at, expires_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?) returning *`,
      [
        row.uid,
        row.kind,
        row.comment,
        row.currency,
        row.address,
        row.amount,
        row.callback_url,
        at,
        row.expires_at,
        at,
      ],
    );
    return result.rows[0]!;
  }

  /** A lost answer, drawn after the order was recorded: the provider acted, the caller cannot know. */
  function maybeLoseAnswer(what: string): void {
    if (random() < settings.timeoutRate) {
      throw new PaymentProviderError(`sandbox: ${what}: no answer (simulated time-out)`, 'unknown');
    }
  }

  function expiryOf(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new PaymentProviderError(`sandbox: expiresInSeconds must be positive, not ${seconds}`, 'refused');
    }
    return new Date(now().getTime() + seconds * 1000);
  }

  // ---- callbacks ----

  function notify(order: SandboxOrder): void {
    if (closed) return;
    track(
      (async () => {
        if (settings.callbackDelayMs > 0) await sleep(settings.callbackDelayMs);
        if (closed) return;
        // The same notification (id, body) on every attempt, as real providers re-deliver it.
        const body: SandboxCallbackBody = {
          callbackId: `cb_${randomBytes(12).toString('hex')}`,
          uid: order.uid,
          kind: order.kind,
          status: order.status,
          comment: order.orderId,
          currency: order.currency,
          amount: order.amount,
          paidAmount: order.paidAmount,
          asset: order.asset,
          rate: rateOf(order.asset),
          txId: order.status === 'paid' ? txIdOf(order.uid) : null,
          sentAt: now().toISOString(),
        };
        await deliver(order.callbackUrl, JSON.stringify(body), body);
      })(),
    );
  }

  async function deliver(url: string, raw: string, body: SandboxCallbackBody): Promise<void> {
    const context = { uid: body.uid, callbackId: body.callbackId, status: body.status, url };
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature(raw) },
          body: raw,
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) {
          logger.debug({ ...context, attempt }, 'sandbox callback delivered');
          return;
        }
        problem = `HTTP ${response.status}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      const delay = retryDelays[attempt];
      if (delay === undefined || closed) {
        logger.warn({ ...context, attempt, problem }, 'sandbox callback given up');
        return;
      }
      logger.debug({ ...context, attempt, problem, retryInMs: delay }, 'sandbox callback failed, retrying');
      await sleep(delay);
      if (closed) return;
    }
  }

  // ---- withdrawals ----

  /** Settles a pending withdrawal once (paid, or failed at failureRate) and tells the webhook. */
  async function settle(uid: string): Promise<SandboxOrder | null> {
    const status: StoredStatus = random() < settings.failureRate ? 'failed' : 'paid';
    const result = await knex.raw<{ rows: OrderRow[] }>(
      `update sandbox_orders set status = ?, updated_at = ?
        where uid = ? and kind = 'withdrawal' and status = 'pending' returning *`,
      [status, now(), uid],
    );
    const row = result.rows[0];
    if (!row) return null;
    const order = toOrder(row);
    logger.debug({ uid, status }, 'sandbox withdrawal settled');
    notify(order);
    return order;
  }

  function scheduleSettlement(uid: string): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) track(settle(uid));
    }, settings.withdrawDelayMs);
    timer.unref();
    timers.add(timer);
  }

  /**
   * A read settles a withdrawal whose time has come but whose timer died with an earlier process,
   * so a restart never leaves one pending for ever (the reconciler's look-up moves it on).
   */
  async function readOrder(row: OrderRow): Promise<SandboxOrder> {
    const order = toOrder(row);
    const due = order.createdAt.getTime() + settings.withdrawDelayMs <= now().getTime();
    if (order.kind !== 'withdrawal' || order.status !== 'pending' || !due || closed) return order;
    const settled = await settle(order.uid);
    if (settled) return settled;
    const reread = await loadRow(order.uid);
    return reread ? toOrder(reread) : order;
  }

  async function withdraw(request: WithdrawalRequest): Promise<WithdrawalAccepted> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw new PaymentProviderError(`sandbox: bad withdrawal amount ${request.amountCents}`, 'refused');
    }
    let destination: string;
    if (request.method === 'address') {
      if (!Address.isFriendly(request.address)) {
        throw new PaymentProviderError('sandbox: not a user-friendly TON address', 'refused');
      }
      destination = request.address;
    } else {
      if (!/^\d{1,20}$/.test(request.telegramUserId)) {
        throw new PaymentProviderError('sandbox: not a Telegram user id', 'refused');
      }
      destination = `telegram:${request.telegramUserId}`;
    }
    const currency = request.method === 'address' ? 'USDTTON' : 'USDT';
    const amount = centsToDecimal(request.amountCents);

    // Our order id is the idempotency key: a repeat (after a lost answer) returns the first order.
    const { row, created } = await knex.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [`sandbox_orders:${request.orderId}`]);
      const existing = await trx.raw<{ rows: OrderRow[] }>(
        `select * from sandbox_orders where kind = 'withdrawal' and comment = ? order by created_at limit 1`,
        [request.orderId],
      );
      const found = existing.rows[0];
      if (found) return { row: found, created: false };
      const inserted = await insert(
        {
          uid: newUid(),
          kind: 'withdrawal',
          comment: request.orderId,
          currency,
          address: destination,
          amount,
          callback_url: request.callbackUrl,
          expires_at: null,
        },
        trx,
      );
      return { row: inserted, created: true };
    });
    if (!created && (row.currency !== currency || row.address !== destination || row.amount !== amount)) {
      logger.warn(
        { orderId: request.orderId, uid: row.uid },
        'sandbox: order id reused for another withdrawal',
      );
      throw new PaymentProviderError(
        `sandbox: order id ${request.orderId} was already used for another withdrawal`,
        'refused',
      );
    }
    if (created) scheduleSettlement(row.uid);
    maybeLoseAnswer('withdraw');
    const order = toOrder(row);
    return { providerOrderId: order.uid, status: order.status };
  }

  return {
    name: 'sandbox',
    capabilities,
    signature,

    async createDepositAddress(request: DepositAddressRequest): Promise<DepositAddress> {
      if (!capabilities.depositCurrencies.includes(request.currency)) {
        throw new PaymentProviderError(`sandbox: no deposits in ${request.currency}`, 'refused');
      }
      const expiresAt = expiryOf(request.expiresInSeconds);
      const uid = newUid();
      const address = newTonAddress();
      await insert({
        uid,
        kind: 'deposit',
        comment: request.orderId,
        currency: request.currency,
        address,
        amount: null,
        callback_url: request.callbackUrl,
        expires_at: expiresAt,
      });
      maybeLoseAnswer('createDepositAddress');
      return { providerOrderId: uid, address, memo: null, expiresAt };
    },

    async createInvoice(request: InvoiceRequest): Promise<Invoice> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new PaymentProviderError(`sandbox: bad invoice amount ${request.amountCents}`, 'refused');
      }
      const expiresAt = expiryOf(request.expiresInSeconds);
      const uid = newUid();
      await insert({
        uid,
        kind: 'invoice',
        comment: request.orderId,
        currency: 'USDT',
        address: null,
        amount: centsToDecimal(request.amountCents),
        callback_url: request.callbackUrl,
        expires_at: expiresAt,
      });
      maybeLoseAnswer('createInvoice');
      return { providerOrderId: uid, payUrl: deps.publicPayUrl(uid), expiresAt };
    },

    withdraw,

    async fetchOrder(providerOrderId, kind): Promise<OrderSnapshot | null> {
      const row = await loadRow(providerOrderId);
      if (!row || (kind === 'withdrawal') !== (row.kind === 'withdrawal')) return null;
      return orderSnapshot(await readOrder(row));
    },

    async findWithdrawal(orderId, method): Promise<OrderSnapshot | null> {
      const result = await knex.raw<{ rows: OrderRow[] }>(
        `select * from sandbox_orders where kind = 'withdrawal' and comment = ? and currency = ?
          order by created_at limit 1`,
        [orderId, method === 'address' ? 'USDTTON' : 'USDT'],
      );
      const row = result.rows[0];
      return row ? orderSnapshot(await readOrder(row)) : null;
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      const given = request.headers[SANDBOX_SIGNATURE_HEADER];
      if (!given) throw new CallbackRejectedError('sandbox callback without a signature');
      if (!/^[0-9a-f]{64}$/i.test(given)) throw new CallbackRejectedError('malformed sandbox signature');
      const expected = createHmac('sha256', secret).update(request.rawBody).digest();
      if (!timingSafeEqual(Buffer.from(given, 'hex'), expected)) {
        throw new CallbackRejectedError('bad sandbox signature');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw new CallbackRejectedError('sandbox callback is not JSON');
      }
      const body = callbackBodySchema.safeParse(parsed);
      if (!body.success) throw new CallbackRejectedError('malformed sandbox callback');
      const sentAt = Date.parse(body.data.sentAt);
      const age = now().getTime() - sentAt;
      if (Number.isNaN(sentAt) || age > SANDBOX_CALLBACK_MAX_AGE_MS || age < -CALLBACK_MAX_FUTURE_MS) {
        throw new CallbackRejectedError('stale sandbox callback');
      }
      return {
        callbackId: body.data.callbackId,
        providerOrderId: body.data.uid,
        order: snapshotOf(body.data),
      };
    },

    async merchantBalance(): Promise<Cents | null> {
      // Paid deposits at their USD value, less every withdrawal not failed (pending ones are committed).
      const result = await knex.raw<{ rows: { cents: string }[] }>(
        `select coalesce(sum(case
                  when kind <> 'withdrawal' and status = 'paid'
                    then floor(paid_amount::numeric * (case when currency = 'TON' then ?::numeric else 1 end) * 100)
                  when kind = 'withdrawal' and status <> 'failed' then -(amount::numeric * 100)
                  else 0 end), 0)::bigint as cents
           from sandbox_orders`,
        [SANDBOX_TON_USD_RATE],
      );
      return OPENING_FLOAT_CENTS + Number(result.rows[0]?.cents ?? 0);
    },

    async pay(uid: string, amount?: string): Promise<OrderSnapshot> {
      const given = amount === undefined ? undefined : canonicalAmount(amount);
      if (given === null) throw new SandboxPayError('bad_amount', `not a positive amount: ${amount}`);
      const row = await knex.transaction(async (trx) => {
        const found = await trx.raw<{ rows: OrderRow[] }>(
          `select * from sandbox_orders where uid = ? for update`,
          [uid],
        );
        const current = found.rows[0];
        if (!current) throw new SandboxPayError('not_found', `no sandbox order ${uid}`);
        const order = toOrder(current);
        if (order.kind === 'withdrawal') {
          throw new SandboxPayError('not_payable', `${uid} is a withdrawal: the sandbox pays it, not you`);
        }
        if (order.status === 'paid') throw new SandboxPayError('already_paid', `${uid} is already paid`);
        let paidAmount: string;
        if (order.kind === 'invoice') {
          if (order.status === 'expired') {
            throw new SandboxPayError(
              'expired',
              `invoice ${uid} expired at ${order.expiresAt?.toISOString()}`,
            );
          }
          const due = canonicalAmount(order.amount ?? '');
          if (given !== undefined && given !== due) {
            throw new SandboxPayError(
              'wrong_amount',
              `invoice ${uid} is for ${order.amount} USDT, not ${amount}`,
            );
          }
          paidAmount = order.amount!;
        } else {
          if (given === undefined) {
            throw new SandboxPayError('bad_amount', `say how much ${order.asset} to send to ${uid}`);
          }
          paidAmount = given;
        }
        const updated = await trx.raw<{ rows: OrderRow[] }>(
          `update sandbox_orders set status = 'paid', paid_amount = ?, updated_at = ? where uid = ? returning *`,
          [paidAmount, now(), uid],
        );
        return updated.rows[0]!;
      });
      const order = toOrder(row);
      logger.info({ uid, amount: order.paidAmount, asset: order.asset }, 'sandbox order paid');
      notify(order);
      return orderSnapshot(order);
    },

    async findOrder(uid: string): Promise<SandboxOrder | null> {
      const row = await loadRow(uid);
      return row ? readOrder(row) : null;
    },

    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const wake of [...sleepers]) wake();
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
