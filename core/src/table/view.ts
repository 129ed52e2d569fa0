/**
 * What one viewer may see of the table, in the wire shape (dollars). Secrets stay out: the deck and
 * the server seeds never appear (a hand's seed only in fairness.revealedSeed once it is over, the
 * next hand's only as its hash in fairness.nextCommitment), and a player's cards appear only to that
 * player after a look, or to everyone for players who reached the showdown.
 */
import { centsToDollars } from '../money.js';
import { FRAME_LOG_ENTRIES, HOUSE_SHARE_BPS } from '../protocol/constants.js';
import type { AllowedActions, GameState, LogEntry, PlayerView } from '../protocol/game-state.js';
import type { TournamentFrame } from '../protocol/tournaments.js';
import { anteLevel } from '../tournament/schedule.js';
import { isAway } from './away-rules.js';
import { gameDeadline } from './clock.js';
import { findSeat, playerIndex } from './draft.js';
import { legalMoves, NO_MOVES } from './moves.js';
import type { Hand, LegalMoves, Seat, TableState } from './types.js';

const $ = centsToDollars;

function cardsVisible(h: Hand, index: number, viewerId: string | null): boolean {
  const p = h.players[index]!;
  return p.revealed || (h.looked && p.playerId === viewerId);
}

function playerView(s: TableState, seat: Seat, viewerId: string | null): PlayerView {
  const h = s.hand;
  const i = h ? playerIndex(h, seat.playerId) : -1;
  const p = h && i >= 0 ? h.players[i]! : null;
  const visible = p !== null && cardsVisible(h!, i, viewerId);
  return {
    id: seat.playerId,
    username: seat.username,
    avatar: seat.avatar,
    balance: $(seat.balance),
    cards: visible ? p.cards.map((c) => ({ rank: c.rank, suit: c.suit })) : null,
    hasFolded: p?.folded ?? false,
    hasLooked: p !== null && h!.looked,
    hasLookedAndMustAct: p !== null && h!.looker === i,
    isActive: p !== null,
    isSittingOut: seat.sittingOut,
    isAway: isAway(seat),
    isDealer: (h ? h.dealerPosition : s.dealerPosition) === seat.position,
    isAllIn: p?.allIn ?? false,
    score: visible ? p.score : null,
    position: seat.position,
    currentBet: $(p?.lastBet ?? 0),
    totalBet: $(p?.paid ?? 0),
    lastAction: p?.lastAction ?? null,
    lastWinAmount: $(seat.lastWin),
    isHouse: seat.house === true,
  };
}

function inDollars(m: LegalMoves): AllowedActions {
  return {
    blindBet: m.blindBet === null ? null : { amount: $(m.blindBet) },
    look: m.look,
    call: m.call === null ? null : { amount: $(m.call.amount), allIn: m.call.allIn },
    raise: m.raise === null ? null : { min: $(m.raise.min), max: $(m.raise.max) },
    fold: m.fold,
    joinSvara: m.joinSvara === null ? null : { amount: $(m.joinSvara.amount), free: m.joinSvara.free },
    skipSvara: m.skipSvara,
  };
}

/** What a viewer who may do nothing now is offered (most viewers, most of the time): one shared object. */
export const NO_ALLOWED_ACTIONS: AllowedActions = Object.freeze(inDollars(NO_MOVES));

export function allowedActionsInDollars(m: LegalMoves): AllowedActions {
  return m === NO_MOVES ? NO_ALLOWED_ACTIONS : inDollars(m);
}

/**
 * What a seated viewer's view has that the spectator view lacks: their allowed actions, and their
 * own seat when it shows more (their cards and score after a look; otherwise `player` is null: the
 * seat looks the same to everyone). Null for someone not seated. A server sending every viewer a
 * frame builds the spectator view once and this per viewer (viewFor is both together).
 */
export function viewerPart(
  state: TableState,
  viewerId: string,
): { index: number; player: PlayerView | null; allowedActions: AllowedActions } | null {
  const index = state.seats.findIndex((seat) => seat.playerId === viewerId);
  if (index < 0) return null;
  const h = state.hand;
  const i = h ? playerIndex(h, viewerId) : -1;
  const seesMore = i >= 0 && cardsVisible(h!, i, viewerId) && !cardsVisible(h!, i, null);
  return {
    index,
    player: seesMore ? playerView(state, state.seats[index]!, viewerId) : null,
    allowedActions: allowedActionsInDollars(legalMoves(state, viewerId)),
  };
}

