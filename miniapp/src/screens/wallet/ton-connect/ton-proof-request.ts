import type { TonProofRequest } from '@svara/core';
import type { WalletReply } from './adapter';

/**
 * The api's ton_proof body (core's tonProofRequestSchema) from what TON Connect hands over: the
 * account's raw address, chain, public key and state_init, and the signed proof. Null when the wallet
 * sent no proof or connected on a chain the api does not know.
 */
export function tonProofRequest(reply: WalletReply): TonProofRequest | null {
  const { account, tonProof } = reply;
  if (!tonProof || !('proof' in tonProof)) return null;
  if (account.chain !== '-239' && account.chain !== '-3') return null;
  return {
    address: account.address,
    network: account.chain,
    ...(account.publicKey ? { public_key: account.publicKey } : {}),
    proof: { ...tonProof.proof, state_init: account.walletStateInit },
  };
}
