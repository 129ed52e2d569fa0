/**
 * What the payments service tells the world after a commit, never before: the player's sockets hear
 * of the new balance (transactionConfirmed with a message in their language, SPEC §7), and the bot's
 * drain is woken for the notices the commit wrote (notices/outbox.ts). Nothing here moves money.
 */
import { formatUsdCents, type Cents } from '@svara/core';
import { pickLanguage, translate } from '@svara/locales';
import type { Knex } from '@mikro-orm/postgresql';
import { preparedStatement } from '../db/prepared-statement.js';
import type { NoticeOutbox } from '../notices/outbox.js';
import type { WalletEvents } from '../ledger/wallet-events.js';

export interface PaymentEffects {
  /** Notices were committed to the outbox. */
  noticesWritten(): void;
  /** The wallet changed; with a message the sockets get transactionConfirmed, else balanceUpdated. */
  walletChanged(userId: string, message?: string): void;
  depositCredited(userId: string, creditedCents: Cents): Promise<void>;
  /** A withdrawal's money came back to the wallet (failed, rejected or expired at the provider). */
  withdrawalReturned(userId: string, amountCents: Cents, why: 'failed' | 'rejected'): Promise<void>;
}

export function createPaymentEffects(deps: {
  knex: Knex;
  wallets: WalletEvents;
  outbox: NoticeOutbox;
}): PaymentEffects {
  const { knex, wallets, outbox } = deps;

  const languageStatement = preparedStatement<{ language_code: string | null }>(
    knex,
    'svara_payment_player_language',
    `select language_code from users where telegram_id = $1`,
  );
  const languageOf = async (userId: string) =>
    (await languageStatement.run([userId]))[0]?.language_code ?? null;

  const text = (language: string | null, key: string, amountCents: Cents) =>
    translate(language, key).replace('{{amount}}', formatUsdCents(amountCents, pickLanguage(language)));

  return {
    noticesWritten: () => outbox.written(),
    walletChanged: (userId, message) => wallets.changed(userId, message),
    async depositCredited(userId, creditedCents) {
      outbox.written();
      wallets.changed(userId, text(await languageOf(userId), 'payments.depositCredited', creditedCents));
    },
    async withdrawalReturned(userId, amountCents, why) {
      const key = why === 'rejected' ? 'payments.withdrawalRejected' : 'payments.withdrawalReturned';
      outbox.written();
      wallets.changed(userId, text(await languageOf(userId), key, amountCents));
    },
  };
}
