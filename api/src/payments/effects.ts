/**
 * What the payments service tells the world after a commit, never before: the player's sockets hear
 * of the new balance (transactionConfirmed with a message in their language, SPEC §7), and the bot
 * hears of it as a notice. Nothing here moves money.
 */
import { formatUsdCents, type Cents, type Currency } from '@svara/core';
import { pickLanguage, translate } from '@svara/locales';
import type { Knex } from '@mikro-orm/postgresql';
import { preparedStatement } from '../db/prepared-statement.js';
import type { PlayerNotice, PlayerNotices } from '../finances/notices.js';
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
  wallets: WalletEvents;
  notices: PlayerNotices;
}): PaymentEffects {
  const { knex, wallets, notices } = deps;

  /** The player's language and wallet balance, in one query. */
  const playerNowStatement = preparedStatement<{ language_code: string | null; balance: string | null }>(
    knex,
    'svara_payment_player_now',
    `select u.language_code, a.balance from users u
       left join accounts a on a.kind = 'player_wallet' and coalesce(a.owner_id, 0) = u.telegram_id
        and coalesce(a.reference, '') = ''
      where u.telegram_id = $1`,
  );

  async function playerNow(userId: string): Promise<{ language: string | null; balanceCents: Cents }> {
    const row = (await playerNowStatement.run([userId]))[0];
    return { language: row?.language_code ?? null, balanceCents: Number(row?.balance ?? 0) };
  }

  const text = (language: string | null, key: string, amountCents: Cents) =>
    translate(language, key).replace('{{amount}}', formatUsdCents(amountCents, pickLanguage(language)));

  return {
    notice: (notice) => notices.emit(notice),
    walletChanged: (userId, message) => wallets.changed(userId, message),
    async depositCredited(userId, creditedCents, currency) {
      const { language, balanceCents } = await playerNow(userId);
      wallets.changed(userId, text(language, 'payments.depositCredited', creditedCents));
      notices.emit({ kind: 'deposit_credited', userId, amountCents: creditedCents, currency, balanceCents });
    },
    async withdrawalReturned(userId, amountCents, why) {
      const key = why === 'rejected' ? 'payments.withdrawalRejected' : 'payments.withdrawalReturned';
      wallets.changed(userId, text((await playerNow(userId)).language, key, amountCents));
      notices.emit({
        kind: why === 'rejected' ? 'withdrawal_rejected' : 'withdrawal_failed',
        userId,
        amountCents,
      });
    },
  };
}
