/**
 * A real TON wallet for tests: an Ed25519 key pair, the state_init of a standard wallet contract
 * (v4R2 or v5R1) holding its public key, and ton_proof replies signed the way wallets sign them.
 *
 * The contract code cells are the public, well-known wallet codes (bags of cells in base64) as the
 * TON wallets and SDKs embed them (ton-blockchain/wallet-contract and wallet-contract-v5 releases);
 * their hashes (v4R2 feb5ff68…, v5R1 20834b7b…) are the ones users/ton-proof.ts recognises.
 */
import { beginCell, Cell, contractAddress, storeStateInit, type Address, type StateInit } from '@ton/core';
import { keyPairFromSeed, sha256_sync, sign, type KeyPair } from '@ton/crypto';
import { randomBytes } from 'node:crypto';
import type { TonProofRequest } from '@svara/core';

const WALLET_V4R2_CODE =
  'te6cckECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVGliJeU=';
const WALLET_V5R1_CODE =
  'te6ccgECFAEAAoEAART/APSkE/S88sgLAQIBIAIDAgFIBAUBAvIOAtzQINdJwSCRW49jINcLHyCCEGV4dG69IYIQc2ludL2wkl8D4IIQZXh0brqOtIAg1yEB0HTXIfpAMPpE+Cj6RDBYvZFb4O1E0IEBQdch9AWDB/QOb6ExkTDhgEDXIXB/2zzgMSDXSYECgLmRMOBw4hAPAgEgBgcCASAICQAZvl8PaiaECAoOuQ+gLAIBbgoLAgFIDA0AGa3OdqJoQCDrkOuF/8AAGa8d9qJoQBDrkOuFj8AAF7Ml+1E0HHXIdcLH4AARsmL7UTQ1woAgAR4g1wsfghBzaWduuvLgin8PAeaO8O2i7fshgwjXIgKDCNcjIIAg1yHTH9Mf0x/tRNDSANMfINMf0//XCgAK+QFAzPkQmiiUXwrbMeHywIffArNQB7Dy0IRRJbry4IVQNrry4Ib4I7vy0IgikvgA3gGkf8jKAMsfAc8Wye1UIJL4D95w2zzYEAP27aLt+wL0BCFukmwhjkwCIdc5MHCUIccAs44tAdcoIHYeQ2wg10nACPLgkyDXSsAC8uCTINcdBscSwgBSMLDy0InXTNc5MAGk6GwShAe78uCT10rAAPLgk+1V4tIAAcAAkVvg69csCBQgkXCWAdcsCBwS4lIQseMPINdKERITAJYB+kAB+kT4KPpEMFi68uCR7UTQgQFB1xj0BQSdf8jKAEAEgwf0U/Lgi44UA4MH9Fvy4Iwi1woAIW4Bs7Dy0JDiyFADzxYS9ADJ7VQAcjDXLAgkji0h8uCS0gDtRNDSAFETuvLQj1RQMJExnAGBAUDXIdcKAPLgjuLIygBYzxbJ7VST8sCN4gAQk1vbMeHXTNA=';

/** A test wallet: its keys, contract, and address on the basechain. */
export interface TestWallet {
  keys: KeyPair;
  stateInit: StateInit;
  address: Address;
  /** The state_init as a base64 bag of cells, as wallets send it. */
  stateInitBase64: string;
}

export function testWallet(version: 'v4R2' | 'v5R1', seed: Buffer = randomBytes(32)): TestWallet {
  const keys = keyPairFromSeed(seed);
  const data =
    version === 'v4R2'
      ? // seqno, subwallet id (698983191 + workchain, the wallets' default), public key, no plugins
        beginCell()
          .storeUint(0, 32)
          .storeUint(698983191, 32)
          .storeBuffer(keys.publicKey)
          .storeBit(false)
          .endCell()
      : // signature allowed, seqno, wallet id (mainnet basechain default), public key, no extensions
        beginCell()
          .storeBit(true)
          .storeUint(0, 32)
          .storeUint(2147483409, 32)
          .storeBuffer(keys.publicKey)
          .storeBit(false)
          .endCell();
  const code = Cell.fromBase64(version === 'v4R2' ? WALLET_V4R2_CODE : WALLET_V5R1_CODE);
  const stateInit: StateInit = { code, data };
  const address = contractAddress(0, stateInit);
  const stateInitBase64 = beginCell().store(storeStateInit(stateInit)).endCell().toBoc().toString('base64');
  return { keys, stateInit, address, stateInitBase64 };
}

/**
 * What a wallet signs, written here on its own (not the api's function) so that a mistake in the api's
 * layout fails the tests: TON Connect's ton-proof-item-v2 message, hashed, prefixed and hashed again.
 */
function walletSignedBytes(address: Address, domain: string, timestamp: number, payload: string): Buffer {
  const domainBytes = [...Buffer.from(domain, 'utf8')];
  const le = (value: bigint, bytes: number) =>
    Array.from({ length: bytes }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
  const workchain = (address.workChain >>> 0).toString(16).padStart(8, '0');
  const message = Buffer.from([
    ...Buffer.from('ton-proof-item-v2/'),
    ...Buffer.from(workchain, 'hex'),
    ...address.hash,
    ...le(BigInt(domainBytes.length), 4),
    ...domainBytes,
    ...le(BigInt(timestamp), 8),
    ...Buffer.from(payload),
  ]);
  return sha256_sync(Buffer.from([0xff, 0xff, ...Buffer.from('ton-connect'), ...sha256_sync(message)]));
}

/** A ton_proof reply signed by `wallet` as a wallet would sign it; `options` bend one part
 * (another domain, time, signing key, or a claimed address that is not the wallet's). */
export function signedProof(
  wallet: TestWallet,
  payload: string,
  options: { domain?: string; timestamp?: number; signWith?: KeyPair; address?: Address } = {},
): TonProofRequest {
  const domain = options.domain ?? 'localhost';
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const address = options.address ?? wallet.address;
  const signature = sign(
    walletSignedBytes(address, domain, timestamp, payload),
    (options.signWith ?? wallet.keys).secretKey,
  );
  return {
    address: address.toRawString(),
    network: '-239',
    public_key: wallet.keys.publicKey.toString('hex'),
    proof: {
      timestamp,
      domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
      signature: signature.toString('base64'),
      payload,
      state_init: wallet.stateInitBase64,
    },
  };
}
