/**
 * Test-only helpers: a small DSL to build tables, deal stacked decks and play scripted hands.
 *
 * `dealFromDeck` is the one way to deal chosen cards. It is deliberately not exported from the
 * table's index and cannot be reached through applyAction, whose start_hand always deals from
 * shuffleDeck.
 */
import { CANONICAL_DECK, RANKS, type Card, type Rank, type Suit } from '../cards.js';
import type { Cents } from '../money.js';
import type { GameState } from '../protocol/game-state.js';
import { applyAction } from './apply.js';
import { createTable } from './create.js';
import { beginDraft, findSeat, playerIndex } from './draft.js';
import { dealHand } from './start-hand.js';
import type {
  HandPlayer,
  Seat,
  TableAction,
  TableEvent,
  TableResult,
  TableState,
  TableTimings,
} from './types.js';
import { viewFor } from './view.js';

export const SEED = 'ab'.repeat(32);
export const SEED_2 = 'cd'.repeat(32);
export const CLIENT_SEED = 'svara';

const SUIT_LETTERS: Record<string, Suit> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };
const SUIT_MARKS: Record<string, Suit> = { '♥': 'hearts', '♦': 'diamonds', '♣': 'clubs', '♠': 'spades' };

/** Cards from text such as "7c Kh Kd" or "7♣ K♥ K♦". */
export function cards(text: string): Card[] {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => {
      const rank = word.slice(0, -1).toUpperCase() as Rank;
      const mark = word.slice(-1);
      const suit = SUIT_LETTERS[mark.toLowerCase()] ?? SUIT_MARKS[mark];
      if (!RANKS.includes(rank) || !suit) throw new Error(`not a card: ${word}`);
      return { rank, suit };
    });
}

const key = (c: Card) => `${c.rank}${c.suit}`;

/**
 * A deck that deals `hands` (player id → 3 cards) to players dealt in `order` (turn order, the
 * player left of the dealer first), one card at a time; the other positions get unused cards.
 */
export function stackDeck(
  order: readonly string[],
  hands: Readonly<Record<string, readonly Card[]>>,
): Card[] {
  const n = order.length;
  const deck: (Card | null)[] = Array.from({ length: 32 }, () => null);
  const used = new Set<string>();
  order.forEach((id, k) => {
    const hand = hands[id];
    if (!hand) return;
    hand.forEach((card, r) => {
      if (used.has(key(card))) throw new Error(`card dealt twice: ${key(card)}`);
      used.add(key(card));
      deck[k + r * n] = card;
    });
  });
  const spare = CANONICAL_DECK.filter((c) => !used.has(key(c)));
  return deck.map((c) => c ?? { ...spare.shift()! });
}

/** Deals a hand from a given deck (test-only: see the file comment). */
export function dealFromDeck(
  state: TableState,
  deck: readonly Card[],
  now: number,
  serverSeed = SEED,
  clientSeed = CLIENT_SEED,
): TableResult {
  const d = beginDraft(state, now);
  dealHand(d, { serverSeed, clientSeed, deck });
  return { ok: true, state: d.s, events: d.events };
}

export type PlayerSpec = { id: string; balance?: Cents; position?: number };