export function viewFor(state: TableState, viewerId: string | null, now: number): GameState {
  const s = state;
  const h = s.hand;
  const seated = viewerId !== null && findSeat(s, viewerId) !== undefined;
  const viewer = seated ? viewerId : null;
  const players = s.seats.map((seat) => playerView(s, seat, viewer));
  const inPlay = h !== null && (s.status === 'blind_betting' || s.status === 'betting') && h.turn >= 0;
  const onTurn = inPlay ? h.players[h.turn]!.playerId : null;
  const sv = s.svara;
  const entries = h?.log ?? [];
  const log: LogEntry[] = entries
    .slice(Math.max(0, entries.length - FRAME_LOG_ENTRIES))
    .map((e) =>
      e.amount === null
        ? { telegramId: e.playerId, type: e.type, timestamp: e.at }
        : { telegramId: e.playerId, type: e.type, timestamp: e.at, amount: $(e.amount) },
    );
  const f = s.fairness;
  return {
    roomId: s.roomId,
    status: s.status,
    pot: $(s.pot),
    tax: $(s.tax),
    taxPercent: s.tournament ? 0 : HOUSE_SHARE_BPS / 100,
    players,
    currentPlayerIndex: onTurn === null ? -1 : s.seats.findIndex((seat) => seat.playerId === onTurn),
    turnStartTime: inPlay ? h.turnStartedAt : null,
    deadline: gameDeadline(s)?.at ?? null,
    serverTime: now,
    minBet: $(s.stake),
    lastBlindBet: $(h?.lastBlind ?? 0),
    lastActionAmount: $(h ? (h.phase === 'blind' ? h.lastBlind : h.level) : 0),
    hasRaiseMax: h?.hasRaiseMax ?? false,
    isAnimating: false,
    winners: s.status === 'finished' && s.result ? [...s.result.winners] : sv ? [...sv.tied] : [],
    svaraParticipants: sv ? [...sv.participants] : [],
    svaraConfirmed: sv ? [...sv.decided] : [],
    svaraTied: sv ? [...sv.tied] : [],
    log,
    fairness: f
      ? {
          handNumber: f.handNumber,
          commitment: f.commitment,
          clientSeed: f.clientSeed,
          playerSeeds: (f.playerSeeds ?? []).map((p) => ({ ...p })),
          revealedSeed: f.revealedSeed,
          nextCommitment: s.nextCommitment ?? null,
        }
      : {
          handNumber: s.handNumber,
          commitment: null,
          clientSeed: null,
          playerSeeds: [],
          revealedSeed: null,
          nextCommitment: s.nextCommitment ?? null,
        },
    viewerId: viewer,
    allowedActions: viewer === null ? null : allowedActionsInDollars(legalMoves(s, viewer)),
    currency: s.currency ?? 'usd',
    ...(s.tournament ? { tournament: tournamentView(s) } : {}),
  };
}

/**
 * A Sit & Go's line in the frame (RULES §9): the level of the hand in play, or of the next hand while
 * the table waits or shows a result, and the places decided so far.
 */
export function tournamentView(s: TableState): TournamentFrame {
  const t = s.tournament!;
  const playing = s.status !== 'waiting' && s.status !== 'finished' && t.handsDealt > 0;
  const lvl = anteLevel(playing ? t.handsDealt : t.handsDealt + 1, t.startingAnte, t.handsPerLevel);
  const out = new Set(t.places.map((p) => p.playerId));
  return {
    id: t.id,
    level: lvl.level,
    ante: $(lvl.ante),
    nextAnte: $(lvl.nextAnte),
    handsToNextLevel: lvl.handsToNextLevel,
    playersLeft: t.finished ? 1 : s.seats.filter((seat) => !out.has(seat.playerId)).length,
    currency: t.prizeCurrency,
    prizes: t.prizes.map($),
    places: t.places.map((p) => ({ playerId: p.playerId, place: p.place })),
  };
}
