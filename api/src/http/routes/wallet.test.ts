import { beginCell, Cell, contractAddress, storeStateInit } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TonProofPayload, TonProofRequest, WalletInfo } from '@svara/core';
import { knexOf } from '../../db/orm.js';
import { useTestServer } from '../../test-support/http.js';
import { signedProof, testWallet } from '../../test-support/ton-wallet.js';

const api = useTestServer();

async function walletRow(userId: string) {
  const knex = knexOf(api.db.orm);
  return (
    await knex.raw<{ rows: Record<string, unknown>[] }>(
      `select wallet_address, wallet_address_raw, wallet_source, wallet_verified_at from users where telegram_id = ?`,
      [userId],
    )
  ).rows[0];
}

async function payloadFor(token: string): Promise<string> {
  const response = await api.request<TonProofPayload>('POST', '/wallet/ton-proof/payload', { token });
  expect(response.status).toBe(200);
  return response.body.payload;
}

function verify(token: string, body: TonProofRequest | unknown) {
  return api.request<WalletInfo & { code?: string }>('POST', '/wallet/ton-proof/verify', { token, body });
}

describe('POST /wallet/ton-proof/payload', () => {
  it('answers 32 random bytes in hex, different each time, living ten minutes, and needs a token', async () => {
    const token = await api.login({ id: 7001 });
    const response = await api.request<TonProofPayload>('POST', '/wallet/ton-proof/payload', { token });
    expect(response.body.payload).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = new Date(response.body.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
    expect(await payloadFor(token)).not.toBe(response.body.payload);
    expect((await api.request('POST', '/wallet/ton-proof/payload')).status).toBe(401);
  });
});

describe('POST /wallet/ton-proof/verify', () => {
  it('accepts a v4R2 wallet signing our payload for our domain: it becomes the verified withdrawal address', async () => {
    const token = await api.login({ id: 7010 });
    const wallet = testWallet('v4R2');
    const response = await verify(token, signedProof(wallet, await payloadFor(token)));
    expect(response.status).toBe(200);
    const friendly = wallet.address.toString({ bounceable: false, urlSafe: true, testOnly: false });
    expect(response.body).toMatchObject({ walletAddress: friendly, walletSource: 'ton_connect' });
    expect(Date.now() - new Date(response.body.walletVerifiedAt!).getTime()).toBeLessThan(60_000);
    expect(await walletRow('7010')).toMatchObject({
      wallet_address: friendly,
      wallet_address_raw: wallet.address.toRawString(),
      wallet_source: 'ton_connect',
    });
    const profile = await api.request('GET', '/users/profile', { token });
    expect(profile.body).toMatchObject({
      walletAddress: friendly,
      walletSource: 'ton_connect',
      walletVerifiedAt: response.body.walletVerifiedAt,
    });
  });

  it('accepts a v5R1 wallet, and a proof from another wallet replaces the address', async () => {
    const token = await api.login({ id: 7011 });
    const first = testWallet('v4R2');
    expect((await verify(token, signedProof(first, await payloadFor(token)))).status).toBe(200);
    const second = testWallet('v5R1');
    const response = await verify(token, signedProof(second, await payloadFor(token)));
    expect(response.status).toBe(200);
    expect((await walletRow('7011'))?.wallet_address_raw).toBe(second.address.toRawString());
  });

  it('refuses a wallet another account already holds (addressAlreadyUsed)', async () => {
    const wallet = testWallet('v4R2');
    const owner = await api.login({ id: 7012 });
    expect((await verify(owner, signedProof(wallet, await payloadFor(owner)))).status).toBe(200);
    const other = await api.login({ id: 7013 });
    const refused = await verify(other, signedProof(wallet, await payloadFor(other)));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('addressAlreadyUsed');
    expect((await walletRow('7013'))?.wallet_address).toBeNull();
  });

  describe('refuses, with its code, and changes nothing about the wallet', () => {
    let nextId = 7100;
    async function refusedWith(
      code: string,
      status: number,
      make: (
        payload: string,
        token: string,
      ) => Promise<TonProofRequest | unknown> | TonProofRequest | unknown,
    ) {
      const userId = String(nextId++);
      const token = await api.login({ id: Number(userId) });
      // The player already has a verified wallet: a refused proof must leave it as it is.
      const kept = testWallet('v4R2');
      expect((await verify(token, signedProof(kept, await payloadFor(token)))).status).toBe(200);
      const before = await walletRow(userId);
      const response = await verify(token, await make(await payloadFor(token), token));
      expect(response.body.code).toBe(code);
      expect(response.status).toBe(status);
      expect(await walletRow(userId)).toEqual(before);
      return token;
    }

    it('a forged signature (another key), and the payload is used up by the attempt', async () => {
      const wallet = testWallet('v4R2');
      let payload = '';
      const token = await refusedWith('ton_proof_signature', 401, (issued) => {
        payload = issued;
        return signedProof(wallet, issued, { signWith: keyPairFromSeed(randomBytes(32)) });
      });
      const honest = await verify(token, signedProof(wallet, payload));
      expect(honest.body.code).toBe('ton_proof_payload_used');
    });

    it('a signature over other bytes than those sent (the payload changed after signing)', async () => {
      const wallet = testWallet('v5R1');
      await refusedWith('ton_proof_signature', 401, (issued) => {
        const proof = signedProof(wallet, issued, { timestamp: Math.floor(Date.now() / 1000) - 5 });
        return { ...proof, proof: { ...proof.proof, timestamp: proof.proof.timestamp + 1 } };
      });
    });

    it('a proof signed for another domain', async () => {
      await refusedWith('ton_proof_domain', 400, (payload) =>
        signedProof(testWallet('v4R2'), payload, { domain: 'evil.example' }),
      );
    });

    it('a stale timestamp, and one from the future', async () => {
      const now = Math.floor(Date.now() / 1000);
      await refusedWith('ton_proof_stale', 400, (payload) =>
        signedProof(testWallet('v4R2'), payload, { timestamp: now - 601 }),
      );
      await refusedWith('ton_proof_stale', 400, (payload) =>
        signedProof(testWallet('v4R2'), payload, { timestamp: now + 300 }),
      );
    });

    it('a payload used before (the same proof sent twice)', async () => {
      const userId = String(nextId++);
      const token = await api.login({ id: Number(userId) });
      const proof = signedProof(testWallet('v4R2'), await payloadFor(token));
      expect((await verify(token, proof)).status).toBe(200);
      const before = await walletRow(userId);
      const again = await verify(token, proof);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ton_proof_payload_used');
      expect(await walletRow(userId)).toEqual(before);
    });

    it("another player's payload (and it stays usable by its owner)", async () => {
      const owner = await api.login({ id: 7199 });
      const theirs = await payloadFor(owner);
      await refusedWith('ton_proof_payload_foreign', 403, () => signedProof(testWallet('v4R2'), theirs));
      expect((await verify(owner, signedProof(testWallet('v4R2'), theirs))).status).toBe(200);
    });

    it('an expired payload, and one never issued', async () => {
      await refusedWith('ton_proof_payload_expired', 410, async (payload) => {
        await knexOf(api.db.orm).raw(
          `update ton_proof_payloads set expires_at = now() - interval '1 second' where payload = ?`,
          [payload],
        );
        return signedProof(testWallet('v4R2'), payload);
      });
      await refusedWith('ton_proof_payload_unknown', 400, () =>
        signedProof(testWallet('v4R2'), randomBytes(32).toString('hex')),
      );
    });

    it('an address that is not the state_init it sends (signed for the claimed address)', async () => {
      const wallet = testWallet('v4R2');
      const claimed = testWallet('v4R2').address;
      await refusedWith('ton_proof_address_mismatch', 400, (payload) =>
        signedProof(wallet, payload, { address: claimed }),
      );
    });

    it('a public_key that is not the one in the contract', async () => {
      await refusedWith('ton_proof_address_mismatch', 400, (payload) => ({
        ...signedProof(testWallet('v4R2'), payload),
        public_key: keyPairFromSeed(randomBytes(32)).publicKey.toString('hex'),
      }));
    });

    it('a contract that is not a standard wallet (its key cannot be read)', async () => {
      const wallet = testWallet('v4R2');
      // Same data, other code: a contract we do not know, at its own (consistent) address.
      const stateInit = { code: beginCell().storeUint(0xdead, 16).endCell(), data: wallet.stateInit.data! };
      const odd = {
        ...wallet,
        stateInit,
        address: contractAddress(0, stateInit),
        stateInitBase64: beginCell().store(storeStateInit(stateInit)).endCell().toBoc().toString('base64'),
      };
      await refusedWith('ton_proof_unknown_wallet', 400, (payload) => signedProof(odd, payload));
    });

    it('a reply that is not a ton_proof at all', async () => {
      await refusedWith('ton_proof_invalid', 400, (payload) => ({ proof: { payload } }));
      await refusedWith('ton_proof_invalid', 400, (payload) => {
        const proof = signedProof(testWallet('v4R2'), payload);
        return { ...proof, proof: { ...proof.proof, state_init: Cell.EMPTY.toBoc().toString('hex') } };
      });
    });
  });
});

describe('typed addresses and disconnecting', () => {
  it('a typed address is saved unverified; typing the verified wallet itself keeps it verified', async () => {
    const token = await api.login({ id: 7300 });
    const typed = testWallet('v4R2').address.toString({ bounceable: true, urlSafe: true });
    const saved = await api.request<WalletInfo>('POST', '/users/wallet-address', {
      token,
      body: { walletAddress: typed },
    });
    expect(saved.body).toEqual({ walletAddress: typed, walletSource: 'typed', walletVerifiedAt: null });

    const wallet = testWallet('v5R1');
    const verified = await verify(token, signedProof(wallet, await payloadFor(token)));
    const again = await api.request<WalletInfo>('POST', '/users/wallet-address', {
      token,
      body: { walletAddress: wallet.address.toString({ bounceable: true, urlSafe: true }) },
    });
    expect(again.body).toMatchObject({
      walletSource: 'ton_connect',
      walletVerifiedAt: verified.body.walletVerifiedAt,
    });
  });

  it('DELETE /wallet/ton-proof keeps the address as a typed one and drops the verified mark', async () => {
    const token = await api.login({ id: 7301 });
    const wallet = testWallet('v4R2');
    const verified = await verify(token, signedProof(wallet, await payloadFor(token)));
    const response = await api.request<WalletInfo>('DELETE', '/wallet/ton-proof', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      walletAddress: verified.body.walletAddress,
      walletSource: 'typed',
      walletVerifiedAt: null,
    });
    expect(await walletRow('7301')).toMatchObject({ wallet_source: 'typed', wallet_verified_at: null });
  });
});
