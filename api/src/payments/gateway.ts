/**
 * What the product needs of a payment provider, whoever it is: a temporary deposit address, an
 * invoice paid elsewhere, a withdrawal, an order looked up, a callback checked. Each adapter
 * (sandbox, alfabit, cryptopay) speaks its provider's HTTP API behind this interface; the payments
 * service (deposits.ts, withdrawals.ts) owns the orders' rows and every movement of money.
 *
 * Amounts cross this boundary as integer cents of USD (USDT counts as USD); the provider's own
 * decimal strings stay inside the adapter, except as the raw amount stored beside a deposit.
 */
import type { Cents, Currency } from '@svara/core';

export const PROVIDER_NAMES = ['sandbox', 'alfabit', 'cryptopay'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface DepositAddressRequest {
  /** Our id of the order (payment_transactions.id): sent as the provider's comment. */
  orderId: string;
  currency: Currency;
  /** Where the provider posts its callbacks for this order. */
  callbackUrl: string;
  expiresInSeconds: number;
}

export interface DepositAddress {
  /** The provider's id of the order: the tracker id the player sees. */
  providerOrderId: string;
  address: string;
  memo: string | null;
  expiresAt: Date;
}

export interface InvoiceRequest {
  orderId: string;
  amountCents: Cents;
  /** Shown to the payer by the provider. */
  description: string;
  callbackUrl: string;
  expiresInSeconds: number;
}

export interface Invoice {
  providerOrderId: string;
  /** Opens the payment: the payment bot's chat (`bot_invoice_url`), or the sandbox's pay page. */
  payUrl: string;
  expiresAt: Date;
}

export type WithdrawalRequest =
  | {
      method: 'address';
      /** Our id of the withdrawal: the provider's comment or idempotency key. */
      orderId: string;
      amountCents: Cents;
      /** A USDT-TON address (user-friendly form). */
      address: string;
      callbackUrl: string;
    }
  | {
      method: 'cryptobot';
      orderId: string;
      amountCents: Cents;
      /** The player's Telegram id: the transfer goes to their @CryptoBot wallet. */
      telegramUserId: string;
      callbackUrl: string;
    };

export interface WithdrawalAccepted {
  providerOrderId: string;
  /** Some providers settle at once (Crypto Pay's transfer): then this is already final. */
  status: OrderStatus;
}

/**
 * An order's state in our words. `paid`: a deposit received or a withdrawal delivered; `failed`: the
 * provider gave up (a withdrawal's money comes back); `expired`: nothing was paid in time;
 * `pending`: anything else, including statuses we do not know (logged by the adapter).
 */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface OrderSnapshot {
  providerOrderId: string;
  /** Our id as the provider echoes it (comment, payload, spend_id), when it does. */
  orderId: string | null;
  kind: 'deposit' | 'withdrawal';
  status: OrderStatus;
  /** The provider's own status word, stored for operators. */
  providerStatus: string;
  /**
   * A paid deposit: the USD value received, in cents, rounded down (the merchant's USDT amount for
   * a TON payment). Null while nothing was received.
   */
  amountCents: Cents | null;
  /** What actually arrived, as the provider says it: amount (decimal string), asset, and USD rate. */
  rawAmount: string | null;
  rawAsset: string | null;
  rate: string | null;
  txId: string | null;
}

/** A callback as it reached our webhook route. */
export interface CallbackRequest {
  rawBody: Buffer;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The client's address (X-Forwarded-For's only behind TRUST_PROXY). */
  ip: string;
}

export interface VerifiedCallback {
  /**
   * The provider's id of this callback (Crypto Pay's update_id, a hash of the body otherwise), for
   * the logs only. It decides nothing: Crypto Pay's update_id is not unique, so a callback is decided
   * by the order it names and that order's state (payments/callbacks.ts).
   */
  callbackId: string;
  /**
   * The order it concerns. One id may name a deposit and a withdrawal (Crypto Pay numbers invoices
   * and transfers apart): a signed callback's order says which kind it is.
   */
  providerOrderId: string;
  /**
   * The order as the callback states it when the callback is signed (and so can be trusted); null
   * when it is only a hint (AlfaBit: no signature), and the order must be fetched from the provider.
   */
  order: OrderSnapshot | null;
}

/** The provider could not be asked, or answered something we cannot use. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /**
     * `refused`: the provider answered and did nothing (safe to give the money back);
     * `unknown`: a time-out, a 5xx or a broken answer — it may have acted, so look before retrying.
     */
    readonly outcome: 'refused' | 'unknown',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** A callback that is not genuine (bad signature, unknown source, stale, malformed). Answered 401. */
export class CallbackRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackRejectedError';
  }
}

export interface GatewayCapabilities {
  /** Deposit currencies with a temporary address (the 'cryptocurrency' tab); empty: none. */
  depositCurrencies: readonly Currency[];
  /** Invoices paid in another chat (the 'more' tab). */
  invoice: boolean;
  /** Withdrawals to a USDT-TON address. */
  withdrawToAddress: boolean;
  /** Withdrawals to the player's @CryptoBot wallet. */
  withdrawToCryptobot: boolean;
}

export interface PaymentGateway {
  readonly name: ProviderName;
  readonly capabilities: GatewayCapabilities;
  /** Only where capabilities.depositCurrencies is not empty. */
  createDepositAddress(request: DepositAddressRequest): Promise<DepositAddress>;
  /** Only where capabilities.invoice. */
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /** Throws PaymentProviderError; `unknown` means: call findWithdrawal before sending again. */
  withdraw(request: WithdrawalRequest): Promise<WithdrawalAccepted>;
  /** The order by the provider's id; null when the provider does not know it. */
  fetchOrder(providerOrderId: string, kind: 'deposit' | 'withdrawal'): Promise<OrderSnapshot | null>;
  /** A withdrawal by our own id (after a time-out): null when the provider never received it. */
  findWithdrawal(orderId: string, method: 'address' | 'cryptobot'): Promise<OrderSnapshot | null>;
  /** Checks a callback; throws CallbackRejectedError when it is not genuine. */
  verifyCallback(request: CallbackRequest): Promise<VerifiedCallback>;
  /** The merchant's balance in USD cents (SPEC §3 balanceUsd), where the provider tells it. */
  merchantBalance(): Promise<Cents | null>;
}

/** Cents as the providers' decimal strings: 1234 → "12.34". */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A provider's decimal string (or number) as cents, rounded down: "12.349999" → 1234. Exact: read
 * from the digits, never through a float. Null for anything that is not a non-negative decimal.
 */
export function decimalToCentsFloor(value: string | number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(8) : '') : value.trim();
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').slice(0, 2).padEnd(2, '0'));
}

/** USD cents of `amount` of an asset at `usdRate` (both decimal strings), rounded down; null if either is bad. */
export function usdCentsAt(amount: string, usdRate: string): Cents | null {
  const scale = (text: string) => {
    const match = /^(\d{1,13})(?:\.(\d{1,12}))?$/.exec(text.trim());
    if (!match) return null;
    const fraction = (match[2] ?? '').padEnd(12, '0');
    return BigInt(match[1]!) * 10n ** 12n + BigInt(fraction);
  };
  const a = scale(amount);
  const r = scale(usdRate);
  if (a === null || r === null) return null;
  // a and r are fixed-point with 12 decimals: a·r has 24; cents need 2.
  return Number((a * r) / 10n ** 22n);
}
