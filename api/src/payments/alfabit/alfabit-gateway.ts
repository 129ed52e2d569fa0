/**
 * The `alfabit` adapter: AlfaBit Pay's integration API (facts: shared/payments/ALFABIT.md, beside the
 * repository) behind PaymentGateway. Deposits are invoices without an amount (a temporary USDT-TON or
 * TON address), withdrawals go to a USDT-TON address. AlfaBit's callbacks are unsigned: they only name an order,
 * which is then fetched again; nothing in a callback's body is trusted.
 *
 * Order fields read here. Documented: uid, status, comment, currencyInCode, currencyOutCode,
 * amountInFact, txId, requisites, requisitesMemoTag. Not documented, chosen here (and used by the
 * fake, ./fake-alfabit.ts):
 *   - `invoiceAmountInFact`: what arrived, valued in the invoice asset (USDT) by AlfaBit — the amount
 *     credited for a TON payment;
 *   - `invoiceAssetCode`: that asset ('USDT');
 *   - `rate`: USD per unit of `currencyInCode`, used only when `invoiceAmountInFact` is missing;
 *   - `amount`: a withdrawal's requested amount; `type`: 'invoice' | 'withdraw';
 *   - search answers: `data` is an array of orders, or `{ items: [...] }`.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Cents, Currency } from '@svara/core';
import type { Logger } from '../../logger.js';
import {
  CallbackRejectedError,
  PaymentProviderError,
  centsToDecimal,
  decimalToCentsFloor,
  usdCentsAt,
  type CallbackRequest,
  type DepositAddress,
  type DepositAddressRequest,
  type OrderSnapshot,
  type OrderStatus,
  type PaymentGateway,
  type VerifiedCallback,
  type WithdrawalAccepted,
  type WithdrawalRequest,
} from '../gateway.js';

export interface AlfabitSettings {
  apiUrl: string;
  apiKey: string;
  callbackIps: string[];
}

export interface AlfabitDeps {
  logger: Logger;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const DEPOSIT_CURRENCIES: readonly Currency[] = ['USDTTON', 'TON'];

// Status words, compared in lower case (AlfaBit's clients disagree on the case). Anything not listed
// keeps the order pending and is logged: a new word must never move money by accident.
const DEPOSIT_STATUSES = new Map<string, OrderStatus>([
  ['created', 'pending'],
  ['inprogress', 'pending'],
  ['success', 'paid'],
  ['paid', 'paid'],
  ['completed', 'paid'],
  ['failed', 'failed'],
  ['cancelled', 'failed'],
  ['invoicenotpayed', 'expired'],
]);
const WITHDRAWAL_STATUSES = new Map<string, OrderStatus>([
  ['created', 'pending'],
  ['inprogress', 'pending'],
  ['success', 'paid'],
  ['paid', 'paid'],
  ['completed', 'paid'],
  ['failed', 'failed'],
  ['cancelled', 'failed'],
]);

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: strings as they are, finite numbers in decimal; anything else is absent. */
function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4; IPv6 is compared in lower case. */
export function normaliseIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

