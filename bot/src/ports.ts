/**
 * What the bot needs from the api's service layer, as shapes rather than imports: the api passes its
 * real services (they satisfy these structurally), and the bot builds without compiling the api.
 */
import type {
  DeskStats,
  DeskUserCard,
  DeskWithdrawal,
  HandSummary,
  ReferralInfo,
  RejectionPreset,
  TournamentTemplate,
  TournamentTemplateInput,
} from '@svara/core';

/** A player as the users service returns it (the fields the bot reads). */
export interface BotUser {
  telegramId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

/**
 * The fields the users service's upsert takes (the same call the Mini App sign-in makes): a player's
 * fields, with the Telegram id as `id`.
 */
export type TelegramProfile = Omit<BotUser, 'telegramId'> & { id: string };

export interface UsersPort {
  upsertFromTelegram(profile: TelegramProfile): Promise<BotUser>;
  get(telegramId: string): Promise<BotUser | null>;
  /** Stores the player's language; sign-ins (bot or Mini App) keep it from then on. */
  setLanguage(telegramId: string, language: string): Promise<BotUser>;
  /** Once per user, never oneself, only an existing referrer; true when recorded now. */
  recordReferrer(userId: string, referrerId: string): Promise<boolean>;
  referralInfo(telegramId: string): Promise<ReferralInfo>;
}

export interface LedgerPort {
  /** The player's game balance in cents. */
  walletBalance(userId: string): Promise<number>;
}

export interface RoomsPort {
  get(roomId: string): Promise<{ id: string; status: 'open' | 'closed'; stakeCents: number } | null>;
}

/** Plain SQL with `?` placeholders, answering rows (MikroORM's connection `execute`). */
export interface SqlConnection {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A withdrawal as the payments service's admin answers it (the fields the operators' desk reads). */
export interface ReviewedWithdrawal {
  id: string;
  status: string;
  decidedBy: string | null;
}

/** The operators' review of withdrawals (services.payments.admin). */
export interface WithdrawalReviewPort {
  admin: {
    withdrawals(status?: 'review' | 'pending' | 'all'): Promise<ReviewedWithdrawal[]>;
    /**
     * Once per withdrawal: a second decision is SvaraError('withdrawal_already_decided'); approving a
     * suspended player's is SvaraError('player_suspended'). A rejection's reason reaches the player.
     */
    decide(
      operatorId: string,
      orderId: string,
      decision: 'approve' | 'reject',
      reason?: { preset?: RejectionPreset; note?: string },
    ): Promise<ReviewedWithdrawal>;
  };
}

/** Account suspension by an operator (services.suspension). */
export interface SuspensionPort {
  suspend(userId: string, operatorId: string, reason: string): Promise<void>;
  unsuspend(userId: string, operatorId: string): Promise<void>;
}

/** What the operators' desk reads (services.desk, api/src/admin). */
export interface DeskPort {
  findUser(query: string): Promise<string | null>;
  userCard(userId: string): Promise<DeskUserCard | null>;
  withdrawal(orderId: string): Promise<DeskWithdrawal | null>;
  stats(): Promise<DeskStats>;
}

/** Sit & Go's as operators run them (services.tournaments, api/src/tournaments). */
export interface TournamentsPort {
  stats(): Promise<{ registering: number; running: number; finishedToday: number; cancelledToday: number }>;
  templates(): Promise<TournamentTemplate[]>;
  saveTemplate(id: string, input: TournamentTemplateInput): Promise<TournamentTemplate>;
  /** False when no registering or running Sit & Go has this id. */
  cancel(id: string, operatorId: string): Promise<boolean>;
}

/** An invoice as the payments service hands it to the bot (`services.payments.chatInvoice`). */
export interface ChatInvoice {
  trackerId: string;
  /** Opens the payment (Crypto Pay's bot_invoice_url; the sandbox's pay page in development). */
  payUrl: string;
  amountCents: number;
  /** ISO time after which it cannot be paid. */
  expiresAt: string;
  /** An open invoice of the same amount given again rather than a new one. */
  reused: boolean;
}

/** The invoice's state when its bot message was recorded, and the message it replaced. */
export type AttachedInvoice = (
  | { status: 'open'; amountCents: number }
  | { status: 'paid'; amountCents: number; creditedCents: number }
  | { status: 'expired'; amountCents: number }
) & { previous: { chatId: string; messageId: number } | null };

/** Deposits by invoice in the bot's chat (api/src/payments/invoice-messages.ts). */
export interface PaymentsPort {
  methods(): { invoice: boolean };
  /** SvaraError not_available, account_suspended, payment_provider_unavailable, invalid_amount. */
  chatInvoice(userId: string, amountCents: number): Promise<ChatInvoice>;
  attachInvoiceMessage(
    userId: string,
    trackerId: string,
    chatId: string | number,
    messageId: number,
  ): Promise<AttachedInvoice>;
}

/** A finished hand as anyone may see it: the fields an inline answer tells (amounts in dollars). */
export type SharedHand = Pick<
  HandSummary,
  'id' | 'handNumber' | 'currency' | 'stake' | 'pot' | 'players' | 'svara'
>;

/** Finished hands (services.hands, api/src/hands). */
export interface HandsPort {
  /** The hand as a spectator saw it, or null for an id that is not a finished hand (malformed too). */
  publicSummary(handId: string): Promise<SharedHand | null>;
}

export interface BotServices {
  users: UsersPort;
  ledger: LedgerPort;
  rooms: RoomsPort;
  /** The operators' desk: /withdrawals, /user, /stats (bot/src/operators). */
  desk: DeskPort;
  payments: WithdrawalReviewPort & PaymentsPort;
  suspension: SuspensionPort;
  /** Shared hands' public summaries for inline answers (bot/src/inline). */
  hands: HandsPort;
  /** Sit & Go's: /stats counts them, /sng, /sng_set and /sng_cancel (bot/src/operators). */
  tournaments?: TournamentsPort;
  orm: { em: { getConnection(): SqlConnection } };
}

/** The subset of a pino logger the bot writes to. */
export interface BotLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
