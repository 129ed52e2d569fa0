/**
 * Throughput of the table reducer: complete 6-player hands (deal with the fair shuffle, ante,
 * blind and open betting, showdown or svara, result display) played by random legal moves, for
 * about a second. Moves come from legalMoves, the same function the views use.
 *
 * A second figure deals decks shuffled beforehand (through the test-only dealFromDeck, which runs
 * the same deal as start_hand without the shuffle) to show what the reducer costs by itself.
 */
import type { Card } from '../src/cards.js';
import { shuffleCanonicalDeck } from '../src/shuffle.js';
import { applyAction, createTable, legalMoves, needsDeal, nextDeadline } from '../src/table/index.js';
import type { TableAction, TableState } from '../src/table/index.js';
import { dealFromDeck, mulberry32 } from '../src/table/test-support.js';

const STAKE = 100;
const BALANCE = 1_000_000;
const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

function seeds(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join(''),
  );
}

class Bench {
  state: TableState;
  now = 0;
  hands = 0;
  /** Players sat down again after the table stood them up. */
  reseated = 0;
  private next = 0;

  constructor(
    private readonly random: () => number,
    private readonly serverSeeds: readonly string[],
    private readonly decks: readonly Card[][] | null,
  ) {
    this.state = createTable({ roomId: 'bench', stake: STAKE });
    this.refill();
    this.reseated = 0;
  }

  apply(action: TableAction): void {
    const r = applyAction(this.state, action, this.now);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code}`);
    this.state = r.state;
  }

  /** Plays one hand (and its svara hands, if any) to the end of its result display. */
  playHand(): void {
    this.refill();
    do {
      this.hands += 1;
      const k = this.next++;
      const serverSeed = this.serverSeeds[k % this.serverSeeds.length]!;
      if (this.decks) {
        const r = dealFromDeck(this.state, this.decks[k % this.decks.length]!, this.now, serverSeed, 'bench');
        if (!r.ok) throw new Error(`deal refused: ${r.error.code}`);
        this.state = r.state;
      } else {
        this.apply({ type: 'start_hand', serverSeed, clientSeed: 'bench' });
      }
      while (this.state.status === 'blind_betting' || this.state.status === 'betting') this.move();
      while (this.state.status === 'svara_pending' && !this.state.svara!.ready) this.svaraMove();
    } while (needsDeal(this.state) && this.state.status === 'svara_pending');
    this.now = nextDeadline(this.state)!.at;
    this.apply({ type: 'tick' });
  }

  /**
   * Before each deal, every player is at the table with money to play: a low balance is topped up,
   * and a player the table stood up (RULES §6: below S when the table waits, as after losing an
   * all-in) sits down again, as a real player would after a deposit.
   */
  private refill(): void {
    for (const seat of this.state.seats) {
      if (seat.balance < BALANCE / 2) {
        this.apply({ type: 'set_balance', playerId: seat.playerId, balance: BALANCE });
      }
    }
    for (const id of PLAYERS) {
      if (this.state.seats.some((seat) => seat.playerId === id)) continue;
      this.apply({ type: 'sit', playerId: id, balance: BALANCE, username: id, avatar: null });
      this.reseated += 1;
    }
  }

  private move(): void {
    const h = this.state.hand!;
    const id = h.players[h.turn]!.playerId;
    const m = legalMoves(this.state, id);
    const r = this.random();
    this.now += 500;
    if (m.look) {
      if (m.blindBet !== null && r < 0.45) return this.apply({ type: 'blind_bet', playerId: id });
      return this.apply({ type: 'look', playerId: id });
    }
    if (m.raise && r < 0.12) {
      const amount = r < 0.02 ? m.raise.max : m.raise.min;
      return this.apply({ type: 'raise', playerId: id, amount });
    }
    if (r < 0.5) return this.apply({ type: 'fold', playerId: id });
    this.apply({ type: 'call', playerId: id });
  }

  private svaraMove(): void {
    const sv = this.state.svara!;
    const undecided = PLAYERS.find((id) => {
      const m = legalMoves(this.state, id);
      return m.joinSvara !== null || m.skipSvara;
    });
    if (!undecided) throw new Error('svara without deciders');
    const tied = sv.tied.includes(undecided);
    const join = tied ? this.random() < 0.8 : this.random() < 0.2;
    this.apply({ type: join ? 'join_svara' : 'skip_svara', playerId: undecided });
  }
}

/**
 * Timing settings: the defaults measure; BENCH_SMOKE=1 only checks that the paths run. The warm-up
 * plays `warmupHands` and at least `warmupMs`: on this machine the hands reach their steady speed
 * after 2–3 s of play (V8 compiles hot code again as it learns more, on a background thread), and a
 * figure taken after 2,000 hands (a tenth of a second) came out a third to a half low.
 */
export type HandsTiming = { durationMs: number; warmupHands: number; warmupMs?: number };

/**
 * Hands per second of wall time, and per second of the process's CPU time: on a shared machine the
 * first falls with the load while the second mostly holds.
 */
export type HandsMeasure = {
  handsPerSecond: number;
  handsPerCpuSecond: number;
  hands: number;
  reseated: number;
};

/**
 * Plays hands in rounds of 200 until at least `hands` are played and `ms` have passed; the number
 * played. The warm-up and the timed run share this loop, so the code V8 optimised while warming up
 * is the code timed.
 */
function playFor(bench: Bench, hands: number, ms: number): number {
  const start = performance.now();
  let played = 0;
  do {
    for (let i = 0; i < 200; i++) bench.playHand();
    played += 200;
  } while (played < hands || performance.now() - start < ms);
  return played;
}

function measure(decks: readonly Card[][] | null, timing: HandsTiming): HandsMeasure {
  const random = mulberry32(20_24);
  const bench = new Bench(random, seeds(random, 4096), decks);
  playFor(bench, timing.warmupHands, timing.warmupMs ?? 0);
  const startHands = bench.hands;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  playFor(bench, 0, timing.durationMs);
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const hands = bench.hands - startHands;
  return {
    handsPerSecond: Math.round((hands * 1000) / elapsed),
    handsPerCpuSecond: Math.round((hands * 1e6) / (cpu.user + cpu.system)),
    hands,
    reseated: bench.reseated,
  };
}

export function benchHands(timing: HandsTiming = { durationMs: 1000, warmupHands: 2000, warmupMs: 3000 }): {
  withShuffle: HandsMeasure;
  reducerOnly: HandsMeasure;
} {
  // The decks start_hand deals: the canonical cards in the shuffled order (the same card objects as
  // the measure with the shuffle, so the two measures run the same code on the same shapes).
  const decks = seeds(mulberry32(7), 1024).map((seed, i) => [...shuffleCanonicalDeck(seed, 'bench', i)]);
  return { withShuffle: measure(null, timing), reducerOnly: measure(decks, timing) };
}
