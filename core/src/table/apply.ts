/**
 * applyAction: checks an action against the rules and applies it to a copy of the state. A refused
 * action returns an error and changes nothing. It throws only if the table's own invariants are
 * broken (a bug), never for a bad input.
 */
import { isCents, type Cents } from '../money.js';
import { combineClientSeeds, isServerSeedHex, seedCommitment, shuffleCanonicalDeck } from '../shuffle.js';
import { comeBack, standUpBlockers } from './absence.js';
import { isAway } from './away-rules.js';
import * as betting from './betting.js';
import { tick } from './clock.js';
import { beginDraft, findSeat, playerIndex, type Draft } from './draft.js';
import { blindBetAmount, raiseRange } from './moves.js';
import { leave, setBalance, sit } from './seating.js';
import { dealHand, playersAbleToPlay } from './start-hand.js';
import { joinSvara, skipSvara } from './svara.js';
import { canJoinSvara } from './svara-rules.js';
import type { PlayerSeed, TableAction, TableError, TableResult, TableState } from './types.js';

function fail(code: TableError['code'], detail?: string): TableResult {
  return { ok: false, error: detail === undefined ? { code } : { code, detail } };
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isAmount(value: unknown): value is Cents {
  return isCents(value) && value >= 0;
}

export function applyAction(state: TableState, action: TableAction, now: number): TableResult {
  if (!Number.isFinite(now)) return fail('validation_failed', 'now must be a time in ms');
  const d = beginDraft(state, now);
  const error = dispatch(d, action);
  if (error) return { ok: false, error };
  // Whatever brought the table here (a result display ending, a leave, a wallet change), a waiting
  // table is never held by players who cannot pay the ante (RULES §6).
  standUpBlockers(d);
  return { ok: true, state: d.s, events: d.events };
}

function dispatch(d: Draft, action: TableAction): TableError | null {
  switch (action?.type) {
    case 'sit': {
      const position = action.position ?? null;
      if (!isId(action.playerId) || !isAmount(action.balance)) return { code: 'validation_failed' };
      if (position !== null && !(Number.isInteger(position) && position >= 1 && position <= d.s.maxSeats)) {
        return { code: 'validation_failed', detail: 'no such seat' };
      }
      return sit(d, {
        playerId: action.playerId,
        position,
        balance: action.balance,
        username: action.username ?? null,
        avatar: action.avatar ?? null,
        house: action.house === true,
      });
    }
    case 'leave':
      return leave(d, action.playerId);
    case 'back':
      return comeBack(d, action.playerId);
    case 'set_balance':
      if (!isAmount(action.balance)) return { code: 'invalid_amount' };
      return setBalance(d, action.playerId, action.balance);
    case 'start_hand':
      return startHand(d, action.serverSeed, action.clientSeed, action.playerSeeds ?? []);
    case 'blind_bet':
    case 'look':
    case 'call':
    case 'fold':
    case 'raise':
      return bettingMove(d, action);
    case 'join_svara':
    case 'skip_svara':
      return svaraMove(d, action.type, action.playerId);
    case 'tick':
      return tick(d);
    default:
      return { code: 'validation_failed', detail: 'unknown action' };
  }
}

function startHand(
  d: Draft,
  serverSeed: string,
  clientSeed: string,
  playerSeeds: readonly PlayerSeed[],
): TableError | null {
  const s = d.s;
  if (s.status === 'svara_pending') {
    if (!s.svara?.ready) return { code: 'hand_in_progress', detail: 'the svara window is open' };
  } else if (s.status !== 'waiting') {
    return { code: 'hand_in_progress' };
  } else if (playersAbleToPlay(s).length < 2) {
    return { code: 'not_enough_players' };
  }
  if (!isServerSeedHex(serverSeed)) return { code: 'validation_failed', detail: 'server seed' };
  // RULES §7: the hand is dealt with the seed whose hash the table showed before (next-seed.ts).
  const committed = s.nextCommitment ?? null;
  if (committed !== null && seedCommitment(serverSeed) !== committed) {
    return { code: 'validation_failed', detail: 'server seed is not the one committed' };
  }
  if (typeof clientSeed !== 'string' || clientSeed.length === 0 || clientSeed.includes(':')) {
    return { code: 'validation_failed', detail: 'client seed' };
  }
  // RULES §7: the hand's client seed is the mix of the players' seeds it names, nothing else.
  if (playerSeeds.length > 0 && combineClientSeeds(playerSeeds.map((p) => p.seed)) !== clientSeed) {
    return { code: 'validation_failed', detail: 'client seed is not the mix of the player seeds' };
  }
  const deck = shuffleCanonicalDeck(serverSeed, clientSeed, s.handNumber + 1);
  dealHand(d, { serverSeed, clientSeed, deck, playerSeeds: playerSeeds.map((p) => ({ ...p })) });
  // Its commitment is the hand's own now (fairness.commitment); the next is made when it is over.
  s.nextCommitment = null;
  return null;
}

type BettingAction = Extract<TableAction, { type: 'blind_bet' | 'look' | 'call' | 'fold' | 'raise' }>;

function bettingMove(d: Draft, action: BettingAction): TableError | null {
  const s = d.s;
  const seat = findSeat(s, action.playerId);
  if (!seat) return { code: 'not_seated' };
  const h = s.hand;
  if (!h || (s.status !== 'blind_betting' && s.status !== 'betting')) {
    return { code: 'action_not_allowed', detail: 'no betting now' };
  }
  const i = playerIndex(h, action.playerId);
  const p = h.players[i];
  if (!p || p.folded || p.allIn) return { code: 'action_not_allowed', detail: 'not in play in this hand' };
  if (h.turn !== i) return { code: 'not_your_turn' };
  switch (action.type) {
    case 'blind_bet':
      if (h.phase !== 'blind') return { code: 'action_not_allowed', detail: 'blind betting is over' };
      if (seat.balance < blindBetAmount(h, s.stake)) {
        return { code: 'insufficientBalance', detail: 'cannot pay the blind bet' };
      }
      betting.blindBet(d, i);
      return null;
    case 'look':
      if (h.phase !== 'blind') return { code: 'action_not_allowed', detail: 'blind betting is over' };
      betting.look(d, i);
      return null;
    case 'call':
      if (h.phase !== 'open') return { code: 'action_not_allowed', detail: 'look first' };
      betting.call(d, i);
      return null;
    case 'fold':
      if (h.phase !== 'open') return { code: 'action_not_allowed', detail: 'no fold without looking' };
      betting.fold(d, i);
      return null;
    case 'raise': {
      const range = raiseRange(s, h, i);
      if (!range) return { code: 'action_not_allowed', detail: 'no raise now' };
      const amount = action.amount;
      if (!isAmount(amount) || amount < range.min || amount > range.max) {
        return { code: 'invalid_amount', detail: `raise must be from ${range.min} to ${range.max} cents` };
      }
      betting.raise(d, i, amount, range.max);
      return null;
    }
  }
}

function svaraMove(d: Draft, type: 'join_svara' | 'skip_svara', playerId: string): TableError | null {
  const s = d.s;
  const seat = findSeat(s, playerId);
  if (!seat) return { code: 'not_seated' };
  const sv = s.svara;
  if (s.status !== 'svara_pending' || !sv || sv.ready) return { code: 'svara_not_open' };
  if (sv.decided.includes(playerId)) return { code: 'svara_already_decided' };
  const tied = sv.tied.includes(playerId);
  if (!tied && !canJoinSvara(s, seat)) {
    if (seat.balance < sv.share && !seat.leaving && !seat.sittingOut && !isAway(seat)) {
      return type === 'join_svara' ? { code: 'insufficientBalance' } : { code: 'action_not_allowed' };
    }
    return { code: 'action_not_allowed' };
  }
  if (type === 'join_svara') joinSvara(d, playerId);
  else skipSvara(d, playerId);
  return null;
}
