/**
 * A USDT-on-TON withdrawal address as the user types it: exactly 48 characters, a user-friendly TON
 * address with a valid checksum, on the basechain, for mainnet. The same address has several
 * spellings (bounceable or not, url-safe or not); its raw form `0:<hex>` identifies it.
 */
import { Address } from '@ton/core';
import { SvaraError, TON_ADDRESS_LENGTH } from '@svara/core';

export interface WalletAddress {
  /** As the user spelled it (trimmed). */
  friendly: string;
  /** `0:<64 hex>`: equal for every spelling of one address. */
  raw: string;
}

/** Parses a typed address or throws SvaraError('invalidAddress'). */
export function parseWalletAddress(input: string): WalletAddress {
  const friendly = input.trim();
  if (friendly.length !== TON_ADDRESS_LENGTH || !Address.isFriendly(friendly)) {
    throw new SvaraError('invalidAddress', 'not a 48-character friendly TON address');
  }
  let parsed: ReturnType<typeof Address.parseFriendly>;
  try {
    parsed = Address.parseFriendly(friendly);
  } catch {
    throw new SvaraError('invalidAddress', 'bad checksum or encoding');
  }
  if (parsed.isTestOnly) throw new SvaraError('invalidAddress', 'testnet-only address');
  if (parsed.address.workChain !== 0) throw new SvaraError('invalidAddress', 'not a basechain address');
  return { friendly, raw: parsed.address.toRawString() };
}
