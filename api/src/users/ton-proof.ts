/**
 * TON Connect's ton_proof: the wallet signs a payload we issued, for our domain, at a time; the
 * signature, checked with the public key found in the wallet contract's own state_init, shows that the
 * player holds the key of the address they connect. What is signed (TON Connect's "ton-proof-item-v2"):
 *
 *   message = "ton-proof-item-v2/" ++ workchain (uint32 BE) ++ address hash (32 bytes)
 *             ++ domain length (uint32 LE) ++ domain ++ timestamp (uint64 LE) ++ payload
 *   signed  = sha256(0xffff ++ "ton-connect" ++ sha256(message))
 *
 * This module holds the checks that need no database; the payload's life is in ton-proof-service.ts.
 */
import { Address, Cell, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { sha256_sync, signVerify } from '@ton/crypto';
import { SvaraError, type TonProofRequest } from '@svara/core';

/** The standard wallet contracts whose data cell we can read the public key from, by code hash. */
const WALLET_CODE_HASHES: Record<string, 'v3' | 'v4' | 'v5'> = {
  b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581: 'v3', // wallet v3R1
  '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599': 'v3', // wallet v3R2
  '64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d': 'v4', // wallet v4R1
  feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0: 'v4', // wallet v4R2
  '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f': 'v5', // wallet v5R1
};

/** How far ahead of our clock a wallet's timestamp may be (phones' clocks drift). */
export const TON_PROOF_FUTURE_SKEW_SECONDS = 60;

export interface TonProofRules {
  /** Domains the proof may be signed for (config.tonProof.domains). */
  domains: readonly string[];
  /** How old the proof's timestamp may be, in seconds. */
  maxAgeSeconds: number;
  /** Networks accepted: '-239' mainnet, '-3' testnet. */
  networks: readonly string[];
  now: Date;
}

export interface ProvenWallet {
  /** `0:<64 hex>` */
  raw: string;
  /** The non-bounceable, url-safe, mainnet form wallets show (UQ…): the app's withdrawal address. */
  friendly: string;
  publicKey: Buffer;
}

/**
 * Every check of a proof but the payload's (issued to this player, unused, unexpired) and the
 * signature: the domain, the time, the network, and that the state_init is a standard wallet whose
 * address is the one claimed. Answers the wallet and the public key to check the signature with.
 */
export function checkTonProofClaims(request: TonProofRequest, rules: TonProofRules): ProvenWallet {
  const { proof } = request;
  if (!rules.networks.includes(request.network)) {
    throw new SvaraError('ton_proof_invalid', `network ${request.network} not accepted`);
  }
  if (Buffer.byteLength(proof.domain.value, 'utf8') !== proof.domain.lengthBytes) {
    throw new SvaraError('ton_proof_invalid', 'domain length does not match its value');
  }
  if (!rules.domains.includes(proof.domain.value.toLowerCase())) {
    throw new SvaraError('ton_proof_domain', `signed for ${proof.domain.value}`);
  }
  const nowSeconds = Math.floor(rules.now.getTime() / 1000);
  if (
    proof.timestamp < nowSeconds - rules.maxAgeSeconds ||
    proof.timestamp > nowSeconds + TON_PROOF_FUTURE_SKEW_SECONDS
  ) {
    throw new SvaraError('ton_proof_stale', `timestamp ${proof.timestamp}, now ${nowSeconds}`);
  }
  let claimed: Address;
  try {
    claimed = Address.parseRaw(request.address);
  } catch {
    throw new SvaraError('ton_proof_invalid', 'address is not a raw TON address');
  }
  // Withdrawals (USDT on TON) go to basechain addresses only (users/wallet-address.ts).
  if (claimed.workChain !== 0) throw new SvaraError('invalidAddress', 'not a basechain address');

  const stateInit = readStateInit(proof.state_init);
  const publicKey = walletPublicKey(stateInit);
  if (!contractAddress(claimed.workChain, stateInit).equals(claimed)) {
    throw new SvaraError('ton_proof_address_mismatch', 'state_init is not the claimed address');
  }
  if (request.public_key && Buffer.from(request.public_key, 'hex').compare(publicKey) !== 0) {
    throw new SvaraError('ton_proof_address_mismatch', 'public_key is not the contract key');
  }
  return {
    raw: claimed.toRawString(),
    friendly: claimed.toString({ bounceable: false, urlSafe: true, testOnly: false }),
    publicKey,
  };
}

function readStateInit(base64: string): StateInit {
  try {
    return loadStateInit(Cell.fromBase64(base64).beginParse());
  } catch {
    throw new SvaraError('ton_proof_invalid', 'state_init is not a StateInit BoC');
  }
}

/** The public key stored in a standard wallet's data cell; ton_proof_unknown_wallet for any other code. */
export function walletPublicKey(stateInit: StateInit): Buffer {
  const kind = stateInit.code ? WALLET_CODE_HASHES[stateInit.code.hash().toString('hex')] : undefined;
  if (!kind || !stateInit.data) throw new SvaraError('ton_proof_unknown_wallet', 'not a standard wallet');
  try {
    const data = stateInit.data.beginParse();
    // v5R1: is_signature_allowed (1 bit), seqno (32), wallet_id (32), public key (256).
    if (kind === 'v5') data.skip(1 + 32 + 32);
    // v3R1/v3R2/v4R1/v4R2: seqno (32), subwallet id (32), public key (256).
    else data.skip(32 + 32);
    return data.loadBuffer(32);
  } catch {
    throw new SvaraError('ton_proof_unknown_wallet', 'wallet data cell too short');
  }
}

/** The 32 bytes the wallet signs (see the module's comment). */
export function tonProofSignedBytes(
  address: Address,
  domain: string,
  timestamp: number,
  payload: string,
): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainBytes = Buffer.from(domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domainBytes.length);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/', 'utf8'),
    workchain,
    address.hash,
    domainLength,
    domainBytes,
    time,
    Buffer.from(payload, 'utf8'),
  ]);
  return sha256_sync(
    Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8'), sha256_sync(message)]),
  );
}

/** Whether the proof's signature is the wallet key's over what the wallet was asked to sign. */
export function tonProofSignatureValid(request: TonProofRequest, publicKey: Buffer): boolean {
  const signature = Buffer.from(request.proof.signature, 'base64');
  if (signature.length !== 64) return false;
  const signed = tonProofSignedBytes(
    Address.parseRaw(request.address),
    request.proof.domain.value,
    request.proof.timestamp,
    request.proof.payload,
  );
  return signVerify(signed, signature, publicKey);
}
