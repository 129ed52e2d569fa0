/**
 * The service layer: what the HTTP routes, the realtime layer and the bot call. Everything that
 * touches money goes through `ledger`.
 */
import { createDesk, type DeskService } from './admin/desk.js';
import { signIn, type SignInResult } from './auth/sign-in.js';
import { createTokenVersions, type TokenVersions } from './auth/token-version.js';
import { createAccessTokens, type AccessTokenClaims, type AccessTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import { knexOf, type Orm } from './db/orm.js';
import { createHandHistory, type HandHistory } from './hands/history.js';
import { checkLedger, type LedgerCheckReport } from './ledger/check.js';
import { createLedger, type Ledger } from './ledger/ledger.js';
import { createWalletEvents, type WalletEvents } from './ledger/wallet-events.js';
import { createListeners, type Listeners } from './listeners.js';
import type { Logger } from './logger.js';
import { createNoticeOutbox, type NoticeOutbox } from './notices/outbox.js';
import { createPaymentsService, type PaymentsService } from './payments/payments.js';
import { createPasswordAttempts } from './rooms/password-attempts.js';
import { createPasswordBox } from './rooms/password-box.js';
import { createRoomsService, type RoomsService } from './rooms/rooms.js';
import type { TableDirectory } from './rooms/table-directory.js';
import { createSuspension, type Suspension } from './users/suspension.js';
import { createProtection, type ProtectionService } from './protection/protection.js';
import { createChips } from './practice/chips.js';
import { createPractice, type PracticeService } from './practice/practice.js';
import { createTournaments, type TournamentsService } from './tournaments/service.js';
import { createTonProofService, type TonProofService } from './users/ton-proof-service.js';
import { sandboxTonApi } from './payments/ton/sandbox-ton-api.js';
import { createToncenter } from './payments/ton/toncenter.js';
import { createWalletPay, type WalletPay } from './payments/ton/wallet-pay.js';
import { createUsersService, type UsersService } from './users/users.js';

export interface Services {
  config: Config;
  logger: Logger;
  orm: Orm;
  ledger: Ledger;
  users: UsersService;
  /** TON Connect: the withdrawal wallet linked by a ton_proof (users/ton-proof-service.ts). */
  tonProof: TonProofService;
  /**
   * TON Connect: a deposit paid from the connected wallet, the transaction built for it
   * (payments/ton/wallet-pay.ts); `close` stops the sandbox's fake TON API if it was started.
   */
  walletPay: WalletPay & { close(): Promise<void> };
  rooms: RoomsService;
  /** Operators suspend accounts: no seat, no new room, no deposit, no withdrawal (users/suspension.ts). */
  suspension: Suspension;
  /**
   * Player protection (api/src/protection): the agreement, deposit/loss/session limits, reality checks,
   * cool-off and self-exclusion, checked at room creation, sit-down and every deposit path.
   */
  protection: ProtectionService;
  /** Deposits, withdrawals, provider callbacks and the operators' review (api/src/payments). */
  payments: PaymentsService;
  /** What the bot's operators' desk reads: withdrawals to review, a player's card, /stats (api/src/admin). */
  desk: DeskService;
  /** Finished hands: a player's history, a replay, a shared hand's public summary (the bot's inline answers). */
  hands: HandHistory;
  /** Wallet changes made outside the tables; the realtime layer subscribes with `wallets.onChanged`. */
  wallets: WalletEvents;
  /** Notices the bot sends, written with the changes they tell of; `onWritten` wakes the bot's drain. */
  outbox: NoticeOutbox;
  /** Play chips, the house's practice tables and Play now (api/src/practice, RULES §8). */
  practice: PracticeService;
  /** Sit & Go tournaments (api/src/tournaments, RULES §9): registration, templates, cancel. */
  tournaments: TournamentsService;
  tokens: AccessTokens;
  /** users.token_version: raised by a sign-out (and a suspension) to revoke the user's tokens. */
  tokenVersions: TokenVersions;
  /**
   * A player signed out (their tokens revoked): the realtime layer drops their open sockets on every
   * node, so a token taken from them stops at once, not at its socket's next reconnect.
   */
  signedOut: Listeners<[userId: string]>;
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
  const tokenVersions = createTokenVersions(knex);
  const tokens = createAccessTokens(config.jwtSecret, undefined, tokenVersions);
  const outbox = createNoticeOutbox((error) => logger.error({ err: error }, 'outbox listener failed'));
  const suspension = createSuspension({ knex, logger });
  const protection = createProtection({ knex, logger, revokeTokens: (userId) => tokenVersions.bump(userId) });
  const rooms = createRoomsService({
    orm,
    ledger,
    suspension,
    protection,
    passwordBox: createPasswordBox(config.jwtSecret),
    passwordAttempts: createPasswordAttempts({ knex }),
    ...(options.tables ? { tables: options.tables } : {}),
  });
  const users = createUsersService({
    orm,
    ledger,
    botUsername: config.botUsername,
    seats: rooms,
    suspension,
    outbox,
  });
  const wallets = createWalletEvents((error) => logger.error({ err: error }, 'wallet listener failed'));
  const payments = createPaymentsService({
    config: config.payments,
    knex,
    ledger,
    wallets,
    outbox,
    operators: new Set(config.adminIds),
    logger,
    suspension,
    protection,
  });
  const practice = createPractice({
    knex,
    rooms,
    chips: createChips({ knex, ledger }),
    suspension,
    protection,
    logger,
  });
  const tournaments = createTournaments({
    knex,
    ledger,
    logger,
    suspension,
    protection,
    seatOf: (userId) => rooms.seatOf(userId),
    chips: practice.chips,
  });
  const desk = createDesk({
    knex,
    gateways: payments.gateways.all,
    seatedRooms: async () =>
      (await rooms.listOpen()).filter((room) => room.players.length > 0).map((room) => room.roomId),
    onMerchantError: (provider, error) => logger.warn({ err: error, provider }, 'merchant balance unknown'),
  });
  const localTonApi = config.tonApi.url === null ? sandboxTonApi() : null;
  const tonApiUrl = config.tonApi.url;
  const walletPay = createWalletPay({
    knex,
    usdtMaster: config.tonApi.usdtMaster,
    tonApi: createToncenter({
      baseUrl: tonApiUrl ? () => tonApiUrl : () => localTonApi!.url(),
      apiKey: config.tonApi.apiKey,
      timeoutMs: config.tonApi.timeoutMs,
    }),
  });
  return {
    config,
    logger,
    orm,
    ledger,
    users,
    walletPay: { ...walletPay, close: async () => localTonApi?.close() },
    tonProof: createTonProofService({ knex, settings: config.tonProof }),
    rooms,
    suspension,
    protection,
    payments,
    desk,
    hands: createHandHistory(knex),
    wallets,
    outbox,
    practice,
    tournaments,
    tokens,
    tokenVersions,
    signedOut: createListeners((error) => logger.error({ err: error }, 'sign-out listener failed')),
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
