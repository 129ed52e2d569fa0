/**
 * A held withdrawal on its way to the provider, paid once and never left on hold. A refusal gives
 * the money back; a lost answer is resolved by asking for the order by our id before anything is
 * sent again; and whatever fails on our side once the provider may have acted leaves the row pending
 * with its hold, for the reconciler, which asks by our id first too (AlfaBit has no idempotency key:
 * sending first would pay twice).
 */
import type { Logger } from '../logger.js';
import {
  PaymentProviderError,
  type OrderSnapshot,
  type OrderStatus,
  type PaymentGateway,
  type WithdrawalAccepted,
} from './gateway.js';
import type { OrderRow } from './orders.js';

export type SendOutcome = 'sent' | 'refused' | 'unknown';

export interface WithdrawalSenderDeps {
  logger: Logger;
  gatewayNamed(name: string): PaymentGateway | null;
  callbackUrl(provider: string): string;
  /** Records the provider's id of the order and settles a final status (withdrawals.ts). */
  accepted(row: OrderRow, providerOrderId: string, status: OrderStatus): Promise<void>;
  /** The provider refused outright, so it did nothing: the money goes back to the wallet. */
  refused(row: OrderRow, error: PaymentProviderError): Promise<void>;
}

export function createWithdrawalSender(deps: WithdrawalSenderDeps) {
  const { logger } = deps;

  /**
   * `accepted`, once the provider has the withdrawal. Whatever fails here, the money may have left:
   * the row stays pending with its hold (never returned to the wallet, never a 500 to the player),
   * and the reconciler finds the order by our id and settles it as the provider says.
   */
  async function recordAccepted(
    row: OrderRow,
    providerOrderId: string,
    status: OrderStatus,
  ): Promise<'sent' | 'unknown'> {
    try {
      await deps.accepted(row, providerOrderId, status);
      return 'sent';
    } catch (error) {
      logger.error(
        { orderId: row.id, providerOrderId, status, err: error },
        'withdrawal accepted by the provider but not recorded; left to the reconciler',
      );
      return 'unknown';
    }
  }

  function gatewayOf(row: OrderRow): PaymentGateway | null {
    const gateway = deps.gatewayNamed(row.provider);
    if (!gateway)
      logger.error({ orderId: row.id, provider: row.provider }, 'withdrawal provider is not configured');
    return gateway;
  }

  /** The withdrawal asked for by our id: null when the provider never got it, undefined when it could not be asked. */
  async function lookUp(gateway: PaymentGateway, row: OrderRow): Promise<OrderSnapshot | null | undefined> {
    return gateway
      .findWithdrawal(row.id, row.method === 'cryptobot' ? 'cryptobot' : 'address')
      .catch((lookup: unknown) => {
        logger.warn({ orderId: row.id, err: lookup }, 'withdrawal look-up failed');
        return undefined;
      });
  }

  /**
   * Sends a pending withdrawal that the provider has not acknowledged. A time-out is resolved by
   * looking the order up by our id, and only then sent again (once here; the reconciler goes on
   * later).
   */
  async function send(row: OrderRow): Promise<SendOutcome> {
    const gateway = gatewayOf(row);
    if (!gateway) return 'unknown';
    const callbackUrl = deps.callbackUrl(gateway.name);
    const amountCents = row.amountCents!;
    const request =
      row.method === 'cryptobot'
        ? {
            method: 'cryptobot' as const,
            orderId: row.id,
            amountCents,
            telegramUserId: row.userId,
            callbackUrl,
          }
        : { method: 'address' as const, orderId: row.id, amountCents, address: row.address!, callbackUrl };
    for (let attempt = 1; attempt <= 2; attempt++) {
      let answer: WithdrawalAccepted;
      try {
        answer = await gateway.withdraw(request);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) {
          // Not the provider's answer but a failure of ours around it: whether it acted is unknown.
          logger.error({ orderId: row.id, err: error }, 'withdrawal call failed; left to the reconciler');
          return 'unknown';
        }
        if (error.outcome === 'refused') {
          await deps.refused(row, error);
          logger.warn({ orderId: row.id, err: error }, 'withdrawal refused by the provider; money returned');
          return 'refused';
        }
        logger.warn({ orderId: row.id, attempt, err: error }, 'withdrawal answer lost; looking it up');
        const found = await lookUp(gateway, row);
        if (found === undefined) return 'unknown';
        if (found) return recordAccepted(row, found.providerOrderId, found.status);
        continue;
      }
      return recordAccepted(row, answer.providerOrderId, answer.status);
    }
    return 'unknown';
  }

  /**
   * The reconciler's turn at a pending withdrawal without the provider's id. It may have been sent
   * already (an answer lost, a crash, a failure after the provider accepted it): asked for by our id
   * first, and sent only when the provider has never seen it.
   */
  async function resume(row: OrderRow): Promise<SendOutcome> {
    const gateway = gatewayOf(row);
    if (!gateway) return 'unknown';
    const found = await lookUp(gateway, row);
    if (found === undefined) return 'unknown';
    if (found) return recordAccepted(row, found.providerOrderId, found.status);
    return send(row);
  }

  return { send, resume };
}
