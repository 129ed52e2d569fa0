/**
 * The configured providers (PAYMENTS_PROVIDER, in its order) as gateways, and which one serves each
 * screen: the first that can. The sandbox is built only where the configuration allows it (never in
 * production: loadConfig refuses it there).
 */
import type { Currency, WithdrawMethod } from '@svara/core';
import type { Knex } from '@mikro-orm/postgresql';
import { API_PREFIX } from '@svara/core';
import type { PaymentsConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { createAlfabitGateway } from './alfabit/alfabit-gateway.js';
import { createCryptopayGateway } from './cryptopay/cryptopay-gateway.js';
import type { PaymentGateway } from './gateway.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox/sandbox-gateway.js';

export interface Gateways {
  all: readonly PaymentGateway[];
  /** The development merchant, when it is among the providers. */
  sandbox: SandboxGateway | null;
  named(name: string): PaymentGateway | null;
  forDeposit(currency: Currency): PaymentGateway | null;
  forInvoice(): PaymentGateway | null;
  forWithdrawal(method: WithdrawMethod): PaymentGateway | null;
}

export function gatewaysOf(list: readonly PaymentGateway[], sandbox: SandboxGateway | null = null): Gateways {
  const first = (test: (gateway: PaymentGateway) => boolean) => list.find(test) ?? null;
  return {
    all: list,
    sandbox,
    named: (name) => first((g) => g.name === name),
    forDeposit: (currency) => first((g) => g.capabilities.depositCurrencies.includes(currency)),
    forInvoice: () => first((g) => g.capabilities.invoice),
    forWithdrawal: (method) =>
      first((g) =>
        method === 'address' ? g.capabilities.withdrawToAddress : g.capabilities.withdrawToCryptobot,
      ),
  };
}

export function createGateways(deps: { config: PaymentsConfig; knex: Knex; logger: Logger }): Gateways {
  const { config, knex } = deps;
  let sandbox: SandboxGateway | null = null;
  const list = config.providers.map((name): PaymentGateway => {
    const logger = deps.logger.child({ provider: name });
    switch (name) {
      case 'sandbox':
        sandbox = createSandboxGateway({
          knex,
          settings: config.sandbox,
          logger,
          // Relative when no public URL is set: the page opens on whatever origin served the app.
          publicPayUrl: (uid) =>
            `${config.publicUrl ?? ''}${API_PREFIX}/sandbox/invoice/${encodeURIComponent(uid)}`,
        });
        return sandbox;
      case 'alfabit':
        return createAlfabitGateway(config.alfabit!, { logger, timeoutMs: config.timeoutMs });
      case 'cryptopay':
        return createCryptopayGateway(config.cryptopay!, { logger, timeoutMs: config.timeoutMs });
    }
  });
  return gatewaysOf(list, sandbox);
}
