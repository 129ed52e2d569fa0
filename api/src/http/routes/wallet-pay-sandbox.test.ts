import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import type { WalletPayTransaction } from '@svara/core';
import { MAINNET_USDT_MASTER } from '../../config.js';
import { fakeJettonWallet } from '../../payments/ton/fake-toncenter.js';
import { useTestServer } from '../../test-support/http.js';
import { testWallet } from '../../test-support/ton-wallet.js';

// The development default: the sandbox provider and no TON_API_URL.
const api = useTestServer();

describe('paying from a wallet in the sandbox, with no TON API configured', () => {
  it("USDT finds the player's jetton wallet through the api's own local fake TON API", async () => {
    expect(api.config.tonApi.url).toBeNull();
    const token = await api.login({ id: 7151 });
    const created = await api.request<{ trackerId: string }>('POST', '/finances/transaction', {
      token,
      body: { type: 'deposit', telegramId: '7151', currency: 'USDTTON' },
    });
    const wallet = testWallet('v4R2');
    const response = await api.request<WalletPayTransaction>(
      'POST',
      '/wallet/ton-connect/deposit-transaction',
      {
        token,
        body: {
          trackerId: created.body.trackerId,
          amount: '5',
          walletAddress: wallet.address.toRawString(),
          network: '-239',
        },
      },
    );
    expect(response.status).toBe(200);
    const jettonWallet = fakeJettonWallet(wallet.address, Address.parse(MAINNET_USDT_MASTER));
    expect(Address.parse(response.body.messages[0]!.address).equals(jettonWallet)).toBe(true);
  });
});
