/**
 * The api's TON Connect calls (README "TON Connect"), kept with the block that uses them so the first
 * screens' client (api/http.ts) does not grow.
 */
import {
  tonProofPayloadSchema,
  walletInfoSchema,
  type TonProofPayload,
  type TonProofRequest,
  type WalletInfo,
} from '@svara/core';
import { parse, request } from '../../../api/http';

export const tonProofApi = {
  /** A single-use challenge for the wallet to sign. */
  async payload(): Promise<TonProofPayload> {
    return parse(tonProofPayloadSchema, await request('POST', '/wallet/ton-proof/payload'));
  },
  /** The wallet's signed proof; the wallet becomes the verified withdrawal address. */
  async verify(proof: TonProofRequest): Promise<WalletInfo> {
    return parse(walletInfoSchema, await request('POST', '/wallet/ton-proof/verify', { body: proof }));
  },
  /** Forgets the proof; the address stays, as a typed one. */
  async disconnect(): Promise<WalletInfo> {
    return parse(walletInfoSchema, await request('DELETE', '/wallet/ton-proof'));
  },
};
