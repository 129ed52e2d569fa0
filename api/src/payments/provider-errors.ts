import { SvaraError } from '@svara/core';
import { PaymentProviderError } from './gateway.js';

/**
 * For `.catch()` on a provider call made for a player: a provider that is down or refuses becomes
 * the catalogue's payment_provider_unavailable (503), anything else goes on as it is.
 */
export function providerUnavailable(what: string) {
  return (error: unknown): never => {
    if (error instanceof PaymentProviderError) {
      throw new SvaraError('payment_provider_unavailable', `${what}: ${error.message}`);
    }
    throw error;
  };
}
