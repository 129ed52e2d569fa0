/**
 * The data of a table: what the server persists after every action (plain JSON: no Map, Set,
 * class, Date or undefined), the actions it applies and the events it gets back.
 *
 * Money is integer cents throughout. The invariant kept by every action:
 * sum(seat balances) + pot + houseTotal changes only by `sit`, `set_balance` and a seat leaving
 * the table (money that enters or leaves with a player's wallet), never by play.
 * At a Sit & Go's table (`tournament`) a seat's balance is the player's tournament chips, kept in
 * their stack account (tournamentStackReference), and no 5 % share is taken (RULES §9).
 */
import type { Card } from '../cards.js';
import type { ErrorCode } from '../errors.js';
import type { Cents } from '../money.js';
import type { RoomCurrency } from '../protocol/currency.js';
import type { LastAction, TableStatus } from '../protocol/game-state.js';
import type { SoundName } from '../protocol/socket.js';

export type { TableStatus };

export type TableTimings = {
  /** How long a player has for a turn before the server folds them (RULES §6). */
  turnMs: number;
  /** How long the svara join window stays open (RULES §5). */
  svaraMs: number;
  /** How long the result of a hand is shown before the next one may start (RULES §6). */
  resultMs: number;
  /** How long a player may stay away before the seat is freed (RULES §6: five minutes). */
  awayMs: number;
};

export type TableConfig = {
  roomId: string;
  /** The room's stake S (minBet), in cents. */
  stake: Cents;
  /** Number of seats, positions 1..maxSeats. Default 6. */
  maxSeats?: number;
  timings?: Partial<TableTimings>;
  /** Play chips at a practice table (RULES §8); dollars when absent. */
  currency?: RoomCurrency;
  /** A Sit & Go's table (RULES §9): plays for tournament chips ('chips'), the stake is the ante. */
  tournament?: TournamentConfig;
};

/** What a Sit & Go's table is told when it opens (RULES §9). */
export type TournamentConfig = {
  id: string;
  size: number;
  /** The first level's ante in minor units (a chip is 100); doubles every `handsPerLevel` hands. */
  startingAnte: Cents;
  handsPerLevel: number;
  /** Prize by place in the tournament's own currency (shown in frames only). */
  prizes: Cents[];
  prizeCurrency: RoomCurrency;
};

/** A Sit & Go's table's own state (RULES §9). */
export type TableTournament = TournamentConfig & {
  /** Ordinary hands dealt so far (a svara hand has no ante and does not count). */
  handsDealt: number;
  /** Each player's chips when the last ordinary hand was dealt, in turn order (dealer's left first). */
  chipsAtStart: { playerId: string; chipsAtStart: Cents }[];
  /** Players out with their places, and the winner (place 1) once finished. */
  places: { playerId: string; place: number }[];
  /** One player holds every chip: no more hands. */
  finished: boolean;
};

/** A seated player. Balance mirrors the player's wallet; play moves it through transfers. */
export type Seat = {
  playerId: string;
  /** 1..maxSeats; clockwise is increasing position, wrapping from the last seat to 1. */
  position: number;
  username: string | null;
  avatar: string | null;
  balance: Cents;
  /**
   * When a turn time-out made this player away (RULES §6), or null while present. An away player is
   * dealt no hand until they say they are back (the `back` action).
   */
  awaySince: number | null;
  /** Ordinary hands dealt without this player since they went away (stood up at AWAY_HANDS_LIMIT). */
  handsAway: number;
  /** Left the room while still in the hand: folded, stood up when the hand (or its svara) ends. */
  leaving: boolean;
  /** Balance below S when a hand started: not dealt in, stood up when that hand ends. */
  sittingOut: boolean;
  /** Net amount this player received at the last settlement (lastWinAmount on the wire). */
  lastWin: Cents;
  /** A house player (RULES §8: practice tables only); absent for a person. */
  house?: true;
};

export type FoldReason = 'fold' | 'timeout' | 'leave';

/** One player's part in the current (or just finished) hand. */
export type HandPlayer = {
  playerId: string;
  position: number;
  /** The three dealt cards: secret until the rules reveal them. */
  cards: Card[];
  /** scoreHand(cards), computed once at the deal. */
  score: number;
  folded: boolean;
  foldReason: FoldReason | null;
  /** Put their whole balance in: takes no further action (RULES §3). */
  allIn: boolean;
  /** Total paid into the pot in this hand (ante, blind bets, calls, raises). */
  paid: Cents;
  /** The amount of this player's last payment in the hand (currentBet on the wire). */
  lastBet: Cents;
  lastAction: LastAction | null;
  /** Has acted since the last blind bet or raise (or since betting began, if none): RULES §2.7. */
  acted: boolean;
  /** Reached the showdown: the cards are shown to everyone. */
  revealed: boolean;
};

export type HandPhase = 'blind' | 'open' | 'over';

