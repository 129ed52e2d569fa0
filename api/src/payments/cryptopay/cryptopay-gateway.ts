/**
 * Crypto Pay (@CryptoBot) behind the PaymentGateway interface (../shared/payments/CRYPTOPAY.md):
 * invoices paid inside the @CryptoBot chat, withdrawals as `transfer`s to the player's @CryptoBot
 * wallet, and the `invoice_paid` webhook checked by its HMAC signature.
 *
 * Decisions:
 * - USDT counts as USD one for one (gateway.ts): a USDT invoice asks `amount` USDT, a USDT amount
 *   received is credited as the same number of cents, whatever paid_usd_rate says, so a deposit and
 *   a withdrawal of the same sum move the same number of cents.
 * - asset TON: the invoice is a fiat one (USD, accepted_assets TON), so Crypto Pay does the conversion
 *   at payment time and we never need a rate to create it; the amount received is valued at the
 *   invoice's paid_usd_rate. A TON withdrawal is converted at getExchangeRates' TON→USD rate of the
 *   moment, rounded down (the player never gets more than the cents taken from their balance).
 * - merchantBalance: the `available` amount of every asset (not `onhold`), USDT one for one, others at
 *   getExchangeRates' USD rate; an asset without a valid rate is left out (and logged).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Cents } from '@svara/core';
import type { Logger } from '../../logger.js';
import {
  CallbackRejectedError,
  PaymentProviderError,
  centsToDecimal,
  decimalToCentsFloor,
  usdCentsAt,
  type CallbackRequest,
  type DepositAddress,
  type Invoice,
  type InvoiceRequest,
  type OrderSnapshot,
  type OrderStatus,
  type PaymentGateway,
  type VerifiedCallback,
  type WithdrawalAccepted,
  type WithdrawalRequest,
} from '../gateway.js';

export interface CryptopaySettings {
  apiUrl: string;
  token: string;
  asset: 'USDT' | 'TON';
}

export interface CryptopayDeps {
  logger: Logger;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** How old a webhook's request_date may be (Crypto Pay retries with a new date). */
  maxCallbackAgeSeconds?: number;
}

export const SIGNATURE_HEADER = 'crypto-pay-api-signature';
const TOKEN_HEADER = 'Crypto-Pay-API-Token';
/** A webhook dated a little in the future is clock drift; more is refused. */
const FUTURE_SKEW_MS = 60_000;
const MAX_DESCRIPTION = 1024;
const MAX_SPEND_ID = 64;
/** Decimals of a converted (TON) transfer: below a millionth of a TON is dust, not worth a refusal. */
const CONVERTED_DECIMALS = 6;

// Crypto Pay sends amounts as decimal strings; a number is tolerated and kept as its text.
const decimal = z.union([z.string(), z.number()]).transform((value) => String(value));
const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform((value) => String(value));

const invoiceSchema = z.object({
  invoice_id: id,
  status: z.string(),
  currency_type: z.string().optional(),
  asset: z.string().optional(),
  fiat: z.string().optional(),
  amount: decimal.optional(),
  bot_invoice_url: z.string().optional(),
  expiration_date: z.string().optional(),
  payload: z.string().optional(),
  paid_asset: z.string().optional(),
  paid_amount: decimal.optional(),
  paid_usd_rate: decimal.optional(),
});
type CryptopayInvoice = z.infer<typeof invoiceSchema>;

const transferSchema = z.object({
  transfer_id: id,
  spend_id: z.string().optional(),
  asset: z.string().optional(),
  amount: decimal.optional(),
  status: z.string(),
});
type CryptopayTransfer = z.infer<typeof transferSchema>;

// getInvoices / getTransfers answer `{ items: [...] }`; a bare array is accepted too.
const listOf = <T extends z.ZodType>(item: T) =>
  z.union([z.object({ items: z.array(item) }).transform((list) => list.items), z.array(item)]);

const balanceSchema = z.array(
  z.object({ currency_code: z.string(), available: decimal, onhold: decimal.optional() }),
);
const ratesSchema = z.array(
  z.object({ is_valid: z.boolean(), source: z.string(), target: z.string(), rate: decimal }),
);

const webhookSchema = z.object({
  update_id: id,
  update_type: z.string(),
  request_date: z.string(),
  payload: invoiceSchema,
});

const apiErrorSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.union([z.number(), z.string()]).optional(), name: z.string().optional() }),
});

