/**
 * A fake of toncenter's API v3 on 127.0.0.1 (a free port), answering the one method the api uses:
 * `GET /api/v3/jetton/wallets?owner_address=…&jetton_address=…&limit=…&offset=…` with
 * `{ jetton_wallets: [{ address, balance, owner, jetton, … }], address_book: {} }`, addresses in raw
 * form as toncenter gives them. Used by the tests, and by the api itself in the sandbox (no chain):
 * every owner holds a jetton wallet of every master, at an address derived from both, unless the test
 * says the owner holds none. The API key, when set, is checked as toncenter checks it (X-API-Key).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address } from '@ton/core';

export interface FakeToncenterOptions {
  apiKey?: string;
}

/** The jetton wallet the fake reports for an owner and a master: the same for the same pair. */
export function fakeJettonWallet(owner: Address, master: Address): Address {
  const hash = createHash('sha256')
    .update(`jetton-wallet:${master.toRawString()}:${owner.toRawString()}`)
    .digest();
  return new Address(0, hash);
}

function parse(text: string | null): Address | null {
  try {
    return text ? Address.parse(text) : null;
  } catch {
    return null;
  }
}

export async function startFakeToncenter(options: FakeToncenterOptions = {}) {
  /** Owners (raw form) that hold no jetton wallet. */
  const empty = new Set<string>();
  /** Balances by owner (raw form), in jetton units; 10 000 USDT otherwise. */
  const balances = new Map<string, bigint>();
  /** Each request's path and query, in order. */
  const requests: { path: string; query: Record<string, string>; apiKey: string | null }[] = [];
  let failure: { kind: 'down' | 'timeout'; remaining: number } | null = null;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : null;
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), apiKey });
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      // A time-out: the request is held until close(); "down": a gateway error, as toncenter's proxy answers.
      if (failure.kind === 'timeout') return;
      return json(res, 502, { error: 'Bad Gateway' });
    }
    if (options.apiKey && apiKey !== options.apiKey) return json(res, 401, { error: 'API key is invalid' });
    if (req.method !== 'GET' || url.pathname !== '/api/v3/jetton/wallets')
      return json(res, 404, { error: 'Not Found' });
    const owner = parse(url.searchParams.get('owner_address'));
    const master = parse(url.searchParams.get('jetton_address'));
    if (!owner || !master) return json(res, 422, { error: 'invalid address' });
    const holds = !empty.has(owner.toRawString());
    json(res, 200, {
      jetton_wallets: holds
        ? [
            {
              address: fakeJettonWallet(owner, master).toRawString().toUpperCase(),
              balance: String(balances.get(owner.toRawString()) ?? 10_000_000_000n),
              owner: owner.toRawString().toUpperCase(),
              jetton: master.toRawString().toUpperCase(),
              last_transaction_lt: '1',
              code_hash: 'vaZ5rq6Ahy7b0yDHCvvbG1YFGGfsbyiyFxE2nEfIhpw=',
              data_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
            },
          ]
        : [],
      address_book: {},
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The v3 base URL, as TON_API_URL takes it. */
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    /** The owner holds no jetton wallet (has never held the jetton). */
    holdsNothing(owner: Address) {
      empty.add(owner.toRawString());
    },
    setBalance(owner: Address, units: bigint) {
      balances.set(owner.toRawString(), units);
    },
    /** The next `count` requests fail: 502, or no answer at all. */
    fail(kind: 'down' | 'timeout', count = 1) {
      failure = { kind, remaining: count };
    },
    async close() {
      // Held (timed-out) requests keep their sockets: drop them, or close() never ends.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export type FakeToncenter = Awaited<ReturnType<typeof startFakeToncenter>>;
