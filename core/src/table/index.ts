/**
 * The Svara table as a pure reducer (RULES.md §2–§6) and per-viewer views.
 *
 * How a runtime drives a table:
 *
 *   let state = createTable({ roomId, stake });
 *   const r = applyAction(state, action, Date.now());   // never mutates `state`
 *   if (r.ok) { persist(r.state); apply r.events (ledger transfers, sounds, logs); state = r.state }
 *   else reply with r.error.code (nothing changed)
 *   after every applied action:
 *     - needsDeal(state)    → dispatch { type: 'start_hand', serverSeed: <fresh 32 random bytes hex>, clientSeed }
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
 *   one action and are never stored: the server does not wait for animations.
 */
export { applyAction } from './apply.js';
export { createTable, DEFAULT_TIMINGS } from './create.js';
export { needsDeal, nextDeadline } from './clock.js';
export { legalMoves } from './moves.js';
export { viewFor } from './view.js';
export type {
  Deadline,
  Fairness,
  FoldReason,
  Hand,
  HandLogEntry,
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
  TransferReason,
} from './types.js';
