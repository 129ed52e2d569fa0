/**
 * A fake of AlfaBit Pay's integration API for tests, on 127.0.0.1 (no sandbox exists). It speaks the
 * shapes the adapter expects (field names chosen in ./alfabit-gateway.ts), checks `x-api-key`, keeps its
 * orders in a map the test can read and change, fails on request, and posts callbacks like AlfaBit:
 * the serialized order to the order's callbackUrl.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAlfabitOrder {
  uid: string;
  type: 'invoice' | 'withdraw';
  status: string;
  comment: string;
  publicComment: string | null;
  callbackUrl: string | null;
  currencyInCode: string;
  currencyOutCode: string;
  invoiceAssetCode: string | null;
  /** The deposit address, or a withdrawal's recipient. */
  requisites: string;
  requisitesMemoTag: string | null;
  /** A withdrawal's amount. */
  amount: string | null;
  amountInFact: string | null;
  /** What arrived, in the invoice asset (USDT). */
  invoiceAmountInFact: string | null;
  rate: string | null;
  txId: string | null;
  isDone: boolean;
  createdAt: string;
  expiresAt: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * `timeout`: the request is carried out, then never answered (the case that makes withdraw's outcome
 * unknown); `5xx` and `4xx`: answered with an error, nothing done.
 */
export type FakeFailure = 'timeout' | '5xx' | '4xx';

export interface FakeAlfabitOptions {
  apiKey?: string;
  /** USD per TON, used when a TON payment is valued in USDT. */
  tonUsdRate?: string;
  balanceUsd?: string;
}

export interface FakeAlfabit {
  url: string;
  apiKey: string;
  orders: Map<string, FakeAlfabitOrder>;
  requests: RecordedRequest[];
  /** Marks an order paid: `amount` of `asset` arrived (the order's own currency by default). */
  pay(uid: string, amount: string, asset?: string): FakeAlfabitOrder;
  setStatus(uid: string, status: string): FakeAlfabitOrder;
  /** The next request only. */
  failNext(kind: FakeFailure): void;
  /** The next request is answered with exactly this (an object is sent as JSON), and nothing is done. */
  setNextResponse(status: number, body: unknown): void;
  /** Posts the order (or `body`) to its callbackUrl; the receiver's HTTP status. */
  sendCallback(uid: string, body?: unknown): Promise<number>;
  close(): Promise<void>;
}

const PREFIX = '/api/v1/integration';

