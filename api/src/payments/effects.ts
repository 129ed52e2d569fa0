/**
 * What the payments service tells the world after a commit, never before: the player's sockets hear
 * of the new balance (transactionConfirmed with a message in their language, SPEC §7), and the bot
 * hears of it as a notice. Nothing here moves money.
 */
import { formatCents, type Cents, type Currency } from '@svara/core';
import { translate } from '@svara/locales';
import type { Knex } from '@mikro-orm/postgresql';
import type { PlayerNotice, PlayerNotices } from '../finances/notices.js';
import type { Ledger } from '../ledger/ledger.js';
import type { WalletEvents } from '../ledger/wallet-events.js';

export interface PaymentEffects {
  notice(notice: PlayerNotice): void;
  /** The wallet changed; with a message the sockets get transactionConfirmed, else balanceUpdated. */
  walletChanged(userId: string, message?: string): void;
  depositCredited(userId: string, creditedCents: Cents, currency: Currency): Promise<void>;
  /** A withdrawal's money came back to the wallet (failed, rejected or expired at the provider). */
  withdrawalReturned(userId: string, amountCents: Cents, why: 'failed' | 'rejected'): Promise<void>;
}

export function createPaymentEffects(deps: {
  knex: Knex;
  ledger: Ledger;
  wallets: WalletEvents;
  notices: PlayerNotices;
}): PaymentEffects {
  const { knex, ledger, wallets, notices } = deps;

  async function text(userId: string, key: string, amountCents: Cents): Promise<string> {
    const row = (
      await knex.raw<{ rows: { language_code: string | null }[] }>(
        `select language_code from users where telegram_id = ?`,
        [userId],
      )
    ).rows[0];
    return translate(row?.language_code, key).replace('{{amount}}', formatCents(amountCents));
  }

  return {
    notice: (notice) => notices.emit(notice),
    walletChanged: (userId, message) => wallets.changed(userId, message),
    async depositCredited(userId, creditedCents, currency) {
      const [message, balanceCents] = await Promise.all([
        text(userId, 'payments.depositCredited', creditedCents),
        ledger.walletBalance(userId),
      ]);
      wallets.changed(userId, message);
      notices.emit({ kind: 'deposit_credited', userId, amountCents: creditedCents, currency, balanceCents });
    },
    async withdrawalReturned(userId, amountCents, why) {
      const key = why === 'rejected' ? 'payments.withdrawalRejected' : 'payments.withdrawalReturned';
      wallets.changed(userId, await text(userId, key, amountCents));
      notices.emit({
        kind: why === 'rejected' ? 'withdrawal_rejected' : 'withdrawal_failed',
        userId,
        amountCents,
      });
    },
  };
}