/** An `ok: false` answer: the provider did nothing; errorName is its error's name (USER_NOT_FOUND, …). */
class CryptopayRefusal extends PaymentProviderError {
  constructor(
    method: string,
    readonly errorName: string,
  ) {
    super(`crypto pay ${method} refused: ${errorName}`, 'refused');
  }
}

function invoiceStatus(status: string): OrderStatus | null {
  if (status === 'active') return 'pending';
  if (status === 'paid') return 'paid';
  if (status === 'expired') return 'expired';
  return null;
}

function transferStatus(status: string): OrderStatus | null {
  // A transfer is settled when it is answered: "completed" is the only status Crypto Pay names.
  return status === 'completed' ? 'paid' : null;
}

/** The USD cents of an amount of an asset: USDT one for one, anything else at its USD rate. */
function usdCents(asset: string | null, amount: string | null, usdRate: string | null): Cents | null {
  if (asset === null || amount === null) return null;
  if (asset === 'USDT') return decimalToCentsFloor(amount);
  return usdRate === null ? null : usdCentsAt(amount, usdRate);
}

/** Cents as an amount of an asset worth `usdRate` dollars, rounded down to CONVERTED_DECIMALS. */
function centsToAssetAmount(cents: Cents, usdRate: string): string | null {
  const match = /^(\d{1,13})(?:\.(\d{1,12}))?$/.exec(usdRate.trim());
  if (!match) return null;
  const rate = BigInt(match[1]!) * 10n ** 12n + BigInt((match[2] ?? '').padEnd(12, '0'));
  if (rate === 0n) return null;
  // cents/100 dollars ÷ (rate/10^12) dollars per unit, in units of 10^-CONVERTED_DECIMALS.
  const units = (BigInt(cents) * 10n ** BigInt(10 + CONVERTED_DECIMALS)) / rate;
  const scale = 10n ** BigInt(CONVERTED_DECIMALS);
  return `${units / scale}.${String(units % scale).padStart(CONVERTED_DECIMALS, '0')}`;
}

