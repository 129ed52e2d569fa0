/**
 * Shallow copies with every field spelled out. V8 builds such literals much faster than object
 * spread, and the draft makes a few of them per action. The return types make the compiler
 * reject a copy that forgets a field. No spread of an optional field, even an empty one: it made
 * each copy several times as slow; such a field is added after the literal, or copied as it is.
 */
import type { Hand, HandPlayer, Seat, TableState } from './types.js';

export function cloneState(s: TableState): TableState {
  const copy: TableState = {
    roomId: s.roomId,
    stake: s.stake,
    maxSeats: s.maxSeats,
    timings: s.timings,
    status: s.status,
    seats: s.seats,
    handNumber: s.handNumber,
    seq: s.seq,
    pot: s.pot,
    houseTotal: s.houseTotal,
    tax: s.tax,
    dealerPosition: s.dealerPosition,
    lastWinnerId: s.lastWinnerId,
    hand: s.hand,
    svara: s.svara,
    result: s.result,
    fairness: s.fairness,
    nextCommitment: s.nextCommitment,
  };
  // Optional fields the compiler cannot make a copy spell out: a practice table's currency, a Sit &
  // Go's tournament.
  if (s.currency) copy.currency = s.currency;
  if (s.tournament) copy.tournament = s.tournament;
  return copy;
}

export function cloneHand(h: Hand): Hand {
  return {
    number: h.number,
    svara: h.svara,
    serverSeed: h.serverSeed,
    clientSeed: h.clientSeed,
    // Absent only in hands dealt before player seeds existed: undefined there, as it reads.
    playerSeeds: h.playerSeeds,
    commitment: h.commitment,
    dealerPosition: h.dealerPosition,
    players: h.players,
    phase: h.phase,
    looked: h.looked,
    lastBlind: h.lastBlind,
    level: h.level,
    aggressor: h.aggressor,
    hasRaiseMax: h.hasRaiseMax,
    looker: h.looker,
    turn: h.turn,
    turnStartedAt: h.turnStartedAt,
    basePot: h.basePot,
    log: h.log,
  };
}

export function clonePlayer(p: HandPlayer): HandPlayer {
  return {
    playerId: p.playerId,
    position: p.position,
    cards: p.cards,
    score: p.score,
    folded: p.folded,
    foldReason: p.foldReason,
    allIn: p.allIn,
    paid: p.paid,
    lastBet: p.lastBet,
    lastAction: p.lastAction,
    acted: p.acted,
    revealed: p.revealed,
  };
}

export function cloneSeat(s: Seat): Seat {
  const copy: Seat = {
    playerId: s.playerId,
    position: s.position,
    username: s.username,
    avatar: s.avatar,
    balance: s.balance,
    awaySince: s.awaySince,
    handsAway: s.handsAway,
    leaving: s.leaving,
    sittingOut: s.sittingOut,
    lastWin: s.lastWin,
  };
  if (s.house) copy.house = true;
  return copy;
}
