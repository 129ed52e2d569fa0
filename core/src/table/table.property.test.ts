/**
 * Properties of random tables: 2–6 players with random balances play many hands by random legal
 * moves taken from the views' allowedActions, with time-outs, leaves, new players, wallet changes,
 * svaras and illegal attempts mixed in. After every action:
 * - the input state was not mutated (it is deep-frozen) and the new state is plain JSON;
 * - every money movement is a transfer event with a seq rising within its hand, and replaying the transfers on a shadow ledger gives
 *   exactly the table's balances, pot and house total (so money is conserved); no balance is
 *   negative and every amount is integer cents;
 * - no view (each player, a spectator, a stranger) shows a card the rules have not revealed to that
 *   viewer, the deck, or the seed before the reveal; every view fits the wire schema; a seated
 *   viewer's own part (viewerPart) is exactly what their view adds to the spectator's;
 * - what allowedActions offers is accepted, and a move it does not offer is refused;
 * - every hand ends within a bounded number of actions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollarsToCents, isCents } from '../money.js';
import { compactGameState, gameStateSchema } from '../protocol/game-state.js';
import { applyAction } from './apply.js';
import { needsDeal, nextDeadline } from './clock.js';
import { createTable } from './create.js';
import { legalMoves } from './moves.js';
import type { TableAction, TableEvent, TableState } from './types.js';
import { viewerPart, viewFor } from './view.js';

/** Small deterministic PRNG (mulberry32) for the walk; fast-check picks its seed and the scenario. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const MAX_HAND_ACTIONS = 400;

type Shadow = { balances: Map<string, number>; pot: number; house: number; lastSeq: Map<number, number> };

function replay(shadow: Shadow, events: readonly TableEvent[]): void {
  for (const e of events) {
    if (e.type !== 'transfer') continue;
    expect(isCents(e.amount) && e.amount > 0).toBe(true);
    // (handNumber, seq) is the ledger's idempotency key: seq rises strictly within a hand.
    expect(e.seq).toBeGreaterThan(shadow.lastSeq.get(e.handNumber) ?? 0);
    shadow.lastSeq.set(e.handNumber, e.seq);
    const take = (p: typeof e.from, sign: number) => {
      if (p.kind === 'pot') shadow.pot += sign * e.amount;
      else if (p.kind === 'house') shadow.house += sign * e.amount;
      else shadow.balances.set(p.playerId, (shadow.balances.get(p.playerId) ?? 0) + sign * e.amount);
    };
    take(e.from, -1);
    take(e.to, +1);
  }
}

function checkViews(s: TableState, now: number, extraViewer: string): void {
  const h = s.hand;
  const viewers: (string | null)[] = [null, extraViewer, ...s.seats.map((seat) => seat.playerId)];
  const seedSecret = h && h.phase !== 'over' ? h.serverSeed : null;
  for (const viewer of viewers) {
    const v = viewFor(s, viewer, now);
    const json = JSON.stringify(v);
    if (seedSecret) expect(json.includes(seedSecret)).toBe(false);
    expect(json.includes('"deck"')).toBe(false);
    for (const pv of v.players) {
      if (pv.cards === null) continue;
      const hp = h?.players.find((p) => p.playerId === pv.id);
      expect(hp).toBeDefined();
      const allowed = hp!.revealed || (pv.id === v.viewerId && h!.looked);
      expect(allowed).toBe(true);
      expect(pv.cards).toEqual(hp!.cards);
    }
    const shown = v.players.reduce((n, pv) => n + (pv.cards?.length ?? 0), 0);
    expect(shown).toBeLessThanOrEqual(3 * (h?.players.length ?? 0));
    const part = viewer === null ? null : viewerPart(s, viewer);
    if (v.viewerId === null) expect(part).toBeNull();
    else {
      const seat = v.players[part!.index]!;
      expect(seat.id).toBe(viewer);
      expect(part!.allowedActions).toEqual(v.allowedActions);
      // Null: the viewer's seat is exactly the spectator's; otherwise it is what the view shows.
      expect(part!.player ?? viewFor(s, null, now).players[part!.index]).toEqual(seat);
    }
  }
  const full = viewFor(s, viewers[viewers.length - 1] ?? null, now);
  gameStateSchema.parse(full);
  // The compact frame on the wire parses back to exactly the view.
  expect(gameStateSchema.parse(JSON.parse(JSON.stringify(compactGameState(full))))).toEqual(full);
}

function hexSeed(rng: ReturnType<typeof prng>): string {
  let s = '';
  for (let i = 0; i < 64; i++) s += '0123456789abcdef'[rng.int(16)];
  return s;
}

type Scenario = { stake: number; balances: number[]; seed: number; steps: number };

function run({ stake, balances, seed, steps }: Scenario): { hands: number } {
  const rng = prng(seed);
  let state = createTable({ roomId: 'prop', stake });
  let now = 1_000;
  let newcomer = 0;
  const shadow: Shadow = { balances: new Map(), pot: 0, house: 0, lastSeq: new Map() };
  let handActions = 0;
  let hands = 0;

  const apply = (action: TableAction, mustSucceed: boolean): boolean => {
    const before = deepFreeze(state);
    const r = applyAction(before, action, now);
    if (!r.ok) {
      if (mustSucceed) throw new Error(`refused ${JSON.stringify(action)}: ${JSON.stringify(r.error)}`);
      return false;
    }
    state = r.state;
    // External money: a new seat brings its wallet, set_balance replaces it.
    if (action.type === 'sit' && !before.seats.some((s) => s.playerId === action.playerId)) {
      shadow.balances.set(action.playerId, action.balance);
    }
    if (action.type === 'set_balance') shadow.balances.set(action.playerId, action.balance);
    replay(shadow, r.events);
    for (const e of r.events) {
      if (e.type === 'hand_started') {
        hands += 1;
        handActions = 0;
      }
    }
    if (state.hand && state.hand.phase !== 'over') handActions += 1;
    expect(handActions).toBeLessThanOrEqual(MAX_HAND_ACTIONS);

    expect(shadow.pot).toBe(state.pot);
    expect(shadow.house).toBe(state.houseTotal);
    for (const seat of state.seats) {
      expect(seat.balance).toBe(shadow.balances.get(seat.playerId));
      expect(isCents(seat.balance) && seat.balance >= 0).toBe(true);
    }
    expect(state.pot).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    checkViews(state, now, 'stranger');
    return true;
  };

  balances.forEach((balance, i) =>
    apply({ type: 'sit', playerId: `p${i}`, balance, username: `p${i}`, avatar: null }, true),
  );

  for (let step = 0; step < steps; step++) {
    now += rng.int(3000);
    if (needsDeal(state)) {
      apply({ type: 'start_hand', serverSeed: hexSeed(rng), clientSeed: `c${rng.int(1000)}` }, true);
      continue;
    }
    const roll = rng.next();
    const seats = state.seats;
    if (roll < 0.7) {
      // Someone with a move makes a random legal move offered by their view.
      const movers = seats.filter((seat) => {
        const a = viewFor(state, seat.playerId, now).allowedActions!;
        return a.look || a.blindBet || a.call || a.fold || a.joinSvara || a.skipSvara;
      });
      if (movers.length === 0) continue;
      const id = rng.pick(movers).playerId;
      const a = viewFor(state, id, now).allowedActions!;
      const options: TableAction[] = [];
      if (a.blindBet) options.push({ type: 'blind_bet', playerId: id });
      if (a.look) options.push({ type: 'look', playerId: id });
      if (a.call) options.push({ type: 'call', playerId: id }, { type: 'call', playerId: id });
      if (a.fold) options.push({ type: 'fold', playerId: id });
      if (a.raise) {
        const min = dollarsToCents(a.raise.min);
        const max = dollarsToCents(a.raise.max);
        const amount = rng.next() < 0.3 ? max : min + rng.int(Math.min(max - min + 1, 5 * min));
        options.push({ type: 'raise', playerId: id, amount });
      }
      if (a.joinSvara) options.push({ type: 'join_svara', playerId: id });
      if (a.skipSvara) options.push({ type: 'skip_svara', playerId: id });
      apply(rng.pick(options), true);
    } else if (roll < 0.8) {
      const deadline = nextDeadline(state);
      if (deadline) {
        now = Math.max(now, deadline.at);
        apply({ type: 'tick' }, true);
      }
    } else if (roll < 0.84) {
      if (seats.length > 0) apply({ type: 'leave', playerId: rng.pick(seats).playerId }, true);
    } else if (roll < 0.88) {
      const id = `n${newcomer++}`;
      const balance = 10 * stake + rng.int(100 * stake);
      apply({ type: 'sit', playerId: id, balance, username: null, avatar: null }, seats.length < 6);
    } else if (roll < 0.92) {
      if (seats.length > 0) {
        const balance = rng.next() < 0.3 ? rng.int(2 * stake) : rng.int(60 * stake);
        apply({ type: 'set_balance', playerId: rng.pick(seats).playerId, balance }, true);
      }
    } else {
      // An attempt the player's view does not offer must be refused and change nothing.
      if (seats.length === 0) continue;
      const id = rng.pick([...seats.map((s) => s.playerId), 'ghost']);
      const moves = legalMoves(state, id);
      const type = rng.pick([
        'blind_bet',
        'look',
        'call',
        'fold',
        'raise',
        'join_svara',
        'skip_svara',
      ] as const);
      const offered =
        (type === 'blind_bet' && moves.blindBet !== null) ||
        (type === 'look' && moves.look) ||
        (type === 'call' && moves.call !== null) ||
        (type === 'fold' && moves.fold) ||
        (type === 'join_svara' && moves.joinSvara !== null) ||
        (type === 'skip_svara' && moves.skipSvara);
      const action: TableAction =
        type === 'raise'
          ? { type, playerId: id, amount: moves.raise ? moves.raise.min - 1 : stake * 2 }
          : { type, playerId: id };
      if (type === 'raise' || !offered) {
        const before = state;
        expect(apply(action, false)).toBe(false);
        expect(state).toBe(before);
      }
    }
  }
  return { hands };
}

describe('random tables', () => {
  it('conserve money, keep secrets, accept exactly the offered moves and end every hand', () => {
    let hands = 0;
    fc.assert(
      fc.property(
        fc.record({
          stake: fc.constantFrom(100, 101, 250, 1000),
          multiples: fc.array(fc.integer({ min: 10, max: 60 }), { minLength: 2, maxLength: 6 }),
          seed: fc.integer(),
          steps: fc.integer({ min: 50, max: 250 }),
        }),
        ({ stake, multiples, seed, steps }) => {
          const r = run({ stake, balances: multiples.map((m) => m * stake + (seed & 63)), seed, steps });
          hands += r.hands;
        },
      ),
      { numRuns: 50 },
    );
    expect(hands).toBeGreaterThan(100);
    // A few seconds on an idle core; the limit leaves room for a busy machine.
  }, 60_000);
});