export class TableError extends Error {
  constructor(
    readonly code: string,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** A table under test: the current state, the clock, and every event so far. */
export class TestTable {
  now = 1_000_000;
  events: TableEvent[] = [];
  lastEvents: TableEvent[] = [];

  constructor(public state: TableState) {}

  /** Applies an action; throws TableError when it is refused. */
  act(action: TableAction): this {
    const r = this.try(action);
    if (!r.ok) throw new TableError(r.error.code, r.error.detail);
    return this;
  }

  /** Applies an action and returns the result (the state only changes when it is accepted). */
  try(action: TableAction): TableResult {
    const r = applyAction(this.state, action, this.now);
    if (r.ok) this.accept(r);
    return r;
  }

  private accept(r: Extract<TableResult, { ok: true }>): void {
    this.state = r.state;
    this.lastEvents = r.events;
    this.events.push(...r.events);
  }

  wait(ms: number): this {
    this.now += ms;
    return this;
  }

  /** Real start_hand (shuffleDeck). */
  start(serverSeed = SEED, clientSeed = CLIENT_SEED): this {
    return this.act({ type: 'start_hand', serverSeed, clientSeed });
  }

  /**
   * Deals chosen cards. `dealer` pins the dealer's position (for an ordinary hand); `hands` maps
   * player ids to card text such as "A♥ A♦ 9♠". Players not listed get spare cards.
   */
  deal(opts: { dealer?: number; hands?: Record<string, string> } = {}): this {
    let state = this.state;
    if (opts.dealer !== undefined && state.status === 'waiting') {
      const dealer = state.seats.find((s) => s.position === opts.dealer);
      if (!dealer) throw new Error(`no player at ${opts.dealer}`);
      state = { ...state, dealerPosition: opts.dealer, lastWinnerId: dealer.playerId };
    }
    // Deal once to learn the order, then again with the stacked deck.
    const probe = dealFromDeck(state, CANONICAL_DECK, this.now);
    if (!probe.ok) throw new Error('deal failed');
    const order = probe.state.hand!.players.map((p) => p.playerId);
    const hands: Record<string, Card[]> = {};
    for (const [id, text] of Object.entries(opts.hands ?? {})) hands[id] = cards(text);
    const r = dealFromDeck(state, stackDeck(order, hands), this.now);
    if (r.ok) this.accept(r);
    return this;
  }

  blind(id: string) {
    return this.act({ type: 'blind_bet', playerId: id });
  }
  look(id: string) {
    return this.act({ type: 'look', playerId: id });
  }
  call(id: string) {
    return this.act({ type: 'call', playerId: id });
  }
  raise(id: string, amount: Cents) {
    return this.act({ type: 'raise', playerId: id, amount });
  }
  fold(id: string) {
    return this.act({ type: 'fold', playerId: id });
  }
  join(id: string) {
    return this.act({ type: 'join_svara', playerId: id });
  }
  skip(id: string) {
    return this.act({ type: 'skip_svara', playerId: id });
  }
  leave(id: string) {
    return this.act({ type: 'leave', playerId: id });
  }
  sit(id: string, balance: Cents, position?: number) {
    return this.act({ type: 'sit', playerId: id, balance, position, username: id, avatar: null });
  }
  /** Moves the clock to the next deadline and ticks. */
  timeout() {
    const h = this.state;
    const at =
      h.status === 'finished'
        ? h.result!.until
        : h.status === 'svara_pending'
          ? h.svara!.deadline
          : h.hand!.turnStartedAt! + h.timings.turnMs;
    this.now = Math.max(this.now, at);
    return this.act({ type: 'tick' });
  }

  /** The error code an action is refused with (throws if it is accepted). */
  refused(action: TableAction): string {
    const r = applyAction(this.state, action, this.now);
    if (r.ok) throw new Error(`${action.type} was accepted`);
    return r.error.code;
  }

  get status() {
    return this.state.status;
  }
  get pot() {
    return this.state.pot;
  }
  /** The id of the player on turn, or null. */
  get turn(): string | null {
    const h = this.state.hand;
    return h && h.turn >= 0 ? h.players[h.turn]!.playerId : null;
  }
  /** Player ids in turn order (the player left of the dealer first). */
  get order(): string[] {
    return this.state.hand!.players.map((p) => p.playerId);
  }
  seat(id: string): Seat {
    const seat = findSeat(this.state, id);
    if (!seat) throw new Error(`${id} is not seated`);
    return seat;
  }
  balance(id: string): Cents {
    return this.seat(id).balance;
  }
  player(id: string): HandPlayer {
    const h = this.state.hand!;
    return h.players[playerIndex(h, id)]!;
  }
  view(viewer: string | null): GameState {
    return viewFor(this.state, viewer, this.now);
  }
  /** Transfers of the whole test so far with a given reason. */
  transfers(reason?: string) {
    return this.events.filter(
      (e): e is Extract<TableEvent, { type: 'transfer' }> =>
        e.type === 'transfer' && (reason === undefined || e.reason === reason),
    );
  }
  /** sum(balances) + pot + house. */
  get money(): Cents {
    return this.state.seats.reduce((sum, s) => sum + s.balance, 0) + this.state.pot + this.state.houseTotal;
  }
}

/** A table with players seated at positions 1, 2, 3… (or as given). Stake 100 cents by default. */
export function table(opts: {
  stake?: Cents;
  players: (string | PlayerSpec)[];
  timings?: Partial<TableTimings>;
}): TestTable {
  const stake = opts.stake ?? 100;
  const t = new TestTable(createTable({ roomId: 'room-1', stake, timings: opts.timings }));
  opts.players.forEach((spec, i) => {
    const p = typeof spec === 'string' ? { id: spec } : spec;
    t.sit(p.id, p.balance ?? 100 * stake, p.position ?? i + 1);
  });
  return t;
}

/**
 * Sets a seated player's balance directly (for short stacks below the 10 × S needed to sit),
 * through set_balance as the runtime would after a wallet change.
 */
export function withBalance(t: TestTable, id: string, balance: Cents): TestTable {
  return t.act({ type: 'set_balance', playerId: id, balance });
}

/** mulberry32: a small seeded source of numbers in [0, 1), so a long run is repeatable. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
