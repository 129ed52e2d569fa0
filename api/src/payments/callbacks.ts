/**
 * A provider's callback, from the raw request to a settled order. Nothing in a callback is believed
 * before its gateway has verified it; an unsigned one (AlfaBit) is only a hint, and the order is
 * fetched from the provider.
 *
 * A callback is decided by the order it names and the provider's state of that order, never by the
 * callback's own id: Crypto Pay's update_id is not unique (a new payment can carry an old one's id),
 * and an unsigned hint seen before may meet a state that has changed since. A repeated callback
 * changes nothing because an order settles once: a final row is answered `duplicate` at once, and
 * settling is guarded by the row's status and the ledger's keys.
 */
import { SvaraError } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { Deposits, SettleOutcome } from './deposits.js';
import {
  CallbackRejectedError,
  type CallbackRequest,
  type PaymentGateway,
  type VerifiedCallback,
} from './gateway.js';
import { preparedStatement } from '../db/prepared-statement.js';
import { FINAL_STATUSES, ORDER_COLUMNS, toOrder, type OrderRow } from './orders.js';
import { providerUnavailable } from './provider-errors.js';
import type { Gateways } from './providers.js';
import type { Withdrawals } from './withdrawals.js';

export type CallbackOutcome = SettleOutcome | 'duplicate';

export function createCallbacks(deps: {
  knex: Knex;
  gateways: Gateways;
  deposits: Deposits;
  withdrawals: Withdrawals;
  logger: Logger;
}) {
  const { knex, gateways, deposits, withdrawals, logger } = deps;
  // Every callback runs it: prepared once per connection (see db/prepared-statement.ts). One id may
  // name two orders, a deposit and a withdrawal (Crypto Pay numbers invoices and transfers apart).
  const byProviderOrder = preparedStatement<Record<string, unknown>>(
    knex,
    'svara_order_by_provider_order',
    `select ${ORDER_COLUMNS} from payment_transactions where provider = $1 and provider_order_id = $2`,
  );

  /**
   * One of our orders that the callback may concern, settled as the provider's state of it says.
   * `several`: the callback names more than one of our orders, so the provider's order must echo
   * this one's id to be taken as it.
   */
  async function decide(
    gateway: PaymentGateway,
    verified: VerifiedCallback,
    row: OrderRow,
    several: boolean,
  ): Promise<CallbackOutcome> {
    // Settled before: a final status never changes, whatever the callback says.
    if (FINAL_STATUSES.includes(row.status)) return 'duplicate';
    const order =
      verified.order ??
      (await gateway.fetchOrder(row.providerOrderId!, row.type).catch(providerUnavailable('order look-up')));
    if (!order) throw new SvaraError('not_found', `the provider does not know ${verified.providerOrderId}`);
    const ours =
      order.providerOrderId === row.providerOrderId &&
      order.kind === row.type &&
      (order.orderId === row.id || (order.orderId === null && !several));
    if (!ours) throw new SvaraError('callback_rejected', 'the order does not match ours');
    return row.type === 'deposit' ? deposits.settle(row, order) : withdrawals.settle(row.id, order);
  }

  return {
    async handle(providerName: string, request: CallbackRequest): Promise<CallbackOutcome> {
      const gateway = gateways.named(providerName);
      if (!gateway) throw new SvaraError('not_found', `no provider ${providerName}`);
      const verified = await gateway.verifyCallback(request).catch((error: unknown) => {
        if (error instanceof CallbackRejectedError) {
          logger.warn({ provider: providerName, ip: request.ip, reason: error.message }, 'callback rejected');
          throw new SvaraError('callback_rejected', error.message);
        }
        throw error;
      });
      // A signed callback says which kind of order it is about; a hint may be about either.
      const kind = verified.order?.kind ?? null;
      const rows = (await byProviderOrder.run([providerName, verified.providerOrderId]))
        .map(toOrder)
        .filter((row) => kind === null || row.type === kind);
      if (rows.length === 0) throw new SvaraError('not_found', `unknown order ${verified.providerOrderId}`);
      let outcome: CallbackOutcome;
      if (rows.length === 1) {
        outcome = await decide(gateway, verified, rows[0]!, false);
      } else {
        // The order it concerns is the one whose provider's state echoes our id; any other is not it.
        const tried = await Promise.allSettled(rows.map((row) => decide(gateway, verified, row, true)));
        const failed = tried.flatMap((t) => (t.status === 'rejected' ? [t.reason as unknown] : []));
        const notOurs = (error: unknown) => error instanceof SvaraError && error.code === 'callback_rejected';
        // Anything but "not this one" (the provider could not be asked, …) is answered as an error,
        // so the provider calls again.
        const trouble = failed.find((error) => !notOurs(error));
        if (trouble !== undefined) throw trouble;
        const done = tried.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
        const settled = done.find((o) => o !== 'duplicate') ?? done[0];
        if (settled === undefined) throw failed[0];
        outcome = settled;
      }
      logger.info(
        {
          provider: providerName,
          providerOrderId: verified.providerOrderId,
          callbackId: verified.callbackId,
          outcome,
        },
        'callback decided',
      );
      return outcome;
    },
  };
}

export type Callbacks = ReturnType<typeof createCallbacks>;
