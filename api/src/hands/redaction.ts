/**
 * What a viewer may see of a stored hand (pure), by the rules of live frames (core's viewFor): their
 * own cards once anyone looked (RULES §2.5), everyone's cards only if shown at the showdown. The
 * replay is the hand's deal with its stored steps applied through core's reducer, each drawn with
 * viewFor for the viewer; a viewer who was not dealt in (a shared link) gets the spectator's view.
 */
import {
  applyAction,
  centsToDollars,
  isHousePlayerId,
  viewFor,
  type Cents,
  type HandPlayer,
  type TableAction,
  type TableState,
} from '@svara/core';
import type { HandSummary, ReplayFrame, ReplayMove } from './types.js';

const $ = centsToDollars;

export type StoredStep = { step: number; action: TableAction; at: number };

/** A finished hand as stored: its final state, its deal (null for hands older than the history) and steps. */
export type StoredHand = {
  id: string;
  roomId: string;
  handNumber: number;
  finishedAt: string;
  state: TableState;
  startState: TableState | null;
  steps: StoredStep[];
};

/** The viewer's own cards are theirs to see once the hand was looked at or they were shown. */
function ownCardsVisible(state: TableState, p: HandPlayer): boolean {
  return p.revealed || state.hand!.looked;
}

/** Whether `viewerId` was dealt into the stored hand (only then is it "theirs"). */
export function dealtIn(state: TableState, viewerId: string | null): boolean {
  return viewerId !== null && (state.hand?.players.some((p) => p.playerId === viewerId) ?? false);
}

function wonBy(state: TableState, playerId: string): Cents {
  const seat = state.seats.find((s) => s.playerId === playerId);
  // A seat that is still there counts refunds too; a player stood up at the end has only the log.
  if (seat) return seat.lastWin;
  const entries = state.hand?.log ?? [];
  return entries.reduce(
    (sum, e) => (e.type === 'win' && e.playerId === playerId ? sum + (e.amount ?? 0) : sum),
    0,
  );
}

export function summarize(hand: StoredHand, viewerId: string | null): HandSummary {
  const s = hand.state;
  const h = s.hand;
  const players = h?.players ?? [];
  const seatOf = (id: string) => s.seats.find((seat) => seat.playerId === id);
  const username = (id: string) => seatOf(id)?.username ?? null;
  // RULES §8: a house player's seat says so; one already gone is still told by its negative id.
  const isHouse = (id: string) => seatOf(id)?.house === true || isHousePlayerId(id);
  const me = viewerId === null ? undefined : players.find((p) => p.playerId === viewerId);
  let mine: HandSummary['mine'] = null;
  if (me) {
    const won = wonBy(s, me.playerId);
    const tied = s.svara?.tied.includes(me.playerId) ?? false;
    mine = {
      cards: ownCardsVisible(s, me) ? me.cards.map((c) => ({ rank: c.rank, suit: c.suit })) : null,
      paid: $(me.paid),
      won: $(won),
      result: tied && won === 0 ? 'svara' : won > 0 ? 'won' : 'lost',
    };
  }
  return {
    id: hand.id,
    roomId: hand.roomId,
    handNumber: hand.handNumber,
    finishedAt: hand.finishedAt,
    currency: s.currency ?? 'usd',
    stake: $(s.stake),
    svara: h?.svara ?? false,
    pot: $((h?.basePot ?? 0) + players.reduce((sum, p) => sum + p.paid, 0)),
    tax: $(s.tax),
    players: players.length,
    shown: players
      .filter((p) => p.revealed)
      .map((p) => ({
        playerId: p.playerId,
        username: username(p.playerId),
        cards: p.cards.map((c) => ({ rank: c.rank, suit: c.suit })),
        score: p.score,
        isHouse: isHouse(p.playerId),
      })),
    mine,
    verifyPath: `/verify?hand=${hand.id}`,
  };
}

/** A step as the replay names it: its kind, who and how much; the rest of an action stays out. */
function moveOf(action: TableAction): ReplayMove {
  const playerId = 'playerId' in action ? action.playerId : null;
  const amount = action.type === 'raise' ? $(action.amount) : null;
  return { type: action.type, playerId, amount };
}

function frame(state: TableState, viewerId: string | null, at: number, move: ReplayMove | null): ReplayFrame {
  // A replay offers no moves: the viewer watches.
  return { at, move, state: { ...viewFor(state, viewerId, at), allowedActions: null } };
}

/**
 * The hand step by step as `viewerId` saw it (null: as a spectator): the deal, each stored step
 * through applyAction, then the stored final state (the action that ended the hand is written as
 * that state, not as a step). A step the reducer refuses ends the stepping there; the final state
 * still closes the replay. A hand without its deal on record is its final state alone.
 */
export function replayFrames(hand: StoredHand, viewerId: string | null): ReplayFrame[] {
  const viewer = dealtIn(hand.state, viewerId) ? viewerId : null;
  const frames: ReplayFrame[] = [];
  let state = hand.startState;
  if (state && state.handNumber === hand.handNumber) {
    const dealtAt = state.hand?.log[0]?.at ?? hand.steps[0]?.at ?? 0;
    frames.push(frame(state, viewer, dealtAt, null));
    for (const s of hand.steps) {
      const r = applyAction(state, s.action, s.at);
      if (!r.ok) break;
      state = r.state;
      frames.push(frame(state, viewer, s.at, moveOf(s.action)));
    }
  }
  // The action that ended the hand is the first log entry the replayed state does not have yet.
  const finalLog = hand.state.hand?.log ?? [];
  const reached = frames.length > 0 ? (state?.hand?.log.length ?? 0) : finalLog.length - 1;
  const ended = finalLog[Math.min(Math.max(0, reached), finalLog.length - 1)];
  const endedAt = Math.max(ended?.at ?? 0, frames[frames.length - 1]?.at ?? 0);
  const amount = ended?.amount === null || ended?.amount === undefined ? null : $(ended.amount);
  const ending: ReplayMove | null = ended ? { type: ended.type, playerId: ended.playerId, amount } : null;
  frames.push(frame(hand.state, viewer, endedAt, ending));
  return frames;
}
