/**
 * A fake Crypto Pay API for tests, on 127.0.0.1 (a free port): the methods the cryptopay adapter
 * uses, the token header checked, transfers idempotent by spend_id, and paid invoices announced by
 * a webhook signed as Crypto Pay signs it. State lives in plain maps the tests may read and change.
 *
 * Crypto Pay's quirks, kept: invoices and transfers are numbered apart (the first transfer is 1,
 * like the first invoice), and update_id is not unique (restartUpdateIds starts it over, as after a
 * restart on the provider's side).
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeInvoice {
  invoice_id: number;
  hash: string;
  currency_type: 'crypto' | 'fiat';
  asset?: string;
  fiat?: string;
  accepted_assets?: string;
  amount: string;
  description?: string;
  payload?: string;
  status: 'active' | 'paid' | 'expired';
  bot_invoice_url: string;
  mini_app_invoice_url: string;
  web_app_invoice_url: string;
  created_at: string;
  expiration_date?: string;
  allow_comments: boolean;
  allow_anonymous: boolean;
  paid_at?: string;
  paid_asset?: string;
  paid_amount?: string;
  paid_usd_rate?: string;
}

export interface FakeTransfer {
  transfer_id: number;
  spend_id: string;
  user_id: number;
  asset: string;
  amount: string;
  status: 'completed';
  completed_at: string;
  comment?: string;
}

export interface PayOptions {
  /** What the payer paid in (a fiat invoice: its first accepted asset, else USDT). */
  asset?: string;
  /** How much arrived (a crypto invoice: its amount; a fiat one: the USD amount at the rate). */
  amount?: string;
  /** paid_usd_rate (default: the fake's rate of the asset). */
  usdRate?: string;
  /** The webhook's request_date (default: now). */
  requestDate?: Date;
}

export interface PaidWebhook {
  rawBody: Buffer;
  signature: string;
  /** The webhook URL's HTTP status; null when no URL is set (nothing was sent). */
  delivered: number | null;
}

type FailureKind = 'timeout' | '5xx' | 'error';
type Params = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly errorName: string,
  ) {
    super(errorName);
  }
}

// Balances in billionths, so the fake's sums stay exact.
const toNano = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1_000_000_000n + BigInt(fraction.slice(0, 9).padEnd(9, '0'));
};
const fromNano = (nano: bigint) =>
  `${nano / 1_000_000_000n}.${String(nano % 1_000_000_000n).padStart(9, '0')}`.replace(/\.?0+$/, '');

const isAmount = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{1,13}(\.\d{1,9})?$/.test(value) && /[1-9]/.test(value);

