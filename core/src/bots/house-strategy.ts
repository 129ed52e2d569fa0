/**
 * How a house player decides (RULES §8): from its seat's view only, the same frame a person in that
 * seat would get, so it can never use the deck, the server seed or another seat's hidden cards.
 *
 * Pure and deterministic given `random` (numbers in [0, 1)): the runtime passes a seeded or secure
 * source, tests pass a fixed one. The move comes back in the shape the table applies (amounts in
 * cents), with a human-like pause before it is sent.
 */
import { dollarsToCents, type Cents } from '../money.js';
import type { GameState, PlayerView } from '../protocol/game-state.js';
import type { PlayerMoveType } from '../table/types.js';

export type Random = () => number;

/** A move of the seat the view belongs to (the runtime adds the player's id). */
export type HouseMove = { type: PlayerMoveType } | { type: 'raise'; amount: Cents };

export type HouseDecision = { move: HouseMove; thinkMs: number };

/** The pause before a move: between 0.8 s and 3 s, longer for a bigger decision. */
export const THINK_MS = { min: 800, max: 3_000 } as const;

/** Scores that decide open play (RULES §1: 8 to 34). */
const STRONG = 29;
const GOOD = 23;
const FAIR = 20;

function think(random: Random, weight: number): number {
  const span = THINK_MS.max - THINK_MS.min;
  const base = THINK_MS.min + span * (0.6 * random() + 0.4 * Math.min(1, Math.max(0, weight)));
  return Math.round(Math.min(THINK_MS.max, base));
}

/** The decision of the view's own seat, or null when it has no move to make now. */
export function decideHouseMove(view: GameState, random: Random): HouseDecision | null {
  const allowed = view.allowedActions;
  const me = view.players.find((p) => p.id === view.viewerId);
  if (!allowed || !me) return null;

  if (allowed.joinSvara || allowed.skipSvara) return svaraDecision(view, me, random);
  if (allowed.blindBet || allowed.look) return blindDecision(view, me, random);
  if (allowed.call || allowed.raise || allowed.fold) return openDecision(view, me, random);
  return null;
}

/**
 * Svara (RULES §5): a tied player takes part for free, so it always does. Anyone else pays a share
 * for fresh cards and an equal chance at a pot larger than the share: it joins when the share is a
 * small part of its stack, sometimes.
 */
function svaraDecision(view: GameState, me: PlayerView, random: Random): HouseDecision {
  const join = view.allowedActions!.joinSvara;
  if (join?.free) return { move: { type: 'join_svara' }, thinkMs: think(random, 0) };
  const affordable = join !== null && join.amount <= me.balance * 0.15;
  const worth = join !== null && view.pot >= join.amount * 2;
  const yes = affordable && worth && random() < 0.4;
  return { move: { type: yes ? 'join_svara' : 'skip_svara' }, thinkMs: think(random, 0.5) };
}

/**
 * Blind betting (RULES §2.5): a blind bet costs half an open bet, so it plays blind now and then
 * while the bet is a small part of its stack, and looks otherwise.
 */
function blindDecision(view: GameState, me: PlayerView, random: Random): HouseDecision {
  const bet = view.allowedActions!.blindBet;
  if (bet && me.balance > 0) {
    const share = bet.amount / me.balance;
    const chance = share <= 0.02 ? 0.35 : share <= 0.05 ? 0.2 : share <= 0.1 ? 0.08 : 0;
    if (random() < chance) return { move: { type: 'blind_bet' }, thinkMs: think(random, share * 5) };
  }
  return { move: { type: 'look' }, thinkMs: think(random, 0.2) };
}

/** Open betting (RULES §2.6): its own score against what the call costs. */
function openDecision(view: GameState, me: PlayerView, random: Random): HouseDecision {
  const allowed = view.allowedActions!;
  const score = me.score ?? 0;
  const call = allowed.call;
  const cost = call?.amount ?? 0;
  const stake = view.minBet;
  // What the call risks next to what it can win: cheap calls are made with weaker hands.
  const odds = cost / Math.max(view.pot + cost, stake);
  const weight = Math.min(1, cost / Math.max(me.balance, stake));

  if (score >= STRONG) {
    const raise = raiseTo(view, random, 0.75);
    if (raise) return { move: raise, thinkMs: think(random, weight + 0.3) };
    if (call) return { move: { type: 'call' }, thinkMs: think(random, weight) };
  } else if (score >= GOOD) {
    const raise = odds < 0.35 ? raiseTo(view, random, 0.25) : null;
    if (raise) return { move: raise, thinkMs: think(random, weight + 0.3) };
    if (call && (odds < 0.45 || random() < 0.5))
      return { move: { type: 'call' }, thinkMs: think(random, weight) };
  } else if (score >= FAIR) {
    if (call && (odds < 0.25 || (odds < 0.4 && random() < 0.5)))
      return { move: { type: 'call' }, thinkMs: think(random, weight) };
  } else if (call && (cost <= stake || random() < 0.08)) {
    // A weak hand calls only what costs no more than the ante, and bluffs a call rarely.
    return { move: { type: 'call' }, thinkMs: think(random, weight) };
  }
  if (allowed.fold) return { move: { type: 'fold' }, thinkMs: think(random, weight) };
  // Nothing else is offered (cannot happen in open betting): call what is allowed.
  return { move: { type: 'call' }, thinkMs: think(random, weight) };
}

/**
 * A raise with the given chance: the minimum most often, sometimes up to three times it, never past
 * the cap the view offers (RULES §3).
 */
function raiseTo(view: GameState, random: Random, chance: number): HouseMove | null {
  const range = view.allowedActions!.raise;
  if (!range || random() >= chance) return null;
  const min = dollarsToCents(range.min);
  const max = dollarsToCents(range.max);
  const factor = random() < 0.6 ? 1 : 1 + 2 * random();
  const amount = Math.min(max, Math.max(min, Math.round(min * factor)));
  return { type: 'raise', amount };
}
