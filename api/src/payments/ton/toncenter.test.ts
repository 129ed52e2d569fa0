import { Address } from '@ton/core';
import { afterAll, describe, expect, it } from 'vitest';
import { SvaraError } from '@svara/core';
import { fakeJettonWallet, startFakeToncenter } from './fake-toncenter.js';
import { createToncenter } from './toncenter.js';

const owner = new Address(0, Buffer.alloc(32, 0x21));
const master = new Address(0, Buffer.alloc(32, 0x42));
const toncenter = await startFakeToncenter({ apiKey: 'key' });
afterAll(() => toncenter.close());

/** A client whose TON API answers `body` with `status`, whatever it is asked. */
function answering(body: unknown, status = 200) {
  return createToncenter({
    baseUrl: () => 'http://toncenter.invalid/api/v3',
    apiKey: null,
    timeoutMs: 1_000,
    fetch: async () => new Response(JSON.stringify(body), { status }),
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SvaraError);
  return (error as SvaraError).code;
}

describe("toncenter's v3 jetton/wallets", () => {
  it("finds the owner's jetton wallet of the master, with its balance, sending the key", async () => {
    const api = createToncenter({ baseUrl: () => toncenter.url, apiKey: 'key', timeoutMs: 1_000 });
    toncenter.setBalance(owner, 7_000_000n);
    const found = await api.jettonWallet(owner, master);
    expect(found!.address.equals(fakeJettonWallet(owner, master))).toBe(true);
    expect(found!.balance).toBe(7_000_000n);
    expect(toncenter.requests.at(-1)).toMatchObject({ apiKey: 'key', query: { limit: '1' } });
  });

  it('a wrong key is an unavailable TON API, not "no wallet"', async () => {
    const api = createToncenter({ baseUrl: () => toncenter.url, apiKey: 'wrong', timeoutMs: 1_000 });
    expect(await refusal(api.jettonWallet(owner, master))).toBe('ton_api_unavailable');
  });

  it('an empty list is no wallet; a wallet of another owner or master is no answer about this one', async () => {
    expect(await answering({ jetton_wallets: [] }).jettonWallet(owner, master)).toBeNull();
    const other = new Address(0, Buffer.alloc(32, 0x99));
    const entry = (ownerOf: Address, jetton: Address) => ({
      address: other.toRawString(),
      owner: ownerOf.toRawString(),
      jetton: jetton.toRawString(),
      balance: '1',
    });
    expect(
      await answering({ jetton_wallets: [entry(other, master)] }).jettonWallet(owner, master),
    ).toBeNull();
    expect(await answering({ jetton_wallets: [entry(owner, other)] }).jettonWallet(owner, master)).toBeNull();
  });

  it('an answer of another shape, or an error status, is ton_api_unavailable', async () => {
    expect(await refusal(answering({ ok: true }).jettonWallet(owner, master))).toBe('ton_api_unavailable');
    expect(await refusal(answering({ error: 'x' }, 500).jettonWallet(owner, master))).toBe(
      'ton_api_unavailable',
    );
  });
});