export type Hand = {
  number: number;
  /** A svara hand: dealt to the svara participants, no ante, the svara pot as base pot. */
  svara: boolean;
  /**
   * Secret until the hand is over (then in `TableState.fairness.revealedSeed`). The deck is
   * shuffleDeck(serverSeed, clientSeed, number) and is not kept: the dealt cards are the players'.
   */
  serverSeed: string;
  clientSeed: string;
  /** The seated players' own client seeds mixed into `clientSeed` (absent in hands dealt before them). */
  playerSeeds?: PlayerSeed[];
  commitment: string;
  dealerPosition: number;
  /** Dealt players in turn order: the first is the player left of the dealer (RULES §2.4, §2.5). */
  players: HandPlayer[];
  /** 'blind' until someone looks, 'open' after, 'over' once betting has ended. */
  phase: HandPhase;
  /** Someone looked: from then on every dealt player sees their own cards (RULES §2.5). */
  looked: boolean;
  /** Last blind bet B in cents, 0 when nobody has bet blind. */
  lastBlind: Cents;
  /** The open level L in cents (0 during blind betting): what a call costs. */
  level: Cents;
  /** Index into `players` of the last player to set the level by a blind bet or a raise, or -1. */
  aggressor: number;
  hasRaiseMax: boolean;
  /** Index of the player who looked and must act at once, or -1. */
  looker: number;
  /** Index into `players` of the player on turn, or -1. */
  turn: number;
  turnStartedAt: number | null;
  /** Money that was on the table before this hand's first bet (a svara pot with its joins). */
  basePot: Cents;
  /** The hand's log, oldest first, at most LOG_LIMIT entries. */
  log: HandLogEntry[];
};

/** A seated player's client seed as it went into a hand (RULES §7). */
export type PlayerSeed = { playerId: string; seed: string };

export type HandLogEntry = {
  playerId: string | null;
  type: string;
  at: number;
  amount: Cents | null;
};

/** An open or decided svara (RULES §5); the tied hand stays in `TableState.hand` meanwhile. */
export type Svara = {
  /** The tied players, clockwise from the dealer: they take part for free unless they skip. */
  tied: string[];
  /** Who takes part now: tied players who did not skip, and players who joined. */
  participants: string[];
  /** Who has decided (joined, confirmed or skipped); a decision is final. */
  decided: string[];
  /** What a non-tied player pays to join: the carried pot ÷ tied players, rounded up. */
  share: Cents;
  /** The main layer carried from the tied hand (join payments are added to `TableState.pot`). */
  carried: Cents;
  /** When the join window closes. */
  deadline: number;
  /** The window has closed with two or more participants: start_hand deals the svara hand. */
  ready: boolean;
};

/** The public record of the last hand for the fairness panel. */
export type Fairness = {
  handNumber: number;
  commitment: string;
  clientSeed: string;
  /** The seated players' seeds mixed into `clientSeed`; empty when none (the default seed). */
  playerSeeds: PlayerSeed[];
  /** Only once the hand is over. */
  revealedSeed: string | null;
};

export type TableState = {
  roomId: string;
  stake: Cents;
  maxSeats: number;
  timings: TableTimings;
  /** 'chips' at a practice table (RULES §8); absent at a dollar table (and in states stored before it). */
  currency?: RoomCurrency;
  /** A Sit & Go's table (RULES §9); absent at a cash or practice table. */
  tournament?: TableTournament;
  /** 'ante' and 'showdown' are passed through within one action and never stored. */
  status: TableStatus;
  /** Occupied seats, sorted by position. */
  seats: Seat[];
  /** Number of the last hand dealt, 0 before the first. roomId + handNumber identifies a hand. */
  handNumber: number;
  /** Last `seq` used by a transfer of hand `handNumber`. */
  seq: number;
  /** Money on the table: the hand's pot, or the svara pot with its joins. */
  pot: Cents;
  /** Everything the house has taken at this table. */
  houseTotal: Cents;
  /** House share taken at the last settlement (the tax shown), 0 from the next deal. */
  tax: Cents;
  /** Dealer position of the last hand dealt, null before the first hand. */
  dealerPosition: number | null;
  /** Winner of the last finished hand (main pot), for the next dealer choice. */
  lastWinnerId: string | null;
  /** The hand in play, or the hand just finished (for its result and revealed cards). */
  hand: Hand | null;
  svara: Svara | null;
  /** While the result is shown (status 'finished'): until when, and who won. */
  result: { winners: string[]; until: number } | null;
  fairness: Fairness | null;
  /**
   * SHA-256 of the server seed the next hand is dealt with (RULES §7), from the moment that hand is
   * foreseeable (a waiting table, or the hand before it over) until it is dealt: the seed is chosen
   * before the players' contributions to that hand's client seed, which count only if sent while
   * this is shown (FAIRNESS.md §6), and start_hand takes no other seed.
   * Null while a hand is in play, and at a table whose runtime commits no seed ahead (the start_hand
   * seed is then checked against nothing). States stored before it existed lack it: read it `?? null`.
   */
  nextCommitment: string | null;
};