/** a·b of two decimal strings, exactly. */
function multiplyDecimals(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = af.length + bf.length;
  const digits = (BigInt(ai + af) * BigInt(bi + bf)).toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const fakeTonAddress = () => `UQ${randomBytes(34).toString('base64url')}`;

export async function startFakeAlfabit(options: FakeAlfabitOptions = {}): Promise<FakeAlfabit> {
  const apiKey = options.apiKey ?? `fake-alfabit-key-${randomUUID()}`;
  const tonUsdRate = options.tonUsdRate ?? '5.25';
  const orders = new Map<string, FakeAlfabitOrder>();
  const requests: RecordedRequest[] = [];
  let nextFailure: FakeFailure | null = null;
  let nextResponse: { status: number; body: unknown } | null = null;

  const ok = (data: unknown) => ({ status: 200, body: { message: 'ok', data } });
  const error = (status: number, message: string) => ({ status, body: { message } });

  function newOrder(fields: Partial<FakeAlfabitOrder> & Pick<FakeAlfabitOrder, 'type' | 'comment'>) {
    const order: FakeAlfabitOrder = {
      uid: randomUUID(),
      status: 'created',
      publicComment: null,
      callbackUrl: null,
      currencyInCode: 'USDTTON',
      currencyOutCode: 'USDTTON',
      invoiceAssetCode: null,
      requisites: '',
      requisitesMemoTag: null,
      amount: null,
      amountInFact: null,
      invoiceAmountInFact: null,
      rate: null,
      txId: null,
      isDone: false,
      createdAt: new Date().toISOString(),
      expiresAt: null,
      ...fields,
    };
    orders.set(order.uid, order);
    return order;
  }

  function route(method: string, url: URL, body: unknown): { status: number; body: unknown } {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const path = url.pathname;

    if (method === 'POST' && path === `${PREFIX}/orders/invoice/without-amount`) {
      const currency = b.currencyInCode;
      if (currency !== 'USDTTON' && currency !== 'TON') return error(400, 'currencyInCode is not supported');
      if (typeof b.comment !== 'string' || typeof b.callbackUrl !== 'string') {
        return error(400, 'comment and callbackUrl are required');
      }
      const minutes = typeof b.expiryDurationMinutes === 'number' ? b.expiryDurationMinutes : 60;
      const order = newOrder({
        type: 'invoice',
        comment: b.comment,
        publicComment: typeof b.publicComment === 'string' ? b.publicComment : null,
        callbackUrl: b.callbackUrl,
        currencyInCode: currency,
        currencyOutCode: 'USDT',
        invoiceAssetCode: typeof b.invoiceAssetCode === 'string' ? b.invoiceAssetCode : null,
        requisites: fakeTonAddress(),
        // A TON payment is told apart on a shared address by its memo.
        requisitesMemoTag: currency === 'TON' ? String(randomInt(100_000_000, 999_999_999)) : null,
        expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
      });
      const { uid, requisites, requisitesMemoTag } = order;
      return ok({ uid, requisites, requisitesMemoTag, requisitesQrCode: `ton://transfer/${requisites}` });
    }

    if (method === 'POST' && path === `${PREFIX}/orders/withdraw`) {
      if (typeof b.amount !== 'string' || !/^\d+(\.\d+)?$/.test(b.amount))
        return error(400, 'amount is invalid');
      if (b.toCurrencyCode !== 'USDTTON') return error(400, 'toCurrencyCode is not supported');
      if (typeof b.recipient !== 'string' || typeof b.comment !== 'string') {
        return error(400, 'recipient and comment are required');
      }
      const order = newOrder({
        type: 'withdraw',
        comment: b.comment,
        callbackUrl: typeof b.callbackUrl === 'string' ? b.callbackUrl : null,
        currencyOutCode: 'USDTTON',
        requisites: b.recipient,
        amount: b.amount,
      });
      return ok({ uid: order.uid });
    }

    if (method === 'GET' && path === `${PREFIX}/orders`) {
      const filters = (['comment', 'uid', 'txId'] as const).flatMap((key) => {
        const value = url.searchParams.get(key);
        return value === null ? [] : [[key, value] as const];
      });
      return ok(
        [...orders.values()].filter((order) => filters.every(([key, value]) => order[key] === value)),
      );
    }

    const single = method === 'GET' && path.startsWith(`${PREFIX}/orders/`);
    if (single) {
      const order = orders.get(decodeURIComponent(path.slice(`${PREFIX}/orders/`.length)));
      return order ? ok(order) : error(404, 'Order not found');
    }

    if (method === 'GET' && path === `${PREFIX}/merchant`) {
      return ok({ balanceUsd: options.balanceUsd ?? '1000.00' });
    }
    return error(404, 'Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body });

    const send = (answer: { status: number; body: unknown }) => {
      const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(payload);
    };

    if (nextResponse) {
      send(nextResponse);
      nextResponse = null;
      return;
    }
    const failure = nextFailure;
    nextFailure = null;
    if (failure === '5xx') return send(error(502, 'Bad gateway'));
    if (failure === '4xx') return send(error(400, 'Bad request'));
    if (req.headers['x-api-key'] !== apiKey) return send(error(401, 'Unauthorized'));

    const answer = route(req.method ?? '', url, body);
    if (failure === 'timeout') return; // done, but the answer never leaves
    send(answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function find(uid: string): FakeAlfabitOrder {
    const order = orders.get(uid);
    if (!order) throw new Error(`fake alfabit: no order ${uid}`);
    return order;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    orders,
    requests,
    pay(uid, amount, asset) {
      const order = find(uid);
      order.currencyInCode = asset ?? order.currencyInCode;
      const rate = order.currencyInCode === 'TON' ? tonUsdRate : '1';
      Object.assign(order, {
        status: 'success',
        amountInFact: amount,
        rate,
        invoiceAmountInFact: multiplyDecimals(amount, rate),
        txId: randomBytes(32).toString('hex'),
        isDone: true,
      });
      return order;
    },
    setStatus(uid, status) {
      const order = find(uid);
      order.status = status;
      return order;
    },
    failNext(kind) {
      nextFailure = kind;
    },
    setNextResponse(status, body) {
      nextResponse = { status, body };
    },
    async sendCallback(uid, body) {
      const order = find(uid);
      if (!order.callbackUrl) throw new Error(`fake alfabit: order ${uid} has no callbackUrl`);
      const response = await fetch(order.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? order),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async close() {
      server.closeAllConnections(); // including the requests left hanging by a 'timeout'
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
