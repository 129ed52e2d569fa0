/**
 * The Svara table as a pure reducer (RULES.md §2–§6) and per-viewer views.
 *
 * How a runtime drives a table:
 *
 *   let state = createTable({ roomId, stake });
 *   const r = applyAction(state, action, Date.now());   // never mutates `state`
 *   if (r.ok) { persist(r.state); apply r.events (ledger transfers, sounds, logs); state = r.state }
 *   else reply with r.error.code (nothing changed)
 *   for the new table, and for every action's state before it is persisted and published:
 *     - awaitsNextSeed(state) → draw the next hand's seed (32 random bytes hex), keep it secret and
 *                               safe, state = commitNextSeed(state, seedCommitment(seed))
 *   after every applied action:
 *     - needsDeal(state)    → dispatch { type: 'start_hand', serverSeed: <that seed>, clientSeed }
 *     - nextDeadline(state) → (re)arm one timer; at `at` dispatch { type: 'tick' } with now ≥ at
 *     - push viewFor(state, viewerId, now) to every viewer (each player, and spectators with null)
 *
 * Contracts:
 * - TableState is plain JSON data; persist it after every action and resume from it after a crash.
 * - Money is integer cents. sum(seat balances) + pot + houseTotal only changes through `sit`,
 *   `set_balance` and seats that are freed (a player takes their wallet with them); play only moves
 *   money between players, the pot and the house, and every such move is a `transfer` event.
 * - `transfer.seq` is strictly increasing within a hand; (roomId, handNumber, seq) is unique and
 *   serves as the ledger's idempotency key. Transfers during a svara window (joins, the final payout)
 *   belong to the hand that tied.
 * - Events in order: `hand_started` (seed commitment, shown before any card), ante transfers, turns…,
 *   `hand_finished` (seed revealed) when a hand's play is over, `svara_opened` / `svara_resolved`,
 *   `seat_changed` whenever a seat is taken or freed (leavers are freed when their hand ends).
 * - Errors change nothing; codes come from ERROR_CODES (core/src/errors.ts).
 * - No clock and no ambient randomness: time is `now`, randomness is the start_hand seed (deck and
 *   first dealer). The deck always comes from shuffleDeck(serverSeed, clientSeed, handNumber).
 * - Statuses as stored: waiting → blind_betting → betting → finished (result display, `resultMs`) →
 *   waiting, or → svara_pending → (svara hand) blind_betting … . 'ante' and 'showdown' happen inside
 *   one action and are never stored: the server does not wait for animations. The result display
 *   ('finished') keeps the hand, so the cards shown at the showdown stay visible for `resultMs`.
 *
 * Readings of RULES.md where its text leaves room:
 * - Every call pays L in full (bets are not topped up to a total): a blind bet of B stands for an
 *   open bet of 2B, so the last blind bettor does not act again if nobody raised after the look.
 * - Side pots are cut at the amounts the all-in players put in; a live player who is not all-in is
 *   eligible for every layer (paying less in cash thanks to blind bets is not matching less). A
 *   layer holding only its winner's own money is handed back untaxed as a 'refund'.
 * - A short all-in call does not lower L. All-in = the balance reached 0 by paying (sticky for the
 *   hand, even if a deposit arrives).
 * - The raise cap uses the balances of the other live players who are not all-in; with none, no
 *   raise is possible. hasRaiseMax holds for the rest of the hand.
 * - When at most one player can still act and no bet is waiting for an answer, betting ends at once
 *   (a lone player could only bet against themself).
 * - A look restarts the looker's 15 s: they act on new information.
 * - Time-outs and leaving fold in blind betting too (the only folds without a look).
 * - The dealer is always a player dealt in: the previous winner if dealt in, else the next dealt
 *   player clockwise from the previous dealer. After a split pot, the first winner clockwise from
 *   the dealer counts as the winner. A svara hand keeps the dealer even if they do not take part.
 * - Svara: "everyone has decided" counts the tied players and every seated player who could pay
 *   the share (not leaving, not sitting out). Undecided tied players take part when the window
 *   closes; undecided others do not. A joiner who leaves forfeits the payment. A tied player who
 *   leaves skips, keeps the seat until the svara is decided, and shares a split.
 * - House share: 5% of each pot layer paid out, rounded down per layer.
 * - Away (RULES §6): a turn time-out makes the player away (`Seat.awaySince`) until the `back`
 *   action. "Hands dealt without them" counts ordinary deals only (a svara hand is the tied hand's
 *   pot played on). The seat is freed at the end of the third such hand, or by a tick once
 *   `awayMs` has passed (nextDeadline includes that moment, kind 'away'; gameDeadline does not).
 * - A player below S is stood up at once when the table waits and no hand can start because of
 *   them (fewer than two can pay, but two or more present); with two who can pay, they sit the hand
 *   out and are stood up after it. Both are `seat_changed` with reason 'sat_out'.
 */
export { applyAction } from './apply.js';
export { createTable, DEFAULT_TIMINGS } from './create.js';
export { gameDeadline, needsDeal, nextDeadline } from './clock.js';
export { legalMoves, NO_MOVES } from './moves.js';
export { awaitsNextSeed, commitNextSeed } from './next-seed.js';
export { NO_ALLOWED_ACTIONS, viewFor, viewerPart } from './view.js';
export type {
  Deadline,
  Fairness,
  FoldReason,
  Hand,
  HandLogEntry,
  PlayerSeed,
  HandPhase,
  HandPlayer,
  LegalMoves,
  MoneyParty,
  PlayerMove,
  PlayerMoveType,
  Seat,
  SeatChangeReason,
  Svara,
  TableAction,
  TableConfig,
  TableError,
  TableEvent,
  TableResult,
  TableState,
  TableTimings,
  TableTournament,
  TournamentConfig,
  TransferReason,
} from './types.js';