export async function startFakeCryptopay(options: { token?: string } = {}) {
  const token = options.token ?? '12345:AAFakeCryptoPayTokenForTestsOnly';
  const invoices = new Map<number, FakeInvoice>();
  const transfers = new Map<number, FakeTransfer>();
  /** Available balance of each asset. */
  const balances = new Map<string, string>([
    ['USDT', '1000'],
    ['TON', '100'],
  ]);
  /** USD rate of each asset (getExchangeRates, paid_usd_rate). */
  const rates = new Map<string, string>([
    ['USDT', '1'],
    ['TON', '5.5'],
  ]);
  /** Telegram ids that never started @CryptoBot: a transfer to them is USER_NOT_FOUND. */
  const unknownUsers = new Set<number>();
  /** Every authorised call, in order, with its parameters. */
  const requests: Array<{ method: string; params: Params }> = [];
  const failures: Array<{ kind: FailureKind; errorName: string }> = [];
  let webhookUrl: string | null = null;
  let nextInvoiceId = 1;
  let nextTransferId = 1;
  let nextUpdateId = 1;

  const methods: Record<string, (params: Params) => unknown> = {
    getMe: () => ({ app_id: 1, name: 'Svara (fake)', payment_processing_bot_username: 'CryptoTestnetBot' }),

    createInvoice(params) {
      const fiat = params.currency_type === 'fiat';
      if (!isAmount(params.amount)) throw new ApiError(400, 'AMOUNT_INVALID');
      if (fiat ? params.fiat !== 'USD' : typeof params.asset !== 'string') {
        throw new ApiError(400, fiat ? 'FIAT_INVALID' : 'ASSET_INVALID');
      }
      const id = nextInvoiceId++;
      const hash = `IV${id}fake`;
      const createdAt = new Date();
      const expiresIn = Number(params.expires_in);
      const invoice: FakeInvoice = {
        invoice_id: id,
        hash,
        currency_type: fiat ? 'fiat' : 'crypto',
        ...(fiat
          ? {
              fiat: 'USD',
              ...(params.accepted_assets ? { accepted_assets: String(params.accepted_assets) } : {}),
            }
          : { asset: String(params.asset) }),
        amount: params.amount,
        ...(typeof params.description === 'string' ? { description: params.description } : {}),
        ...(typeof params.payload === 'string' ? { payload: params.payload } : {}),
        status: 'active',
        bot_invoice_url: `https://t.me/CryptoTestnetBot?start=${hash}`,
        mini_app_invoice_url: `https://t.me/CryptoTestnetBot/app?startapp=invoice-${hash}`,
        web_app_invoice_url: `https://testnet-app.send.tg/invoices/${hash}`,
        created_at: createdAt.toISOString(),
        ...(expiresIn > 0
          ? { expiration_date: new Date(createdAt.getTime() + expiresIn * 1000).toISOString() }
          : {}),
        allow_comments: params.allow_comments !== false,
        allow_anonymous: params.allow_anonymous !== false,
      };
      invoices.set(id, invoice);
      return invoice;
    },

    getInvoices(params) {
      const ids = idList(params.invoice_ids);
      return { items: [...invoices.values()].filter((invoice) => !ids || ids.includes(invoice.invoice_id)) };
    },

    transfer(params) {
      const spendId = params.spend_id;
      if (typeof spendId !== 'string' || spendId === '' || spendId.length > 64) {
        throw new ApiError(400, 'SPEND_ID_INVALID');
      }
      // Idempotent by spend_id: a repeat answers the transfer already made, and moves nothing.
      const earlier = [...transfers.values()].find((transfer) => transfer.spend_id === spendId);
      if (earlier) return earlier;
      const userId = Number(params.user_id);
      if (!Number.isSafeInteger(userId) || userId <= 0 || unknownUsers.has(userId)) {
        throw new ApiError(400, 'USER_NOT_FOUND');
      }
      const asset = String(params.asset);
      if (!rates.has(asset)) throw new ApiError(400, 'ASSET_INVALID');
      if (!isAmount(params.amount)) throw new ApiError(400, 'AMOUNT_INVALID');
      const left = toNano(balances.get(asset) ?? '0') - toNano(params.amount);
      if (left < 0n) throw new ApiError(400, 'INSUFFICIENT_FUNDS');
      balances.set(asset, fromNano(left));
      const transfer: FakeTransfer = {
        transfer_id: nextTransferId++,
        spend_id: spendId,
        user_id: userId,
        asset,
        amount: params.amount,
        status: 'completed',
        completed_at: new Date().toISOString(),
        ...(typeof params.comment === 'string' ? { comment: params.comment } : {}),
      };
      transfers.set(transfer.transfer_id, transfer);
      return transfer;
    },

    getTransfers(params) {
      const ids = idList(params.transfer_ids);
      const spendId = typeof params.spend_id === 'string' ? params.spend_id : null;
      const items = [...transfers.values()].filter(
        (transfer) =>
          (!ids || ids.includes(transfer.transfer_id)) && (!spendId || transfer.spend_id === spendId),
      );
      return { items };
    },

    getBalance: () =>
      [...balances].map(([asset, available]) => ({ currency_code: asset, available, onhold: '0' })),

    getExchangeRates: () =>
      [...rates].map(([asset, rate]) => ({
        is_valid: true,
        is_crypto: true,
        is_fiat: false,
        source: asset,
        target: 'USD',
        rate,
      })),
  };

  /** Crypto Pay's signature: hex HMAC-SHA-256 of the raw body, keyed with SHA-256(token). */
  function signBody(raw: string | Buffer, withToken = token): string {
    const key = createHash('sha256').update(withToken).digest();
    return createHmac('sha256', key).update(raw).digest('hex');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const refuse = (code: number, name: string) => reply(code, { ok: false, error: { code, name } });

      const method = /^\/api\/(\w+)$/.exec(url.pathname)?.[1];
      const handler = method ? methods[method] : undefined;
      if (!method || !handler) return refuse(405, 'METHOD_NOT_FOUND');
      if (req.headers['crypto-pay-api-token'] !== token) return refuse(401, 'UNAUTHORIZED');
      let params: Params = Object.fromEntries(url.searchParams);
      if (chunks.length > 0) {
        try {
          params = { ...params, ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Params) };
        } catch {
          return refuse(400, 'BAD_JSON');
        }
      }
      requests.push({ method, params });

      const failure = failures.shift();
      if (failure?.kind === '5xx') return res.writeHead(502).end('Bad Gateway');
      if (failure?.kind === 'error') return refuse(400, failure.errorName);
      try {
        const result = handler(params);
        // A time-out after acting: the work is done, the answer never comes (until close()).
        if (failure?.kind === 'timeout') return;
        reply(200, { ok: true, result });
      } catch (error) {
        if (error instanceof ApiError) return refuse(error.code, error.errorName);
        reply(500, { ok: false, error: { code: 500, name: 'INTERNAL_ERROR' } });
      }
    });
  });
  /** Posts the signed invoice_paid webhook of a paid invoice, with the next update_id. */
  async function announce(invoice: FakeInvoice, requestDate: Date): Promise<PaidWebhook> {
    const rawBody = Buffer.from(
      JSON.stringify({
        update_id: nextUpdateId++,
        update_type: 'invoice_paid',
        request_date: requestDate.toISOString(),
        payload: invoice,
      }),
    );
    const signature = signBody(rawBody);
    let delivered: number | null = null;
    if (webhookUrl) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'crypto-pay-api-signature': signature },
        body: rawBody,
      });
      delivered = response.status;
    }
    return { rawBody, signature, delivered };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api`,
    token,
    invoices,
    transfers,
    balances,
    rates,
    unknownUsers,
    requests,
    signBody,

    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },

    /** The next request fails: no answer at all, a 502, or `ok: false` with this error name. */
    failNext(kind: FailureKind, errorName = 'INTERNAL_ERROR') {
      failures.push({ kind, errorName });
    },

    /** The next webhook's update_id is 1 again: ids already used come back, on other payments. */
    restartUpdateIds() {
      nextUpdateId = 1;
    },

    /** Marks an invoice paid, as the payer would in @CryptoBot, and posts the signed webhook. */
    async payInvoice(invoiceId: number | string, pay: PayOptions = {}): Promise<PaidWebhook> {
      const invoice = invoices.get(Number(invoiceId));
      if (!invoice) throw new Error(`fake crypto pay: no invoice ${invoiceId}`);
      if (invoice.status !== 'active')
        throw new Error(`fake crypto pay: invoice ${invoiceId} is ${invoice.status}`);
      const asset = pay.asset ?? invoice.asset ?? invoice.accepted_assets?.split(',')[0]?.trim() ?? 'USDT';
      const usdRate = pay.usdRate ?? rates.get(asset) ?? '1';
      const amount =
        pay.amount ??
        (invoice.currency_type === 'crypto'
          ? invoice.amount
          : (Number(invoice.amount) / Number(usdRate)).toFixed(9).replace(/\.?0+$/, ''));
      Object.assign(invoice, {
        status: 'paid',
        paid_at: new Date().toISOString(),
        paid_asset: asset,
        paid_amount: amount,
        paid_usd_rate: usdRate,
      });
      balances.set(asset, fromNano(toNano(balances.get(asset) ?? '0') + toNano(amount)));
      return announce(invoice, pay.requestDate ?? new Date());
    },

    /**
     * The invoice_paid webhook of an invoice already paid, sent again as a new update (a new
     * update_id and date), as Crypto Pay does when it was not answered in time.
     */
    async announceAgain(invoiceId: number | string): Promise<PaidWebhook> {
      const invoice = invoices.get(Number(invoiceId));
      if (invoice?.status !== 'paid') throw new Error(`fake crypto pay: invoice ${invoiceId} is not paid`);
      return announce(invoice, new Date());
    },

    async close() {
      // Hanging (timed-out) requests hold their sockets open: drop them, or close() never ends.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export type FakeCryptopay = Awaited<ReturnType<typeof startFakeCryptopay>>;

/** "1,2,3" (or a single number) → [1, 2, 3]; undefined when the filter is absent. */
function idList(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value)
    .split(',')
    .map((part) => Number(part.trim()));
}