export function createAlfabitGateway(settings: AlfabitSettings, deps: AlfabitDeps): PaymentGateway {
  const baseUrl = settings.apiUrl.replace(/\/+$/, '');
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const logger = deps.logger.child({ provider: 'alfabit' });
  const allowedIps = new Set(settings.callbackIps.map(normaliseIp));

  /**
   * One call to the API: the answer's `data`, or null for a 404 when `notFoundIsNull`. Throws
   * PaymentProviderError: `refused` only when AlfaBit clearly answered "no" (a 4xx with a JSON body),
   * `unknown` whenever it may have acted.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    options: { notFoundIsNull?: boolean } = {},
  ): Promise<unknown> {
    const what = `${method} ${path.split('?')[0]}`;
    let response: Response;
    let answer: string;
    try {
      response = await fetchImpl(baseUrl + path, {
        method,
        headers: {
          'x-api-key': settings.apiKey,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        // A redirect could carry the key elsewhere, and a redirected POST becomes a GET.
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      answer = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ call: what, reason }, 'alfabit: no answer');
      throw new PaymentProviderError(`alfabit ${what}: no answer (${reason})`, 'unknown', { cause: error });
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(answer);
    } catch {
      parsed = undefined;
    }
    const message = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : null;
    const { status } = response;

    // Only AlfaBit's own "not found" (a JSON body) means the order does not exist; a bare 404 may be a
    // wrong API_URL, and a withdrawal wrongly "not found" would be sent twice.
    if (status === 404 && options.notFoundIsNull && isRecord(parsed)) return null;
    if (status >= 400 && status < 500 && isRecord(parsed)) {
      logger.warn({ call: what, status, message }, 'alfabit: refused');
      throw new PaymentProviderError(
        `alfabit ${what}: refused (${status} ${message ?? ''})`.trim(),
        'refused',
      );
    }
    if (status < 200 || status >= 300 || !isRecord(parsed) || message !== 'ok' || !('data' in parsed)) {
      logger.warn({ call: what, status, message }, 'alfabit: unusable answer');
      throw new PaymentProviderError(`alfabit ${what}: unusable answer (${status})`, 'unknown');
    }
    logger.debug({ call: what, status }, 'alfabit: ok');
    return parsed.data;
  }

  /** The USD cents a paid deposit brought, rounded down; null when the order does not say. */
  function depositCents(order: Json): Cents | null {
    const invoiceAsset = text(order.invoiceAssetCode);
    if (invoiceAsset === null || invoiceAsset.toUpperCase() === 'USDT') {
      const usdt = decimalToCentsFloor(text(order.invoiceAmountInFact));
      if (usdt !== null) return usdt;
    }
    const amount = text(order.amountInFact);
    if (amount === null) return null;
    // USDT counts as USD; another asset needs AlfaBit's rate.
    if (text(order.currencyInCode)?.toUpperCase() === 'USDTTON') return decimalToCentsFloor(amount);
    const rate = text(order.rate);
    return rate === null ? null : usdCentsAt(amount, rate);
  }

  function snapshot(order: Json, kind: 'deposit' | 'withdrawal'): OrderSnapshot {
    const uid = text(order.uid);
    if (uid === null) throw new PaymentProviderError('alfabit: an order without uid', 'unknown');
    const providerStatus = typeof order.status === 'string' ? order.status : '';
    const table = kind === 'deposit' ? DEPOSIT_STATUSES : WITHDRAWAL_STATUSES;
    let status = table.get(providerStatus.toLowerCase());
    if (status === undefined) {
      logger.warn({ uid, kind, providerStatus }, 'alfabit: unknown order status, kept pending');
      status = 'pending';
    }

    let amountCents: Cents | null = null;
    if (kind === 'deposit' && status === 'paid') {
      amountCents = depositCents(order);
      if (amountCents === null) {
        // Never credit a guess: an operator looks at it, the reconciler keeps asking.
        logger.error(
          { uid, providerStatus },
          'alfabit: paid deposit without a readable USDT amount, kept pending',
        );
        status = 'pending';
      }
    }
    return {
      providerOrderId: uid,
      orderId: text(order.comment),
      kind,
      status,
      providerStatus,
      amountCents,
      rawAmount: text(kind === 'deposit' ? order.amountInFact : (order.amount ?? order.amountInFact)),
      rawAsset: text(
        kind === 'deposit' ? order.currencyInCode : (order.currencyOutCode ?? order.currencyInCode),
      ),
      rate: text(order.rate),
      txId: text(order.txId),
    };
  }

  return {
    name: 'alfabit',
    capabilities: {
      depositCurrencies: DEPOSIT_CURRENCIES,
      invoice: false,
      withdrawToAddress: true,
      withdrawToCryptobot: false,
    },

    async createDepositAddress(request: DepositAddressRequest): Promise<DepositAddress> {
      if (!DEPOSIT_CURRENCIES.includes(request.currency)) {
        throw new PaymentProviderError(`alfabit: no deposits in ${request.currency}`, 'refused');
      }
      const minutes = Math.max(1, Math.ceil(request.expiresInSeconds / 60));
      // Counted from before the request, so we never show an address as valid after AlfaBit expired it.
      const expiresAt = new Date(Date.now() + minutes * 60_000);
      const data = await call('POST', '/api/v1/integration/orders/invoice/without-amount', {
        currencyInCode: request.currency,
        invoiceAssetCode: 'USDT',
        comment: request.orderId,
        publicComment: 'Svara deposit',
        callbackUrl: request.callbackUrl,
        isAwaitRequisites: true,
        expiryDurationMinutes: minutes,
        isBayerPaysService: false,
      });
      const uid = isRecord(data) ? text(data.uid) : null;
      const address = isRecord(data) ? text(data.requisites) : null;
      if (uid === null || address === null) {
        throw new PaymentProviderError('alfabit: an address answer without uid or requisites', 'unknown');
      }
      return { providerOrderId: uid, address, memo: text((data as Json).requisitesMemoTag), expiresAt };
    },

    async createInvoice() {
      throw new PaymentProviderError('alfabit: invoices are not supported', 'refused');
    },

    async withdraw(request: WithdrawalRequest): Promise<WithdrawalAccepted> {
      if (request.method !== 'address') {
        throw new PaymentProviderError('alfabit: withdrawals go to addresses only', 'refused');
      }
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new PaymentProviderError(`alfabit: not an amount: ${request.amountCents}`, 'refused');
      }
      const data = await call('POST', '/api/v1/integration/orders/withdraw', {
        amount: centsToDecimal(request.amountCents),
        toCurrencyCode: 'USDTTON',
        recipient: request.address,
        callbackUrl: request.callbackUrl,
        comment: request.orderId,
      });
      const uid = isRecord(data) ? text(data.uid) : null;
      // It was accepted, we just cannot tell which order it is: look it up by comment.
      if (uid === null) throw new PaymentProviderError('alfabit: a withdrawal answer without uid', 'unknown');
      return { providerOrderId: uid, status: 'pending' };
    },

    async fetchOrder(providerOrderId, kind) {
      const data = await call(
        'GET',
        `/api/v1/integration/orders/${encodeURIComponent(providerOrderId)}`,
        undefined,
        {
          notFoundIsNull: true,
        },
      );
      if (data === null) return null;
      if (!isRecord(data) || text(data.uid) !== providerOrderId) {
        throw new PaymentProviderError(
          `alfabit: asked for order ${providerOrderId}, got another answer`,
          'unknown',
        );
      }
      return snapshot(data, kind);
    },

    async findWithdrawal(orderId, method) {
      // Only address withdrawals are ever sent to AlfaBit.
      if (method !== 'address') return null;
      const data = await call('GET', `/api/v1/integration/orders?comment=${encodeURIComponent(orderId)}`);
      const list = Array.isArray(data)
        ? data
        : isRecord(data) && Array.isArray(data.items)
          ? data.items
          : null;
      if (list === null) throw new PaymentProviderError('alfabit: a search answer without a list', 'unknown');
      const orders = list.filter(isRecord);
      // Orders with other comments mean the filter was ignored: then "not in this page" proves nothing,
      // and a null here would send the withdrawal twice.
      if (orders.some((order) => text(order.comment) !== orderId)) {
        throw new PaymentProviderError('alfabit: the search by comment was not applied', 'unknown');
      }
      const withdrawals = orders.filter((order) => order.type === undefined || order.type === 'withdraw');
      if (withdrawals.length > 1) {
        logger.error(
          { orderId, uids: withdrawals.map((o) => o.uid) },
          'alfabit: several withdrawals for one order',
        );
      }
      return withdrawals[0] ? snapshot(withdrawals[0], 'withdrawal') : null;
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      const ip = normaliseIp(request.ip);
      if (isIP(ip) === 0 || !allowedIps.has(ip)) {
        logger.warn({ ip }, 'alfabit: callback from an address not allowed');
        throw new CallbackRejectedError(`alfabit callback from ${ip}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw new CallbackRejectedError('alfabit callback: not JSON');
      }
      const uid = isRecord(body) && typeof body.uid === 'string' ? body.uid.trim() : '';
      if (uid === '' || uid.length > 200) throw new CallbackRejectedError('alfabit callback: no uid');
      // Unsigned: the body only says which order to fetch again; its status and amounts are ignored.
      return {
        callbackId: createHash('sha256').update(request.rawBody).digest('hex'),
        providerOrderId: uid,
        order: null,
      };
    },

    /** Throws PaymentProviderError when AlfaBit cannot be asked; null when it answers without a balance. */
    async merchantBalance() {
      const data = await call('GET', '/api/v1/integration/merchant');
      const cents = isRecord(data) ? decimalToCentsFloor(text(data.balanceUsd)) : null;
      if (cents === null) logger.warn('alfabit: merchant answer without a readable balanceUsd');
      return cents;
    },
  };
}
