/**
 * Dealing a hand (RULES §2.1–§2.4): who plays, the dealer, the ante and the deal; or, for a ready
 * svara, the svara hand for its participants with no ante.
 *
 * The 'ante' status is passed through within the action: the server never waits for animations,
 * so the deal goes straight from ante to blind betting (clients animate from the events).
 */
import type { Card } from '../cards.js';
import { scoreHand } from '../scoring.js';
import { fairRandomInt, seedCommitment } from '../shuffle.js';
import { anteLevel } from '../tournament/schedule.js';
import { isAway } from './away-rules.js';
import { findSeat, log, ownSeat, patchSeat, payIn, sound, type Draft } from './draft.js';
import { beginBetting } from './turns.js';
import type { Hand, HandPlayer, PlayerSeed, Seat, TableState } from './types.js';

/**
 * Seated players who play the next ordinary hand: not leaving, not away, balance at least S (RULES
 * §2.1, §6). At a Sit & Go's table everyone with chips, away or not (RULES §9), until it is won.
 */
export function playersAbleToPlay(s: TableState): Seat[] {
  if (s.tournament) {
    if (s.tournament.finished) return [];
    return s.seats.filter((seat) => !seat.leaving && seat.balance > 0);
  }
  return s.seats.filter((seat) => !seat.leaving && !isAway(seat) && seat.balance >= s.stake);
}

/**
 * A Sit & Go's ordinary deal (RULES §9): the ante of this hand's level becomes the stake, and each
 * player's chips are noted (the places of players out on this hand go by them).
 */
function startTournamentHand(s: TableState, players: readonly HandPlayer[]): void {
  const t = s.tournament!;
  const handsDealt = t.handsDealt + 1;
  s.stake = anteLevel(handsDealt, t.startingAnte, t.handsPerLevel).ante;
  s.tournament = {
    ...t,
    handsDealt,
    chipsAtStart: players.map((p) => ({
      playerId: p.playerId,
      chipsAtStart: s.seats.find((seat) => seat.playerId === p.playerId)!.balance,
    })),
  };
}

/** The first of `positions` (sorted ascending) clockwise after `after`. */
export function nextClockwise(positions: readonly number[], after: number): number {
  for (const p of positions) if (p > after) return p;
  return positions[0]!;
}

/**
 * RULES §2.2: random for the table's first hand; then the previous winner if they play this hand;
 * otherwise the next player of this hand clockwise from the previous dealer.
 */
export function chooseDealer(
  s: TableState,
  positions: readonly number[],
  serverSeed: string,
  clientSeed: string,
  handNumber: number,
): number {
  if (s.dealerPosition === null) {
    return positions[fairRandomInt(serverSeed, clientSeed, handNumber, 'dealer', positions.length)]!;
  }
  const winner = s.lastWinnerId === null ? undefined : findSeat(s, s.lastWinnerId);
  if (winner && positions.includes(winner.position)) return winner.position;
  return nextClockwise(positions, s.dealerPosition);
}

export type DealInput = {
  serverSeed: string;
  clientSeed: string;
  deck: readonly Card[];
  /** The players' seeds mixed into `clientSeed` (none: the default seed). */
  playerSeeds?: PlayerSeed[];
};

/**
 * Deals from `deck`. applyAction passes shuffleCanonicalDeck(serverSeed, clientSeed, handNumber), the
 * deck of shuffleDeck made of the canonical cards; tests may
 * pass a stacked deck through test-support, which is the only other caller.
 */