export function createCryptopayGateway(settings: CryptopaySettings, deps: CryptopayDeps): PaymentGateway {
  const log = deps.logger.child({ provider: 'cryptopay' });
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const now = deps.now ?? (() => new Date());
  const maxCallbackAgeMs = (deps.maxCallbackAgeSeconds ?? 300) * 1000;
  const baseUrl = settings.apiUrl.replace(/\/+$/, '');
  // Crypto Pay keys the webhook HMAC with SHA-256(token), not with the token itself.
  const webhookKey = createHash('sha256').update(settings.token).digest();

  /** One API method. ok:false → 'refused'; anything we cannot read as an answer → 'unknown'. */
  async function call<T extends z.ZodType>(
    method: string,
    params: Record<string, unknown>,
    schema: T,
  ): Promise<z.infer<T>> {
    const unknown = (detail: string, cause?: unknown): never => {
      log.warn({ method, detail }, 'crypto pay: no usable answer');
      throw new PaymentProviderError(`crypto pay ${method}: ${detail}`, 'unknown', { cause });
    };
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${baseUrl}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: settings.token },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
      return unknown(timedOut ? `no answer within ${deps.timeoutMs} ms` : 'request failed', error);
    }
    // A 5xx may come after the provider acted (or from a proxy in front of it): never read as a no.
    if (status >= 500) return unknown(`HTTP ${status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return unknown(`HTTP ${status}, not JSON`, error);
    }
    const refusal = apiErrorSchema.safeParse(body);
    if (refusal.success) {
      const name = refusal.data.error.name ?? `code ${refusal.data.error.code ?? status}`;
      log.warn({ method, status, error: name }, 'crypto pay refused');
      throw new CryptopayRefusal(method, name);
    }
    if (typeof body !== 'object' || body === null || (body as { ok?: unknown }).ok !== true) {
      return unknown(`HTTP ${status}, neither ok nor an error`);
    }
    const result = schema.safeParse((body as { result?: unknown }).result);
    if (!result.success) return unknown(`unexpected result: ${result.error.message}`);
    return result.data;
  }

  function invoiceSnapshot(invoice: CryptopayInvoice): OrderSnapshot {
    const status = invoiceStatus(invoice.status);
    if (status === null)
      log.warn({ invoiceId: invoice.invoice_id, status: invoice.status }, 'unknown status');
    const crypto = invoice.currency_type !== 'fiat';
    const rawAsset = invoice.paid_asset ?? (crypto ? (invoice.asset ?? null) : null);
    const rawAmount = invoice.paid_amount ?? (crypto ? (invoice.amount ?? null) : null);
    const rate = invoice.paid_usd_rate ?? null;
    let amountCents: Cents | null = null;
    if (status === 'paid') {
      amountCents = usdCents(rawAsset, rawAmount, rate);
      // A USD invoice paid without a stated rate: it was paid at the USD amount asked.
      if (amountCents === null && !crypto && invoice.fiat === 'USD') {
        amountCents = decimalToCentsFloor(invoice.amount);
      }
    }
    return {
      providerOrderId: invoice.invoice_id,
      orderId: invoice.payload ?? null,
      kind: 'deposit',
      status: status ?? 'pending',
      providerStatus: invoice.status,
      amountCents,
      rawAmount: status === 'paid' ? rawAmount : null,
      rawAsset: status === 'paid' ? rawAsset : null,
      rate: status === 'paid' ? rate : null,
      txId: null,
    };
  }

  function transferSnapshot(transfer: CryptopayTransfer): OrderSnapshot {
    const status = transferStatus(transfer.status);
    if (status === null)
      log.warn({ transferId: transfer.transfer_id, status: transfer.status }, 'unknown status');
    const asset = transfer.asset ?? null;
    const amount = transfer.amount ?? null;
    return {
      providerOrderId: transfer.transfer_id,
      orderId: transfer.spend_id ?? null,
      kind: 'withdrawal',
      status: status ?? 'pending',
      providerStatus: transfer.status,
      // Only USDT has a fixed USD value; a TON transfer's is whatever the rate was when it was sent.
      amountCents: asset === 'USDT' ? decimalToCentsFloor(amount) : null,
      rawAmount: amount,
      rawAsset: asset,
      rate: null,
      txId: null,
    };
  }

  /** The USD rate of each asset Crypto Pay rates as valid. */
  async function usdRates(): Promise<Map<string, string>> {
    const rates = await call('getExchangeRates', {}, ratesSchema);
    return new Map(rates.filter((r) => r.is_valid && r.target === 'USD').map((r) => [r.source, r.rate]));
  }

  async function findTransfer(params: Record<string, string>, match: (t: CryptopayTransfer) => boolean) {
    const transfers = await call('getTransfers', params, listOf(transferSchema));
    // Filter again ourselves: an ignored filter must not hand us someone else's transfer.
    const found = transfers.find(match);
    return found ? transferSnapshot(found) : null;
  }

  function findBySpendId(orderId: string) {
    return findTransfer({ spend_id: orderId }, (t) => t.spend_id === orderId);
  }

  return {
    name: 'cryptopay',
    capabilities: {
      depositCurrencies: [],
      invoice: true,
      withdrawToAddress: false,
      withdrawToCryptobot: true,
    },

    async createDepositAddress(): Promise<DepositAddress> {
      throw new PaymentProviderError('crypto pay offers no deposit addresses', 'refused');
    },

    async createInvoice(request: InvoiceRequest): Promise<Invoice> {
      const amount = centsToDecimal(request.amountCents);
      const priced =
        settings.asset === 'USDT'
          ? { currency_type: 'crypto', asset: 'USDT', amount }
          : { currency_type: 'fiat', fiat: 'USD', accepted_assets: settings.asset, amount };
      const invoice = await call(
        'createInvoice',
        {
          ...priced,
          description: request.description.slice(0, MAX_DESCRIPTION),
          payload: request.orderId,
          expires_in: request.expiresInSeconds,
          allow_comments: false,
        },
        invoiceSchema,
      );
      if (!invoice.bot_invoice_url) {
        throw new PaymentProviderError('crypto pay createInvoice: no bot_invoice_url', 'unknown');
      }
      const stated = invoice.expiration_date ? new Date(invoice.expiration_date) : null;
      const expiresAt =
        stated && !Number.isNaN(stated.getTime())
          ? stated
          : new Date(now().getTime() + request.expiresInSeconds * 1000);
      return { providerOrderId: invoice.invoice_id, payUrl: invoice.bot_invoice_url, expiresAt };
    },

    async withdraw(request: WithdrawalRequest): Promise<WithdrawalAccepted> {
      if (request.method !== 'cryptobot') {
        throw new PaymentProviderError('crypto pay sends only to @CryptoBot wallets', 'refused');
      }
      const userId = Number(request.telegramUserId);
      if (!/^\d{1,16}$/.test(request.telegramUserId) || !Number.isSafeInteger(userId) || userId <= 0) {
        throw new PaymentProviderError(`not a Telegram user id: ${request.telegramUserId}`, 'refused');
      }
      if (request.orderId.length > MAX_SPEND_ID) {
        throw new PaymentProviderError('withdrawal id longer than a spend_id may be', 'refused');
      }
      let amount: string | null = centsToDecimal(request.amountCents);
      if (settings.asset !== 'USDT') {
        const rate = (await usdRates()).get(settings.asset);
        amount = rate === undefined ? null : centsToAssetAmount(request.amountCents, rate);
        if (amount === null) {
          throw new PaymentProviderError(`crypto pay: no valid ${settings.asset}/USD rate`, 'refused');
        }
      }
      let transfer: CryptopayTransfer;
      try {
        transfer = await call(
          'transfer',
          {
            user_id: userId,
            asset: settings.asset,
            amount,
            spend_id: request.orderId,
            comment: `Svara withdrawal ${request.orderId}`,
          },
          transferSchema,
        );
      } catch (error) {
        // A refusal naming the spend_id may mean it was used before, by an earlier attempt of this
        // same withdrawal: then the money did move, and reporting 'refused' would pay it twice.
        if (error instanceof CryptopayRefusal && /SPEND/i.test(error.errorName)) {
          const earlier = await findBySpendId(request.orderId).catch((lookup: unknown) => {
            throw new PaymentProviderError('crypto pay: spend_id refused and not found', 'unknown', {
              cause: lookup,
            });
          });
          if (earlier) return { providerOrderId: earlier.providerOrderId, status: earlier.status };
        }
        throw error;
      }
      const snapshot = transferSnapshot(transfer);
      return { providerOrderId: snapshot.providerOrderId, status: snapshot.status };
    },

    async fetchOrder(providerOrderId, kind) {
      // Crypto Pay's ids are integers: anything else is not one of its orders.
      if (!/^\d{1,20}$/.test(providerOrderId)) return null;
      if (kind === 'withdrawal') {
        return findTransfer({ transfer_ids: providerOrderId }, (t) => t.transfer_id === providerOrderId);
      }
      const invoices = await call('getInvoices', { invoice_ids: providerOrderId }, listOf(invoiceSchema));
      const found = invoices.find((invoice) => invoice.invoice_id === providerOrderId);
      return found ? invoiceSnapshot(found) : null;
    },

    async findWithdrawal(orderId, method) {
      if (method !== 'cryptobot') return null;
      return findBySpendId(orderId);
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      const reject = (reason: string): never => {
        log.warn({ ip: request.ip, reason }, 'crypto pay webhook rejected');
        throw new CallbackRejectedError(`crypto pay webhook: ${reason}`);
      };
      const signature = request.headers[SIGNATURE_HEADER]?.trim();
      if (!signature) return reject('no signature');
      if (!/^[0-9a-fA-F]{64}$/.test(signature)) return reject('malformed signature');
      // Over the raw bytes: parsing and re-serialising would change what was signed.
      const expected = createHmac('sha256', webhookKey).update(request.rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reject('bad signature');

      let parsed: unknown;
      try {
        parsed = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return reject('body is not JSON');
      }
      const update = webhookSchema.safeParse(parsed);
      if (!update.success) return reject('not an update');
      if (update.data.update_type !== 'invoice_paid') return reject(`update_type ${update.data.update_type}`);
      // The signature does not expire by itself: the date keeps a captured webhook from being replayed.
      const sentAt = Date.parse(update.data.request_date);
      if (Number.isNaN(sentAt)) return reject('unreadable request_date');
      const age = now().getTime() - sentAt;
      if (age > maxCallbackAgeMs) return reject('stale request_date');
      if (age < -FUTURE_SKEW_MS) return reject('request_date in the future');

      const order = invoiceSnapshot(update.data.payload);
      return { callbackId: update.data.update_id, providerOrderId: order.providerOrderId, order };
    },

    async merchantBalance(): Promise<Cents | null> {
      const balances = await call('getBalance', {}, balanceSchema);
      const held = balances.filter((balance) => /[1-9]/.test(balance.available));
      const rates = held.some((balance) => balance.currency_code !== 'USDT') ? await usdRates() : new Map();
      let total = 0;
      for (const balance of held) {
        const cents = usdCents(
          balance.currency_code,
          balance.available,
          rates.get(balance.currency_code) ?? null,
        );
        if (cents === null) log.info({ asset: balance.currency_code }, 'balance left out: no USD rate');
        else total += cents;
      }
      return total;
    },
  };
}
