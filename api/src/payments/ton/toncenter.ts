/**
 * The TON API the api asks for a player's USDT jetton wallet: toncenter's v3
 * `GET /jetton/wallets?owner_address=…&jetton_address=…` (README "TON Connect"), which lists the
 * jetton wallets an owner holds of one master. An empty list means the wallet never held that jetton.
 * Any failure to get an answer (down, 5xx, time-out, an answer of another shape) is
 * `ton_api_unavailable`: the caller changes nothing.
 */
import { SvaraError } from '@svara/core';
import type { Address } from '@ton/core';
import { z } from 'zod';
import { parseAnyTonAddress } from './address.js';

const jettonWalletsSchema = z.object({
  jetton_wallets: z.array(
    z.object({
      address: z.string(),
      owner: z.string(),
      jetton: z.string(),
      balance: z.string().regex(/^\d+$/),
    }),
  ),
});

export interface JettonWallet {
  address: Address;
  /** In jetton units. */
  balance: bigint;
}

export interface TonApi {
  /** The owner's jetton wallet of `master`, or null when it has none. */
  jettonWallet(owner: Address, master: Address): Promise<JettonWallet | null>;
}

export interface TonApiDeps {
  /** toncenter's v3 base URL (…/api/v3); a promise when it is started on demand (the sandbox's fake). */
  baseUrl: () => string | Promise<string>;
  apiKey: string | null;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createToncenter(deps: TonApiDeps): TonApi {
  const doFetch = deps.fetch ?? fetch;
  return {
    async jettonWallet(owner, master) {
      const query = new URLSearchParams({
        owner_address: owner.toRawString(),
        jetton_address: master.toRawString(),
        limit: '1',
        offset: '0',
      });
      const url = `${await deps.baseUrl()}/jetton/wallets?${query}`;
      let body: unknown;
      try {
        const response = await doFetch(url, {
          headers: { accept: 'application/json', ...(deps.apiKey ? { 'X-API-Key': deps.apiKey } : {}) },
          signal: AbortSignal.timeout(deps.timeoutMs),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new SvaraError('ton_api_unavailable', `toncenter jetton/wallets: ${(error as Error).message}`);
      }
      const parsed = jettonWalletsSchema.safeParse(body);
      if (!parsed.success)
        throw new SvaraError('ton_api_unavailable', 'toncenter jetton/wallets: unexpected answer');
      // Only a wallet of this owner and this master: an answer about another is no answer.
      const found = parsed.data.jetton_wallets.find((wallet) => {
        const walletOwner = parseAnyTonAddress(wallet.owner);
        const jetton = parseAnyTonAddress(wallet.jetton);
        return walletOwner?.equals(owner) && jetton?.equals(master);
      });
      if (!found) return null;
      const address = parseAnyTonAddress(found.address);
      if (!address) throw new SvaraError('ton_api_unavailable', 'toncenter jetton/wallets: bad address');
      return { address, balance: BigInt(found.balance) };
    },
  };
}
