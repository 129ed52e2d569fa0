/**
 * A TON address in any form @ton/core reads (raw or friendly, any network or workchain), or null:
 * for settings and other services' answers. A player's withdrawal address is stricter
 * (users/wallet-address.ts). Imports only @ton/core: the settings read it before anything else loads.
 */
import { Address } from '@ton/core';

export function parseAnyTonAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}
