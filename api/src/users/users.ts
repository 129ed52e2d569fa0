/**
 * Players: created or refreshed at every sign-in from Telegram's data, with their withdrawal address
 * and who referred them. Balances live in the ledger; this service reads them.
 */
import {
  centsToDollars,
  referralLevel,
  SvaraError,
  type Profile,
  type ReferralInfo,
  type WalletInfo,
  type WalletSource,
} from '@svara/core';
import type { TelegramUser } from '../auth/init-data.js';
import { ReferralSchema, UserSchema, type User } from '../db/entities/index.js';
import { knexOf, type Orm } from '../db/orm.js';
import type { Ledger } from '../ledger/ledger.js';
import { NOTICE_CONFLICT, NOTICE_INSERT, type NoticeOutbox } from '../notices/outbox.js';
import type { Suspension } from './suspension.js';
import { walletInfoOf } from './ton-proof-service.js';
import { parseWalletAddress } from './wallet-address.js';

export interface UserRecord {
  telegramId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
  walletAddress: string | null;
  walletSource: WalletSource | null;
  walletVerifiedAt: Date | null;
  createdAt: Date;
}

function toRecord(user: User): UserRecord {
  return {
    telegramId: user.telegramId,
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    photoUrl: user.photoUrl ?? null,
    languageCode: user.languageCode ?? null,
    isPremium: user.isPremium,
    walletAddress: user.walletAddress ?? null,
    // An address written without a source (before TON Connect) was typed.
    walletSource: user.walletAddress
      ? ((user.walletSource as WalletSource | null | undefined) ?? 'typed')
      : null,
    walletVerifiedAt: user.walletVerifiedAt ?? null,
    createdAt: user.createdAt,
  };
}

/** Why a referral bonus moved: transfers with this reason carry `metadata.referredId`. */
export const REFERRAL_BONUS_REASON = 'referral_bonus';

export interface UsersService {
  /**
   * Creates the user or refreshes the fields Telegram sent; the wallet address is never touched.
   * The language is Telegram's only for a new user: after that it is the player's (setLanguage).
   */
  upsertFromTelegram(telegramUser: TelegramUser): Promise<UserRecord>;
  get(telegramId: string): Promise<UserRecord | null>;
  /** The player's language choice (the bot's /language); no later sign-in overrides it. */
  setLanguage(telegramId: string, language: string): Promise<UserRecord>;
  /**
   * Records who referred `userId`, once: only an existing referrer, never oneself, and only while
   * `userId` has no money history (a newcomer). True when recorded now.
   */
  recordReferrer(userId: string, referrerId: string): Promise<boolean>;
  referrerOf(userId: string): Promise<string | null>;
  profile(telegramId: string): Promise<Profile>;
  /**
   * Sets the withdrawal address as typed (not verified); invalidAddress (400) or addressAlreadyUsed
   * (409) otherwise. Typing the very wallet TON Connect verified keeps its verification.
   */
  setWalletAddress(telegramId: string, input: string): Promise<WalletInfo>;
  referralInfo(telegramId: string): Promise<ReferralInfo>;
}

