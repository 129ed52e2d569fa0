/**
 * The api's "pay from wallet" call (README "TON Connect"), kept with the block that uses it so the
 * first screens' client (api/http.ts) does not grow.
 */
import { walletPayTransactionSchema, type WalletPayRequest, type WalletPayTransaction } from '@svara/core';
import { parse, request } from '../../../api/http';

export const walletPayApi = {
  /** The transaction for TON Connect's sendTransaction, built by the api for this order and amount. */
  async transaction(body: WalletPayRequest): Promise<WalletPayTransaction> {
    return parse(
      walletPayTransactionSchema,
      await request('POST', '/wallet/ton-connect/deposit-transaction', { body }),
    );
  },
};
