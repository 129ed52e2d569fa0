/**
 * The service layer: what the HTTP routes, the realtime layer and the bot call. Everything that
 * touches money goes through `ledger`.
 */
import { signIn, type SignInResult } from './auth/sign-in.js';
import { createAccessTokens, type AccessTokenClaims, type AccessTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import { knexOf, type Orm } from './db/orm.js';
import { createPlayerNotices, type PlayerNotices } from './finances/notices.js';
import { checkLedger, type LedgerCheckReport } from './ledger/check.js';
import { createLedger, type Ledger } from './ledger/ledger.js';
import { createWalletEvents, type WalletEvents } from './ledger/wallet-events.js';
import type { Logger } from './logger.js';
import { createPaymentsService, type PaymentsService } from './payments/payments.js';
import { createPasswordBox } from './rooms/password-box.js';
import { createRoomsService, type RoomsService } from './rooms/rooms.js';
import type { TableDirectory } from './rooms/table-directory.js';
import { createUsersService, type UsersService } from './users/users.js';

export interface Services {
  config: Config;
  logger: Logger;
  orm: Orm;
  ledger: Ledger;
  users: UsersService;
  rooms: RoomsService;
  /** Deposits, withdrawals, provider callbacks and the operators' review (api/src/payments). */
  payments: PaymentsService;
  /** Wallet changes made outside the tables; the realtime layer subscribes with `wallets.onChanged`. */
  wallets: WalletEvents;
  /** Deposits credited and referral bonuses paid; the bot, when it runs, tells the player. */
  notices: PlayerNotices;
  tokens: AccessTokens;
  /** POST /auth/login's work: init data → user (created or refreshed) and an access token. */
  signIn(request: { initData: string; startPayload?: string | null }): Promise<SignInResult>;
  /** The access token's user, or SvaraError('auth_validation_failed'). For the socket handshake. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  /** The ledger's invariants (sum zero, balances match transfers, none negative). */
  checkLedger(): Promise<LedgerCheckReport>;
}

export interface CreateServicesOptions {
  config: Config;
  logger: Logger;
  orm: Orm;
  /** The realtime runtime's view of the tables; can also be attached later with rooms.useTableDirectory. */
  tables?: TableDirectory;
}

export function createServices(options: CreateServicesOptions): Services {
  const { config, logger, orm } = options;
  const knex = knexOf(orm);
  const ledger = createLedger(knex);
  const tokens = createAccessTokens(config.jwtSecret);
  const rooms = createRoomsService({
    orm,
    ledger,
    passwordBox: createPasswordBox(config.jwtSecret),
    ...(options.tables ? { tables: options.tables } : {}),
  });
  const users = createUsersService({ orm, ledger, botUsername: config.botUsername, seats: rooms });
  const wallets = createWalletEvents((error) => logger.error({ err: error }, 'wallet listener failed'));
  const notices = createPlayerNotices((error) => logger.error({ err: error }, 'notice listener failed'));
  const payments = createPaymentsService({ config: config.payments, knex, ledger, wallets, notices, logger });
  return {
    config,
    logger,
    orm,
    ledger,
    users,
    rooms,
    payments,
    wallets,
    notices,
    tokens,
    signIn: (request) =>
      signIn(
        {
          botToken: config.botToken,
          initDataMaxAgeSeconds: config.initDataMaxAgeSeconds,
          users,
          ledger,
          tokens,
        },
        request,
      ),
    verifyAccessToken: (token) => tokens.verify(token),
    checkLedger: () => checkLedger(knex),
  };
}
