/**
 * Money in and out, as the routes, the bot and operators use it: the configured providers, deposits,
 * withdrawals, callbacks, the reconciler, the history and the operators' review queue.
 */
import {
  API_PREFIX,
  centsToDollars,
  type AdminWithdrawal,
  type Cents,
  type Currency,
  type DepositResponse,
  type InvoiceResponse,
  type PaymentMethods,
  type TransactionItem,
  type TransactionStatus,
  type WithdrawMethod,
  type WithdrawResponse,
  SvaraError,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { PaymentsConfig } from '../config.js';
import type { NoticeOutbox } from '../notices/outbox.js';
import type { Ledger } from '../ledger/ledger.js';
import type { WalletEvents } from '../ledger/wallet-events.js';
import type { Logger } from '../logger.js';
import { createCallbacks, type CallbackOutcome } from './callbacks.js';
import { createDeposits, type SettleOutcome } from './deposits.js';
import { createPaymentEffects } from './effects.js';
import type { CallbackRequest, OrderSnapshot } from './gateway.js';
import { ORDER_COLUMNS, orderQueries, toOrder, type OrderRow } from './orders.js';
import { createGateways, type Gateways } from './providers.js';
import { createReconciler } from './reconciler.js';
import { createWithdrawals, type RejectionInput } from './withdrawals.js';
import { createInvoiceMessages, type AttachedInvoice, type ChatInvoice } from './invoice-messages.js';
import type { ProtectionService } from '../protection/protection.js';

export interface PaymentsService {
  gateways: Gateways;
  /** What the deposit and withdraw screens may offer. */
  methods(): PaymentMethods;
  deposit(userId: string, currency: Currency): Promise<DepositResponse>;
  invoice(userId: string, amountCents: Cents): Promise<InvoiceResponse>;
  withdraw(
    userId: string,
    request: {
      amountCents: Cents;
      method: WithdrawMethod;
      receiver?: string | undefined;
      idempotencyKey: string;
    },
  ): Promise<WithdrawResponse>;
  /** The caller's own deposits and withdrawals, newest first; forbidden for anyone else's. */
  history(callerId: string, userId: string): Promise<TransactionItem[]>;
  /** A deposit confirmed outside any provider (tests, operators' corrections); once per tracker id. */
  creditDeposit(credit: {
    userId: string;
    trackerId: string;
    amountCents: Cents;
    currency: Currency;
  }): Promise<{ credited: boolean }>;
  handleCallback(provider: string, request: CallbackRequest): Promise<CallbackOutcome>;
  /** Applies what the provider says of one of our orders (a verified callback or a look-up). */
  settle(orderId: string, order: OrderSnapshot): Promise<SettleOutcome>;
  reconcileOnce(): Promise<Record<string, string>>;
  /**
   * The bot's /deposit: the player's open invoice of this amount again (same tracker id and pay URL)
   * while it has over 10 minutes left, else a new one through `invoice` (invoice-messages.ts).
   */
  chatInvoice(userId: string, amountCents: Cents): Promise<ChatInvoice>;
  /**
   * Records the bot message showing the player's invoice (the message edited when it settles) and
   * answers the invoice's state as of now, with the message it replaces; not_found for anything but
   * the player's own invoice deposit.
   */
  attachInvoiceMessage(
    userId: string,
    trackerId: string,
    chatId: string | number,
    messageId: number,
  ): Promise<AttachedInvoice>;
  admin: {
    withdrawals(status?: 'review' | 'pending' | 'all'): Promise<AdminWithdrawal[]>;
    decide(
      operatorId: string,
      orderId: string,
      decision: 'approve' | 'reject',
      /** A rejection's reason, told to the player in the bot's notice and in their history. */
      reason?: RejectionInput,
    ): Promise<AdminWithdrawal>;
    flagForReview(userId: string, flagged: boolean): Promise<void>;
  };
  /** Where providers reach this api when PUBLIC_URL is not set (the address it listens on). */
  useBaseUrl(url: string): void;
  /** Starts the reconciler's timer. */
  start(): void;
  /** Stops the reconciler and the sandbox's timers. */
  stop(): Promise<void>;
}

/**
 * A player sees a withdrawal under review as pending (with `review`, so the app can say it is being
 * reviewed), and a deposit address past its time as expired.
 */
function playerStatus(row: OrderRow, now: Date): TransactionStatus {
  if (row.status === 'review') return 'pending';
  if (row.status === 'pending' && row.type === 'deposit' && row.expiresAt && row.expiresAt < now)
    return 'expired';
  return row.status;
}

export function createPaymentsService(deps: {
  config: PaymentsConfig;
  knex: Knex;
  ledger: Ledger;
  wallets: WalletEvents;
  outbox: NoticeOutbox;
  /** Operators' Telegram ids (BOT_ADMIN_IDS): told in the bot of withdrawals waiting for review. */
  operators: ReadonlySet<string>;
  logger: Logger;
  gateways?: Gateways;
  now?: () => Date;
  /** A suspended account may neither deposit nor withdraw (account_suspended). */
  suspension?: { assertActive(userId: string): Promise<void> };
  /**
   * Player protection (api/src/protection): every deposit path (address, invoice, the bot's invoice)
   * needs the accepted agreement, no exclusion, and room under the deposit limits; withdrawals are
   * never blocked by it. A payment credited above a limit is recorded.
   */
  protection?: Pick<
    ProtectionService,
    'assertAgreement' | 'assertNotExcluded' | 'assertCanDeposit' | 'guardInvoice' | 'depositCredited'
  >;
}): PaymentsService {
  const { config, knex, ledger } = deps;
  const logger = deps.logger.child({ module: 'payments' });
  const now = deps.now ?? (() => new Date());
  const gateways = deps.gateways ?? createGateways({ config, knex, logger });
  let baseUrl = config.publicUrl;
  const callbackUrl = (provider: string) => {
    if (!baseUrl)
      throw new Error('payments: no base URL for callbacks yet (PUBLIC_URL, or the api listening)');
    return `${baseUrl}${API_PREFIX}/payments/callback/${provider}`;
  };
  const baseEffects = createPaymentEffects({ knex, wallets: deps.wallets, outbox: deps.outbox });
  const protection = deps.protection;
  const effects = protection
    ? {
        ...baseEffects,
        async depositCredited(userId: string, creditedCents: Cents) {
          await baseEffects.depositCredited(userId, creditedCents);
          // The money arrived and is the player's: credited, and recorded if above their limit.
          await protection
            .depositCredited(userId)
            .catch((error: unknown) => logger.error({ err: error, userId }, 'deposit limit check failed'));
        },
      }
    : baseEffects;
  const deposits = createDeposits({ knex, ledger, effects, callbackUrl, now });
  const withdrawals = createWithdrawals({
    knex,
    ledger,
    effects,
    logger,
    settings: config,
    gatewayFor: (method) => gateways.forWithdrawal(method),
    gatewayNamed: (name) => gateways.named(name),
    callbackUrl,
    operators: deps.operators,
  });
  const invoiceMessages = createInvoiceMessages({
    knex,
    now,
    invoiceProvider: () => gateways.forInvoice()?.name ?? null,
  });
  /** A player's open invoice of this amount, given again, or a new one (see invoice-messages.ts). */
  async function openInvoice(userId: string, amountCents: Cents) {
    // Checked first: a suspended player is not handed an open invoice again either.
    await deps.suspension?.assertActive(userId);
    // An invoice given again needs the agreement and no exclusion too (its limit room was taken when made).
    await protection?.assertAgreement(userId);
    await protection?.assertNotExcluded(userId);
    return invoiceMessages.openInvoice(userId, amountCents, async () => {
      const gateway = gateways.forInvoice();
      if (!gateway) throw new SvaraError('not_available', 'no provider issues invoices');
      const create = () => deposits.createInvoice(gateway, userId, amountCents, 'Svara balance top-up');
      // The deposit limit is checked, and the amount held, under the player's lock (protection.ts).
      const answer = protection ? await protection.guardInvoice(userId, amountCents, create) : await create();
      return {
        trackerId: answer.trackerId,
        payUrl: answer.payUrl,
        amount: centsToDollars(answer.amountCents),
        expiresAt: answer.expiresAt.toISOString(),
      };
    });
  }
  const callbacks = createCallbacks({ knex, gateways, deposits, withdrawals, logger });
  const reconciler = createReconciler({
    knex,
    gateways,
    deposits,
    withdrawals,
    logger,
    olderThanMs: config.reconcileAfterMs,
    now,
  });
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<unknown> = Promise.resolve();

  function withdrawResponse(row: OrderRow): WithdrawResponse {
    return {
      trackerId: row.trackerId,
      amount: centsToDollars(row.amountCents ?? 0),
      status: playerStatus(row, now()),
      review: row.status === 'review',
    };
  }

  async function adminRows(where: string, bindings: Knex.RawBinding[]): Promise<AdminWithdrawal[]> {
    const result = await knex.raw<{ rows: Record<string, unknown>[] }>(
      `select ${ORDER_COLUMNS.split(',')
        .map((c) => `p.${c.trim()}`)
        .join(', ')}, u.username, u.created_at as account_created_at,
         (select coalesce(sum(amount_cents), 0) from payment_transactions d
           where d.user_id = p.user_id and d.type = 'deposit' and d.status = 'success') as deposited,
         (select coalesce(sum(amount_cents), 0) from payment_transactions w
           where w.user_id = p.user_id and w.type = 'withdrawal' and w.status = 'success') as withdrawn
       from payment_transactions p join users u on u.telegram_id = p.user_id
       where p.type = 'withdrawal' and ${where} order by p.created_at limit 100`,
      bindings,
    );
    return result.rows.map((raw) => {
      const row = toOrder(raw);
      return {
        id: row.id,
        trackerId: row.trackerId,
        userId: row.userId,
        username: (raw.username as string | null) ?? null,
        amount: centsToDollars(row.amountCents ?? 0),
        method: row.method === 'cryptobot' ? 'cryptobot' : 'address',
        address: row.address,
        addressSource: row.addressSource,
        status: row.status as AdminWithdrawal['status'],
        reviewReason: row.reviewReason,
        decidedBy: row.decidedBy,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        depositedTotal: centsToDollars(Number(raw.deposited)),
        withdrawnTotal: centsToDollars(Number(raw.withdrawn)),
        accountCreatedAt: new Date(raw.account_created_at as string).toISOString(),
      };
    });
  }

  return {
    gateways,
    methods() {
      const currencies = new Set<Currency>();
      for (const gateway of gateways.all)
        gateway.capabilities.depositCurrencies.forEach((c) => currencies.add(c));
      return {
        depositCurrencies: (['USDTTON', 'TON'] as const).filter((c) => currencies.has(c)),
        invoice: gateways.forInvoice() !== null,
        withdrawMethods: (['address', 'cryptobot'] as const).filter(
          (m) => gateways.forWithdrawal(m) !== null,
        ),
        sandbox: gateways.sandbox !== null,
      };
    },

    async deposit(userId, currency) {
      await deps.suspension?.assertActive(userId);
      // The amount is unknown until paid: an address only while some room is left under the limits.
      await protection?.assertCanDeposit(userId);
      const gateway = gateways.forDeposit(currency);
      if (!gateway) throw new SvaraError('not_available', `no provider takes ${currency} deposits`);
      const answer = await deposits.createAddress(gateway, userId, currency);
      return { ...answer, expiresAt: answer.expiresAt.toISOString() };
    },

    async invoice(userId, amountCents) {
      // The Mini App's 'more' tab and the bot's /deposit share one open invoice per amount.
      const answer = await openInvoice(userId, amountCents);
      return {
        trackerId: answer.trackerId,
        payUrl: answer.payUrl,
        amount: centsToDollars(answer.amountCents),
        expiresAt: answer.expiresAt,
      };
    },

    async withdraw(userId, request) {
      await deps.suspension?.assertActive(userId);
      return withdrawResponse(await withdrawals.request(userId, request));
    },

    async history(callerId, userId) {
      if (callerId !== userId) throw new SvaraError('forbidden', `history of ${userId} asked by ${callerId}`);
      const result = await knex.raw<{ rows: Record<string, unknown>[] }>(
        `select ${ORDER_COLUMNS} from payment_transactions where user_id = ? order by created_at desc limit 200`,
        [userId],
      );
      const at = now();
      return result.rows.map(toOrder).map((row) => ({
        type: row.type,
        tracker_id: row.trackerId,
        amount: centsToDollars(row.amountCents ?? 0),
        ...(row.feeCents > 0 ? { fee: centsToDollars(row.feeCents) } : {}),
        status: playerStatus(row, at),
        createdAt: row.createdAt.toISOString(),
        currency: row.currency,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        ...(row.status === 'review' ? { review: true } : {}),
        ...(row.rejection ? { rejection: row.rejection } : {}),
      }));
    },

    creditDeposit: (credit) => deposits.creditConfirmed(credit),
    handleCallback: (provider, request) => callbacks.handle(provider, request),
    async settle(orderId, order) {
      const row = await orderQueries(knex).byId(orderId);
      if (!row) throw new SvaraError('not_found', `no order ${orderId}`);
      return row.type === 'deposit' ? deposits.settle(row, order) : withdrawals.settle(orderId, order);
    },
    reconcileOnce: () => reconciler.runOnce(),
    chatInvoice: (userId, amountCents) => openInvoice(userId, amountCents),
    attachInvoiceMessage: (userId, trackerId, chatId, messageId) =>
      invoiceMessages.attachInvoiceMessage(userId, trackerId, chatId, messageId),

    admin: {
      withdrawals(status = 'review') {
        if (status === 'all') return adminRows('true', []);
        return adminRows('p.status = ?', [status]);
      },
      async decide(operatorId, orderId, decision, reason) {
        const row = await withdrawals.decide(operatorId, orderId, decision, reason);
        return (await adminRows('p.id = ?', [row.id]))[0]!;
      },
      async flagForReview(userId, flagged) {
        const result = await knex.raw<{ rows: unknown[] }>(
          `update users set withdrawal_review = ?, updated_at = now() where telegram_id = ? returning telegram_id`,
          [flagged, userId],
        );
        if (result.rows.length === 0) throw new SvaraError('not_found', 'no such user');
        logger.info({ userId, flagged }, 'withdrawal review flag changed');
      },
    },

    useBaseUrl(url) {
      baseUrl ??= url.replace(/\/+$/, '');
    },
    start() {
      if (timer || config.reconcileEveryMs === 0) return;
      timer = setInterval(() => {
        round = round.then(() =>
          reconciler
            .runOnce()
            .catch((error: unknown) => logger.error({ err: error }, 'reconciler round failed')),
        );
      }, config.reconcileEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await round;
      await gateways.sandbox?.close();
    },
  };
}