export function dealHand(d: Draft, input: DealInput): void {
  const s = d.s;
  const isSvara = s.status === 'svara_pending';
  const handNumber = s.handNumber + 1;
  s.handNumber = handNumber;
  s.seq = 0;
  s.tax = 0;
  s.result = null;
  for (const seat of s.seats) if (seat.lastWin !== 0) ownSeat(d, seat.playerId).lastWin = 0;

  let dealt: Seat[];
  let dealerPosition: number;
  let basePot = 0;
  if (isSvara) {
    // A svara hand keeps the dealer of the hand that tied and plays for the svara pot.
    const ids = s.svara!.participants;
    dealt = s.seats.filter((seat) => ids.includes(seat.playerId));
    dealerPosition = s.dealerPosition!;
    basePot = s.pot;
    s.svara = null;
  } else {
    dealt = playersAbleToPlay(s);
    for (const seat of s.tournament ? [] : s.seats) {
      if (seat.leaving) continue;
      if (seat.balance < s.stake) patchSeat(d, seat.playerId, { sittingOut: true });
      // RULES §6: an away player counts the hands dealt without them (svara hands do not count).
      else if (isAway(seat)) patchSeat(d, seat.playerId, { handsAway: seat.handsAway + 1 });
    }
    const positions = dealt.map((seat) => seat.position);
    dealerPosition = chooseDealer(s, positions, input.serverSeed, input.clientSeed, handNumber);
  }
  s.dealerPosition = dealerPosition;

  // Turn order: clockwise starting with the player left of the dealer; the dealer (if dealt) is last.
  const n = dealt.length;
  let first = 0;
  while (first < n && dealt[first]!.position <= dealerPosition) first++;
  if (first === n) first = 0;
  const deck = input.deck;
  const players: HandPlayer[] = [];
  const playerIds: string[] = [];
  for (let k = 0; k < n; k++) {
    const seat = dealt[(first + k) % n]!;
    // RULES §2.4: one card at a time, clockwise from the player left of the dealer.
    const cards = [deck[k]!, deck[k + n]!, deck[k + 2 * n]!];
    playerIds.push(seat.playerId);
    players.push({
      playerId: seat.playerId,
      position: seat.position,
      cards,
      score: scoreHand(cards),
      folded: false,
      foldReason: null,
      allIn: false,
      paid: 0,
      lastBet: 0,
      lastAction: null,
      acted: false,
      revealed: false,
    });
  }

  const commitment = seedCommitment(input.serverSeed);
  const playerSeeds = input.playerSeeds ?? [];
  const h: Hand = {
    number: handNumber,
    svara: isSvara,
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    playerSeeds,
    commitment,
    dealerPosition,
    players,
    phase: 'blind',
    looked: false,
    lastBlind: 0,
    level: 0,
    aggressor: -1,
    hasRaiseMax: false,
    looker: -1,
    turn: -1,
    turnStartedAt: null,
    basePot,
    log: [],
  };
  s.hand = h;
  // Built by this action: written in place from here on (the players too, below).
  d.fresh.push(h, players, h.log);
  for (let k = 0; k < n; k++) d.fresh.push(players[k]!);
  s.fairness = {
    handNumber,
    commitment,
    clientSeed: input.clientSeed,
    playerSeeds,
    revealedSeed: null,
  };
  d.events.push({
    type: 'hand_started',
    handNumber,
    commitment,
    clientSeed: input.clientSeed,
    svara: isSvara,
    dealerPosition,
    playerIds,
  });
  log(d, isSvara ? 'svara_hand' : 'hand', null, basePot > 0 ? basePot : null);

  if (!isSvara) {
    s.status = 'ante';
    if (s.tournament) startTournamentHand(s, players);
    // RULES §2.3: everyone dealt in pays S. A player left with nothing is all-in for the ante; at a
    // Sit & Go one who cannot pay the whole ante pays what they have and is all-in for it (RULES §9).
    let antes = 0;
    for (const p of players) {
      const ante = Math.min(s.stake, findSeat(s, p.playerId)!.balance);
      payIn(d, p.playerId, ante, 'ante');
      antes += ante;
      p.paid = ante;
      p.lastBet = ante;
      p.lastAction = 'ante';
      p.allIn = findSeat(s, p.playerId)!.balance === 0;
    }
    log(d, 'ante', null, antes);
  } else {
    // Svara participants put no ante in; one whose balance is empty plays all-in for the pot.
    for (const p of players) if (findSeat(s, p.playerId)!.balance === 0) p.allIn = true;
  }
  sound(d, 'deal');
  beginBetting(d);
}