export function createUsersService(deps: {
  orm: Orm;
  ledger: Ledger;
  botUsername: string;
  /** Where players sit (the rooms service asks the table runtime); without it nobody sits anywhere. */
  seats?: { seatOf(userId: string): string | null };
  /** Whether an operator suspended the account (shown in the profile); without it nobody is. */
  suspension?: Pick<Suspension, 'status'>;
  /** Woken when a notice for the bot was written (a friend joined). */
  outbox?: NoticeOutbox;
}): UsersService {
  const { orm, ledger } = deps;
  const knex = knexOf(orm);

  async function mustGet(telegramId: string): Promise<UserRecord> {
    const user = await orm.em.fork().findOne(UserSchema, { telegramId });
    if (!user) throw new SvaraError('auth_validation_failed', `user ${telegramId} does not exist`);
    return toRecord(user);
  }

  return {
    async upsertFromTelegram(tg) {
      const em = orm.em.fork();
      const fields = {
        username: tg.username,
        firstName: tg.firstName,
        lastName: tg.lastName,
        photoUrl: tg.photoUrl,
        isPremium: tg.isPremium,
      };
      // Most sign-ins change nothing: a read then, and a write (a commit to disk) only on news.
      const existing = await em.findOne(UserSchema, { telegramId: tg.id });
      const keys = Object.keys(fields) as (keyof typeof fields)[];
      if (existing && keys.every((key) => (existing[key] ?? null) === fields[key])) return toRecord(existing);
      // languageCode is written only when the row is created (it is not among the merged fields).
      const user = await em.upsert(
        UserSchema,
        { telegramId: tg.id, ...fields, languageCode: tg.languageCode, updatedAt: new Date() },
        {
          onConflictFields: ['telegramId'],
          onConflictAction: 'merge',
          onConflictMergeFields: [...keys, 'updatedAt'],
        },
      );
      // RETURNING brings back the rest of the row (wallet address, created_at).
      return toRecord(user);
    },

    async get(telegramId) {
      const user = await orm.em.fork().findOne(UserSchema, { telegramId });
      return user ? toRecord(user) : null;
    },

    async setLanguage(telegramId, language) {
      await orm.em
        .fork()
        .nativeUpdate(UserSchema, { telegramId }, { languageCode: language, updatedAt: new Date() });
      return mustGet(telegramId);
    },

    async recordReferrer(userId, referrerId) {
      if (userId === referrerId) return false;
      // One statement: inserted only if the referrer exists, the user has no referrer yet, and the
      // user has no money history at all (nothing deposited, won or played): a friend's link makes
      // a newcomer a referral, it cannot claim a player who is already playing.
      // The referrer hears of it in the bot: the notice is written by the same statement.
      const result = await knex.raw<{ rows: unknown[] }>(
        `with recorded as (
           insert into referrals (referred_id, referrer_id)
           select ?, telegram_id from users where telegram_id = ?
              and not exists (
                select 1 from accounts a
                 where a.kind in ('player_wallet', 'player_referral') and coalesce(a.owner_id, 0) = ?::bigint
                   and coalesce(a.reference, '') = ''
                   and (exists (select 1 from transfers t where t.debit_account_id = a.id)
                        or exists (select 1 from transfers t where t.credit_account_id = a.id)))
           on conflict (referred_id) do nothing
           returning referred_id, referrer_id),
         noticed as (${NOTICE_INSERT}
           select r.referrer_id, 'referral_joined',
                  jsonb_build_object('name', coalesce('@' || u.username, u.first_name, '#' || u.telegram_id)),
                  'referral-joined:' || r.referred_id
             from recorded r join users u on u.telegram_id = r.referred_id ${NOTICE_CONFLICT})
         select referred_id from recorded`,
        [userId, referrerId, userId],
      );
      if (result.rows.length === 0) return false;
      deps.outbox?.written();
      return true;
    },

    async referrerOf(userId) {
      const referral = await orm.em.fork().findOne(ReferralSchema, { referredId: userId });
      return referral?.referrerId ?? null;
    },

    async profile(telegramId) {
      const [user, balance, suspended] = await Promise.all([
        mustGet(telegramId),
        ledger.walletBalance(telegramId),
        deps.suspension?.status(telegramId) ?? null,
      ]);
      return {
        telegramId: user.telegramId,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        avatar: user.photoUrl,
        languageCode: user.languageCode,
        balance: centsToDollars(balance),
        walletAddress: user.walletAddress,
        walletSource: user.walletSource,
        walletVerifiedAt: user.walletVerifiedAt?.toISOString() ?? null,
        // A reloaded Mini App finds the table it still sits at.
        seatedRoomId: deps.seats?.seatOf(telegramId) ?? null,
        suspension: suspended
          ? { reason: suspended.reason, since: suspended.suspendedAt.toISOString() }
          : null,
      };
    },

    async setWalletAddress(telegramId, input) {
      const address = parseWalletAddress(input);
      try {
        const rows = await knex.raw<{
          rows: {
            wallet_address: string | null;
            wallet_source: WalletSource | null;
            wallet_verified_at: Date | null;
          }[];
        }>(
          `update users
              set wallet_source = case when wallet_address_raw = ? and wallet_source = 'ton_connect'
                                       then 'ton_connect' else 'typed' end,
                  wallet_verified_at = case when wallet_address_raw = ? then wallet_verified_at end,
                  wallet_address = ?, wallet_address_raw = ?, updated_at = now()
            where telegram_id = ? returning wallet_address, wallet_source, wallet_verified_at`,
          [address.raw, address.raw, address.friendly, address.raw, telegramId],
        );
        if (!rows.rows[0])
          throw new SvaraError('auth_validation_failed', `user ${telegramId} does not exist`);
        return walletInfoOf(rows.rows[0]);
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') {
          throw new SvaraError('addressAlreadyUsed', 'Wallet address already in use');
        }
        throw error;
      }
    },

    async referralInfo(telegramId) {
      const [referrals, profits, refBalance] = await Promise.all([
        knex.raw<{
          rows: {
            referred_id: string;
            username: string | null;
            first_name: string | null;
            qualified: boolean;
          }[];
        }>(
          `select r.referred_id, u.username, u.first_name, r.qualified
             from referrals r join users u on u.telegram_id = r.referred_id
            where r.referrer_id = ? order by r.created_at, r.referred_id`,
          [telegramId],
        ),
        knex.raw<{ rows: { referred_id: string; profit: string }[] }>(
          `select t.metadata->>'referredId' as referred_id, sum(t.amount) as profit
             from transfers t join accounts a on a.id = t.credit_account_id
            where a.kind = 'player_referral' and a.owner_id = ? and t.reason = ?
            group by 1`,
          [telegramId, REFERRAL_BONUS_REASON],
        ),
        ledger.ownedBalance(telegramId, 'player_referral'),
      ]);
      const profitOf = new Map(profits.rows.map((row) => [row.referred_id, Number(row.profit)]));
      const qualifiedCount = referrals.rows.filter((row) => row.qualified).length;
      const { level, percent } = referralLevel(qualifiedCount);
      return {
        referralLink: `https://t.me/${deps.botUsername}?start=ref_${telegramId}`,
        refBalance: centsToDollars(refBalance),
        refBonus: percent,
        level,
        referralCount: referrals.rows.length,
        qualifiedCount,
        referrals: referrals.rows.map((row) => ({
          username: row.username,
          firstName: row.first_name,
          profit: centsToDollars(profitOf.get(row.referred_id) ?? 0),
          qualified: row.qualified,
        })),
      };
    },
  };
}