export type MoneyParty = { kind: 'player'; playerId: string } | { kind: 'pot' } | { kind: 'house' };

export type TransferReason =
  'ante' | 'blind_bet' | 'call' | 'raise' | 'svara_join' | 'payout' | 'house_share' | 'refund';

/**
 * Why a seat was taken or freed. 'sat_out': the balance was below S (the player sat a hand out, or
 * blocked the only possible deal); 'away': away for AWAY_HANDS_LIMIT hands or `awayMs` (RULES §6).
 */
export type SeatChangeReason = 'sat' | 'left' | 'sat_out' | 'away' | 'out' | 'won';

export type TableEvent =
  | {
      type: 'transfer';
      handNumber: number;
      /** Strictly increasing within a hand: (roomId, handNumber, seq) is the ledger's idempotency key. */
      seq: number;
      from: MoneyParty;
      to: MoneyParty;
      amount: Cents;
      reason: TransferReason;
    }
  | { type: 'sound'; name: SoundName }
  | {
      type: 'hand_started';
      handNumber: number;
      commitment: string;
      clientSeed: string;
      svara: boolean;
      dealerPosition: number;
      playerIds: string[];
    }
  | {
      /** The hand's play is over and its seed is revealed; with `svaraPending` its main pot waits. */
      type: 'hand_finished';
      handNumber: number;
      serverSeed: string;
      clientSeed: string;
      /** Players paid from a pot at this settlement (main pot winners first). */
      winners: string[];
      houseShare: Cents;
      showdown: boolean;
      svaraPending: boolean;
    }
  | { type: 'seat_changed'; playerId: string; seated: boolean; position: number; reason: SeatChangeReason }
  | { type: 'svara_opened'; handNumber: number; tied: string[]; pot: Cents; share: Cents; deadline: number }
  | {
      type: 'svara_resolved';
      handNumber: number;
      /** 'hand': a svara hand will be dealt; 'single': one participant took the pot; 'split': nobody took part. */
      outcome: 'hand' | 'single' | 'split';
      participants: string[];
      winners: string[];
      houseShare: Cents;
    }
  /**
   * A Sit & Go (RULES §9): players went out after a hand (seat_changed 'out') with these places, and
   * with `finished` the last player (place 1) holds every chip (seat_changed 'won').
   */
  | {
      type: 'tournament_places';
      tournamentId: string;
      handNumber: number;
      places: { playerId: string; place: number }[];
      finished: boolean;
    };

export type TableAction =
  | {
      type: 'sit';
      playerId: string;
      /** 1..maxSeats; the first free seat when absent. */
      position?: number;
      balance: Cents;
      username: string | null;
      avatar: string | null;
      /** A house player: accepted only at a practice table (RULES §8). */
      house?: boolean;
    }
  /** In the hand: folds, and the seat is freed when the hand ends. Otherwise freed at once. */
  | { type: 'leave'; playerId: string }
  /** An away player is back: dealt in again from the next hand (RULES §6). */
  | { type: 'back'; playerId: string }
  /** The wallet changed outside the table (deposit, withdrawal): the table mirrors it. */
  | { type: 'set_balance'; playerId: string; balance: Cents }
  /** Deals the next hand (or the ready svara hand) from shuffleDeck(serverSeed, clientSeed, n). */
  | {
      type: 'start_hand';
      serverSeed: string;
      clientSeed: string;
      /** The seated players' seeds; when given, `clientSeed` must be combineClientSeeds of them. */
      playerSeeds?: PlayerSeed[];
    }
  | PlayerMove
  /** `amount` is R, paid now: 2L ≤ R ≤ cap (RULES §2.6, §3). */
  | { type: 'raise'; playerId: string; amount: Cents }
  /**
   * The clock reached nextDeadline: turn time-out, svara window close, end of the result display,
   * and/or an away player's time is up.
   */
  | { type: 'tick' };

export type PlayerMoveType = 'blind_bet' | 'look' | 'call' | 'fold' | 'join_svara' | 'skip_svara';

/** `{ type: 'blind_bet' | 'look' | 'call' | 'fold' | 'join_svara' | 'skip_svara'; playerId }`, one member per type. */
export type PlayerMove = { [T in PlayerMoveType]: { type: T; playerId: string } }[PlayerMoveType];

export type TableError = { code: ErrorCode; detail?: string };

export type TableResult =
  { ok: true; state: TableState; events: TableEvent[] } | { ok: false; error: TableError };

/** 'away': the earliest moment an away player who is not in play must be stood up. */
export type Deadline = { at: number; kind: 'turn' | 'svara' | 'result' | 'away' };

/** The viewer's legal moves in cents (viewFor turns them into dollars). */
export type LegalMoves = {
  blindBet: Cents | null;
  look: boolean;
  call: { amount: Cents; allIn: boolean } | null;
  raise: { min: Cents; max: Cents } | null;
  fold: boolean;
  joinSvara: { amount: Cents; free: boolean } | null;
  skipSvara: boolean;
};
