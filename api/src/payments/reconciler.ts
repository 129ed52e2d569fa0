/**
 * The safety net under callbacks: every so often, the open orders older than a few minutes are
 * looked up at their provider and settled as it says. A lost callback still credits a deposit, an
 * unpaid address is marked expired, and a withdrawal without the provider's id (an answer lost, a
 * failure after the provider accepted it) is found by our id, and sent again only if the provider
 * never got it.
 */
import type { Knex } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.js';
import type { Deposits } from './deposits.js';
import type { OrderSnapshot } from './gateway.js';
import { ORDER_COLUMNS, toOrder, type OrderRow } from './orders.js';
import type { Gateways } from './providers.js';
import type { Withdrawals } from './withdrawals.js';

/** Orders looked at per round: the oldest first, so a stuck one cannot starve the others for long. */
const BATCH = 200;

export function createReconciler(deps: {
  knex: Knex;
  gateways: Gateways;
  deposits: Deposits;
  withdrawals: Withdrawals;
  logger: Logger;
  olderThanMs: number;
  now(): Date;
}) {
  const { knex, gateways, deposits, withdrawals, logger } = deps;

  async function reconcile(row: OrderRow): Promise<string> {
    const gateway = gateways.named(row.provider);
    if (!gateway) return 'no-provider';
    if (row.type === 'withdrawal' && !row.providerOrderId) return withdrawals.resume(row);
    if (!row.providerOrderId) return 'no-order';
    const order = await gateway.fetchOrder(row.providerOrderId, row.type);
    if (row.type === 'withdrawal') return order ? withdrawals.settle(row.id, order) : 'unknown-order';
    // A deposit whose address ran out and that the provider still calls pending is expired for us;
    // a payment that arrives after all is still credited.
    const expired = row.expiresAt !== null && row.expiresAt.getTime() < deps.now().getTime();
    const seen: OrderSnapshot | null =
      order && order.status === 'pending' && expired ? { ...order, status: 'expired' } : order;
    if (!seen) return expired ? deposits.settle(row, expiredUnknown(row)) : 'unknown-order';
    return deposits.settle(row, seen);
  }

  return {
    /** One round; returns what happened to each order looked at (for tests and logs). */
    async runOnce(): Promise<Record<string, string>> {
      const cutoff = new Date(deps.now().getTime() - deps.olderThanMs);
      const open = await knex.raw<{ rows: Record<string, unknown>[] }>(
        `select ${ORDER_COLUMNS} from payment_transactions
          where status = 'pending' and created_at < ? and provider <> 'manual'
          order by updated_at limit ?`,
        [cutoff, BATCH],
      );
      const results: Record<string, string> = {};
      for (const raw of open.rows) {
        const row = toOrder(raw);
        try {
          results[row.id] = await reconcile(row);
        } catch (error) {
          results[row.id] = 'error';
          logger.warn({ err: error, orderId: row.id, provider: row.provider }, 'reconciling an order failed');
        }
        // Touched, so the next round starts with others.
        await knex.raw(
          `update payment_transactions set updated_at = now() where id = ? and status = 'pending'`,
          [row.id],
        );
      }
      return results;
    },
  };
}

function expiredUnknown(row: OrderRow): OrderSnapshot {
  return {
    providerOrderId: row.providerOrderId!,
    orderId: row.id,
    kind: 'deposit',
    status: 'expired',
    providerStatus: 'unknown',
    amountCents: null,
    rawAmount: null,
    rawAsset: null,
    rate: null,
    txId: null,
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
