/**
 * What the operators' desk shows (the api's admin queries answer it, the bot's /user, /withdrawals
 * and /stats render it): one player's card, one withdrawal under review, the day's numbers. Money in
 * cents.
 */

import type { Rejection } from './protocol/rest.js';

export interface DeskPlayer {
  telegramId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

/** A room the player put money into, with how many of its hands they played. */
export interface DeskTable {
  roomId: string;
  stakeCents: number | null;
  hands: number;
  lastPlayedAt: Date;
}

export interface DeskTablesPlayed {
  rooms: number;
  hands: number;
  recent: DeskTable[];
}

export interface DeskPayment {
  type: 'deposit' | 'withdrawal';
  method: string;
  amountCents: number | null;
  status: string;
  createdAt: Date;
}

export interface DeskSuspension {
  at: Date;
  reason: string | null;
  by: string | null;
}

export interface DeskUserCard {
  player: DeskPlayer;
  balanceCents: number;
  referralCents: number;
  depositedCents: number;
  withdrawnCents: number;
  payments: DeskPayment[];
  tables: DeskTablesPlayed;
  suspension: DeskSuspension | null;
}

export interface DeskOperator {
  telegramId: string;
  username: string | null;
  firstName: string | null;
}

export interface DeskWithdrawal {
  id: string;
  amountCents: number;
  method: 'address' | 'cryptobot';
  address: string | null;
  /** The address proven with TON Connect, or typed by the player (when asked); null: cryptobot. */
  addressSource: 'typed' | 'ton_connect' | null;
  /** payment_transactions.status: `review` while it waits for an operator. */
  status: string;
  reviewReason: string | null;
  createdAt: Date;
  /** The operator's decision; null while in review (or for a withdrawal that never was). */
  decision: {
    outcome: 'approved' | 'rejected';
    by: DeskOperator;
    at: Date;
    /** A rejection's reason as the player was told it. */
    rejection: Rejection | null;
  } | null;
  player: DeskPlayer;
  /** The player's account is suspended now: an approval is refused (`player_suspended`). */
  suspension: DeskSuspension | null;
  depositedCents: number;
  withdrawnCents: number;
  recentTables: DeskTable[];
}

/** One kind of money owed to players (a ledger account kind) and what its accounts hold now. */
export interface Liability {
  kind: string;
  cents: number;
}

export interface MerchantBalance {
  provider: string;
  /** Null when the provider does not tell it, failed or did not answer in time. */
  cents: number | null;
}

export interface DeskStats {
  at: Date;
  /** All accounts; active today = signed in today (users.updated_at) or paid into a hand today. */
  players: { total: number; activeToday: number };
  /** Open rooms with a hand running (database) or players seated (this node's table runtime). */
  tablesRunning: number;
  /** Hands dealt since midnight UTC (voided ones not counted). */
  handsToday: number;
  /** What the hands' escrows (the pots) hold now. */
  onTablesCents: number;
  /** Ledger transfers into the house: tables' share (`house_share`) and deposit fees (`deposit_fee`). */
  house: { todayCents: number; monthCents: number; tablesTodayCents: number; feesTodayCents: number };
  depositsToday: { count: number; cents: number };
  withdrawalsToday: { count: number; cents: number };
  pendingReviews: number;
  /**
   * Everything the house owes players, by ledger account kind: wallets, referral balances,
   * withdrawals held (in review or on their way), the pots in hand escrows, and any other money kept
   * for players (tournaments, when they exist). Its total is `liabilitiesCents`.
   */
  liabilities: Liability[];
  liabilitiesCents: number;
  merchants: MerchantBalance[];
  /** The known merchants' balances together; null when none is known. */
  merchantCents: number | null;
  /** merchantCents / liabilitiesCents; null when either is unknown or nothing is owed. */
  coverage: number | null;
}
