/**
 * Paying a deposit from the wallet connected with TON Connect (README "TON Connect"): the Mini App
 * sends the order and the amount, the api answers the transaction TON Connect's sendTransaction takes,
 * built on the server from the order's own address and memo.
 */
import { z } from 'zod';
import { MIN_DEPOSIT_CENTS } from './constants.js';
import type { Currency } from './common.js';
import { rawTonAddressSchema, tonNetworkSchema } from './rest.js';

/**
 * How many decimals a player may type, and the least amount, per deposit currency. USDT follows the
 * product's money (2 decimals, the 5 USDT minimum deposit); TON is priced by the provider when it
 * arrives, so only its decimals are bounded here and the USD minimum applies at the credit.
 */
export const WALLET_PAY_AMOUNT: Record<Currency, { decimals: number; min: string }> = {
  USDTTON: { decimals: 2, min: (MIN_DEPOSIT_CENTS / 100).toFixed(2) },
  TON: { decimals: 4, min: '0.0001' },
};

/** The amount typed, when it has at most the currency's decimals and reaches its minimum. */
export function walletPayAmountValid(currency: Currency, text: string): boolean {
  const rule = WALLET_PAY_AMOUNT[currency];
  const shape = new RegExp(`^\\d{1,10}(\\.\\d{1,${rule.decimals}})?$`);
  if (!shape.test(text)) return false;
  return toUnits(text, rule.decimals) >= toUnits(rule.min, rule.decimals);
}

/** A decimal string as an integer count of 10^-decimals units (the string is already checked). */
export function toUnits(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** POST /wallet/ton-connect/deposit-transaction: which order, how much, from which wallet. */
export const walletPayRequestSchema = z.object({
  trackerId: z.string().trim().min(1).max(100),
  amount: z.string().trim().max(24),
  /** The connected account's raw address (`0:<hex>`), as TON Connect gives it. */
  walletAddress: rawTonAddressSchema,
  network: tonNetworkSchema,
});
export type WalletPayRequest = z.infer<typeof walletPayRequestSchema>;

/** One message of the transaction: nanotons to attach, and a base64 BoC body. */
export const walletPayMessageSchema = z.object({
  address: z.string(),
  amount: z.string().regex(/^\d+$/),
  payload: z.string().optional(),
});

/** The transaction as TON Connect's sendTransaction takes it (validUntil in Unix seconds). */
export const walletPayTransactionSchema = z.object({
  validUntil: z.number().int().positive(),
  network: tonNetworkSchema,
  from: z.string(),
  messages: z.array(walletPayMessageSchema).min(1).max(4),
});
export type WalletPayTransaction = z.infer<typeof walletPayTransactionSchema>;
