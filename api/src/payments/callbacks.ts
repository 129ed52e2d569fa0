/**
 * A provider's callback, from the raw request to a settled order. Nothing in a callback is believed
 * before its gateway has verified it; an unsigned one (AlfaBit) is only a hint, and the order is
 * fetched from the provider. A callback id seen before changes nothing, and even a replay that
 * slipped through could not: settling is guarded by the order's status and the ledger's keys.
 */
import { SvaraError } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { Deposits, SettleOutcome } from './deposits.js';
import { CallbackRejectedError, type CallbackRequest } from './gateway.js';
import { preparedStatement } from '../db/prepared-statement.js';
import { ORDER_COLUMNS, toOrder } from './orders.js';
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
  // Every callback runs these two: prepared once per connection (see db/prepared-statement.ts).
  const byProviderOrder = preparedStatement<Record<string, unknown>>(
    knex,
    'svara_order_by_provider_order',
    `select ${ORDER_COLUMNS} from payment_transactions where provider = $1 and provider_order_id = $2`,
  );
  const claim = preparedStatement(
    knex,
    'svara_callback_claim',
    `insert into payment_callbacks (provider, callback_id) values ($1, $2) on conflict do nothing returning 1`,
  );

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
      const found = await byProviderOrder.run([providerName, verified.providerOrderId]);
      const row = found[0] ? toOrder(found[0]) : null;
      if (!row) throw new SvaraError('not_found', `unknown order ${verified.providerOrderId}`);
      const order =
        verified.order ??
        (await gateway
          .fetchOrder(row.providerOrderId!, row.type)
          .catch(providerUnavailable('order look-up')));
      if (!order) throw new SvaraError('not_found', `the provider does not know ${verified.providerOrderId}`);
      if (
        order.providerOrderId !== row.providerOrderId ||
        (order.orderId !== null && order.orderId !== row.id)
      ) {
        throw new SvaraError('callback_rejected', 'the order does not match ours');
      }
      // Claimed before it is applied: a replay arriving meanwhile is answered at once. If applying
      // fails, the claim is given back so the provider's retry is applied; after a crash in between,
      // the reconciler settles the order instead.
      const claimed = await claim.run([providerName, verified.callbackId]);
      if (claimed.length === 0) return 'duplicate';
      let outcome: CallbackOutcome;
      try {
        outcome =
          row.type === 'deposit'
            ? await deposits.settle(row, order)
            : await withdrawals.settle(row.id, order);
      } catch (error) {
        await knex
          .raw(`delete from payment_callbacks where provider = ? and callback_id = ?`, [
            providerName,
            verified.callbackId,
          ])
          .catch(() => undefined);
        throw error;
      }
      logger.info(
        { provider: providerName, orderId: row.id, status: order.status, outcome },
        'callback settled',
      );
      return outcome;
    },
  };
}

export type Callbacks = ReturnType<typeof createCallbacks>;
