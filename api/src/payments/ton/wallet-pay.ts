/**
 * Paying a deposit from the player's TON Connect wallet (README "TON Connect"): for one of the
 * player's open deposit addresses and an amount, the transaction the Mini App hands to the wallet
 * (sendTransaction). Built here, from the order's own address, memo and currency, so the client only
 * says how much. Nothing is written: the deposit is credited, as any other, only when the provider
 * confirms the payment (its verified callback, or the reconciler's re-fetch).
 */
import {
  SvaraError,
  toUnits,
  WALLET_PAY_AMOUNT,
  walletPayAmountValid,
  type Currency,
  type WalletPayRequest,
  type WalletPayTransaction,
} from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { Address } from '@ton/core';
import {
  JETTON_FORWARD_NANOTON,
  JETTON_TRANSFER_ATTACHED_NANOTON,
  jettonTransferBody,
  payloadOf,
  TON_DECIMALS,
  tonTransferBody,
  USDT_DECIMALS,
} from './ton-messages.js';
import { orderQueries } from '../orders.js';
import type { TonApi } from './toncenter.js';

/** How long the wallet may take to send it: TON Connect's validUntil, never past the address's end. */
export const WALLET_PAY_VALID_SECONDS = 5 * 60;

export interface WalletPayDeps {
  knex: Knex;
  tonApi: TonApi;
  /** The USDT jetton master (config.tonApi.usdtMaster). */
  usdtMaster: string;
  now?: () => Date;
}

export interface WalletPay {
  transaction(userId: string, request: WalletPayRequest): Promise<WalletPayTransaction>;
}

interface OpenOrder {
  currency: Currency;
  address: string;
  memo: string | null;
  expiresAt: Date | null;
}

/** The amount typed, in the smallest units of what is sent (nanotons or USDT millionths). */
export function sentUnits(currency: Currency, amount: string): bigint {
  const { decimals } = WALLET_PAY_AMOUNT[currency];
  const target = currency === 'TON' ? TON_DECIMALS : USDT_DECIMALS;
  return toUnits(amount, decimals) * 10n ** BigInt(target - decimals);
}

export function createWalletPay(deps: WalletPayDeps): WalletPay {
  const now = deps.now ?? (() => new Date());
  const usdtMaster = Address.parse(deps.usdtMaster);

  /** The player's deposit address behind the tracker id, while it still takes payments. */
  async function openOrder(userId: string, trackerId: string): Promise<OpenOrder> {
    const row = await orderQueries(deps.knex).byTracker(trackerId);
    if (
      row === null ||
      row.userId !== userId ||
      row.type !== 'deposit' ||
      row.method !== 'address' ||
      row.status !== 'pending' ||
      row.address === null ||
      (row.expiresAt !== null && row.expiresAt <= now())
    )
      throw new SvaraError('wallet_pay_order_closed', 'no open deposit address with this tracker id');
    return { currency: row.currency, address: row.address, memo: row.memo, expiresAt: row.expiresAt };
  }

  return {
    async transaction(userId, request) {
      const order = await openOrder(userId, request.trackerId);
      if (!walletPayAmountValid(order.currency, request.amount))
        throw new SvaraError('wallet_pay_amount', `amount ${request.amount} for ${order.currency}`);
      const wallet = Address.parseRaw(request.walletAddress);
      const testOnly = request.network === '-3';
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const validUntil = Math.min(
        nowSeconds + WALLET_PAY_VALID_SECONDS,
        order.expiresAt ? Math.floor(order.expiresAt.getTime() / 1000) : Number.MAX_SAFE_INTEGER,
      );
      const units = sentUnits(order.currency, request.amount);
      const base = { validUntil, network: request.network, from: request.walletAddress };

      if (order.currency === 'TON') {
        const body = tonTransferBody(order.memo);
        return {
          ...base,
          messages: [
            {
              address: order.address,
              amount: units.toString(),
              ...(body ? { payload: payloadOf(body) } : {}),
            },
          ],
        };
      }

      const jettonWallet = await deps.tonApi.jettonWallet(wallet, usdtMaster);
      if (!jettonWallet)
        throw new SvaraError(
          'ton_usdt_wallet_missing',
          `${request.walletAddress} holds no USDT jetton wallet`,
        );
      const body = jettonTransferBody({
        queryId: BigInt(now().getTime()),
        jettonAmount: units,
        destination: Address.parse(order.address),
        responseDestination: wallet,
        forwardTonAmount: JETTON_FORWARD_NANOTON,
        comment: order.memo,
      });
      return {
        ...base,
        messages: [
          {
            // A jetton wallet is a contract: bounceable, so a failed transfer returns the TON.
            address: jettonWallet.address.toString({ bounceable: true, urlSafe: true, testOnly }),
            amount: JETTON_TRANSFER_ATTACHED_NANOTON.toString(),
            payload: payloadOf(body),
          },
        ],
      };
    },
  };
}
